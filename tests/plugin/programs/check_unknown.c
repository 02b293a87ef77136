/* check_unknown.c — a thread writes through its argument, a pointer the
 * plugin cannot resolve: the check must answer "unknown" with the reason,
 * not "safe" (tests/plugin/check.sh). */
#include <assert.h>
#include <pthread.h>
int x, y;
void *p0(void *a) { *(int *)a = 1; y = 1; return 0; }
void *p1(void *a) { if (y == 1) assert(x == 1); return 0; }
int main(void)
{
  pthread_t t0, t1;
  pthread_create(&t0, 0, p0, &x);
  pthread_create(&t1, 0, p1, 0);
  pthread_join(t0, 0);
  pthread_join(t1, 0);
  return 0;
}
