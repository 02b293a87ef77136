/* abort_error.c — outside SV-COMP's conventions abort() after a failed
 * check is the error: message passing whose reader aborts on stale data.
 * expect: sc=safe tso=safe power=unsafe armv8=unsafe */
#include <pthread.h>
#include <stdlib.h>
int data, flag;
void *writer(void *arg) { data = 1; flag = 1; return 0; }
void *reader(void *arg)
{
  if (flag == 1 && data != 1)
    abort();
  return 0;
}
int main(void)
{
  pthread_t a, b;
  pthread_create(&a, 0, writer, 0);
  pthread_create(&b, 0, reader, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
