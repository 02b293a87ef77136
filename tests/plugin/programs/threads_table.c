/* threads_table.c — IRIW from a const table of start routines, started
 * in a loop over an array of handles and joined in a loop (the style of
 * s11_fn_table): the routines are the table's functions (no "unknown
 * routine" fallback), each started once (one element per iteration of a
 * loop that runs once): one instance each; main's accesses after the join
 * loop are not concurrent.  Minimum: 0 fences on x86, 2 on Power. */
#include <pthread.h>
#include <stdio.h>

int x, y, r0, r1, r2, r3, before, after;

static void *P0 (void *a) { (void) a; x = 1; return 0; }
static void *P1 (void *a) { (void) a; r0 = x; r1 = y; return 0; }
static void *P2 (void *a) { (void) a; y = 1; return 0; }
static void *P3 (void *a) { (void) a; r2 = y; r3 = x; return 0; }

static void *(*const body[4]) (void *) = { P0, P1, P2, P3 };

int main (void)
{
  pthread_t t[4];
  int i;
  before = 1;
  for (i = 0; i < 4; i++)
    pthread_create (&t[i], 0, body[i], 0);
  for (i = 0; i < 4; i++)
    pthread_join (t[i], 0);
  x = 2;
  after = y;
  printf ("%d %d %d %d %d\n", r0, r1, r2, r3, after);
  return 0;
}
