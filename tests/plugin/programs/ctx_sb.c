/* ctx_sb.c — store buffering through out-of-line accessors: both threads
 * store through one helper and load through another; the cheapest fence
 * is one inside the shared store helper, paid once (context.sh). */
#include <pthread.h>
int x, y, r0, r1;
__attribute__ ((noinline)) static void store1 (int *p) { *p = 1; }
__attribute__ ((noinline)) static int load (const int *p) { return *p; }
void *P0 (void *a) { (void) a; store1 (&x); r0 = load (&y); return 0; }
void *P1 (void *a) { (void) a; store1 (&y); r1 = load (&x); return 0; }
int main (void)
{
  pthread_t a, b;
  pthread_create (&a, 0, P0, 0);
  pthread_create (&b, 0, P1, 0);
  pthread_join (a, 0);
  pthread_join (b, 0);
  return r0 + r1;
}
