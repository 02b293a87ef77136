/* ctx_wrc.c — write-to-read causality written with small accessors that
 * take a pointer (put/get), called for different globals: each call is
 * analysed for its arguments (context.sh). */
#include <pthread.h>
int x, y, r1, r2, r3;
static void put (int *p, int v) { *p = v; }
static int get (const int *p) { return *p; }
void *P0 (void *a) { (void) a; put (&x, 1); return 0; }
void *P1 (void *a) { (void) a; r1 = get (&x); put (&y, 1); return 0; }
void *P2 (void *a) { (void) a; r2 = get (&y); r3 = get (&x); return 0; }
int main (void)
{
  pthread_t a, b, c;
  pthread_create (&a, 0, P0, 0);
  pthread_create (&b, 0, P1, 0);
  pthread_create (&c, 0, P2, 0);
  pthread_join (a, 0);
  pthread_join (b, 0);
  pthread_join (c, 0);
  return r1 + r2 + r3;
}
