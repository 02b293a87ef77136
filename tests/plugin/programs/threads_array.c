/* threads_array.c — IRIW with four threads created into an array with
 * constant indices and joined the same way; main writes x and reads y after
 * the joins (a store then a load: concurrent, that would need a full
 * fence on x86).  Minimum: 0 fences on x86. */
#include <pthread.h>
#include <stdio.h>

int x, y, r0, r1, r2, r3, before, after;

static void *P0 (void *a) { (void) a; x = 1; return 0; }
static void *P1 (void *a) { (void) a; r0 = x; r1 = y; return 0; }
static void *P2 (void *a) { (void) a; y = 1; return 0; }
static void *P3 (void *a) { (void) a; r2 = y; r3 = x; return 0; }

int main (void)
{
  pthread_t t[4];
  before = 1;
  pthread_create (&t[0], 0, P0, 0);
  pthread_create (&t[1], 0, P1, 0);
  pthread_create (&t[2], 0, P2, 0);
  pthread_create (&t[3], 0, P3, 0);
  pthread_join (t[0], 0);
  pthread_join (t[1], 0);
  pthread_join (t[2], 0);
  pthread_join (t[3], 0);
  x = 2;
  after = y;
  printf ("%d %d %d %d %d\n", r0, r1, r2, r3, after);
  return 0;
}
