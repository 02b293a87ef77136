/* objalias.c — accesses with a variable index into a declared array
 * larger than the plugin's 16 alternatives (an unknown address) touch only
 * that array: message passing whose data and flag are unrelated to the
 * array needs no fence for the array's sake (T0: big[i] = 1; x = 1;
 * T1: r1 = x; r2 = y — `big[i]` cannot be `y`), while message passing
 * through the array itself keeps its fences (-DTHROUGH: T0: big[i] = 1;
 * x = 1; T1: r1 = x; r2 = big[j]) (tests/plugin/objalias.sh). */
#include <pthread.h>
int big[64], x, y, r1, r2;
volatile int i = 3, j = 3;
void *t0(void *a)
{
  big[i] = 1;
  x = 1;
  return 0;
}
void *t1(void *a)
{
  r1 = x;
#ifdef THROUGH
  r2 = big[j];
#else
  r2 = y;
#endif
  return 0;
}
void *t2(void *a)
{
  y = 1;
  return 0;
}
int main(void)
{
  pthread_t a, b, c;
  pthread_create(&a, 0, t0, 0);
  pthread_create(&b, 0, t1, 0);
  pthread_create(&c, 0, t2, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  pthread_join(c, 0);
  return 0;
}
