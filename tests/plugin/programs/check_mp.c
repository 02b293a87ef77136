/* check_mp.c — message passing with an assertion: the reader that sees the
 * flag must see the data (tests/plugin/check.sh). */
#include <pthread.h>
#include <assert.h>
int data, flag;
void *writer(void *a) { data = 42; flag = 1; return 0; }
void *reader(void *a) {
  if (flag == 1) { int d = data; assert(d == 42); }
  return 0;
}
int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, writer, 0);
  pthread_create(&t2, 0, reader, 0);
  pthread_join(t1, 0); pthread_join(t2, 0);
  return 0;
}
