/* threads_table_local.c — IRIW from a table of start routines local to
 * main (threads_table.c's style with the table in main's frame), started
 * in a loop over an array of handles and joined in a loop: each routine
 * one thread (one element per iteration of a loop that runs once), main
 * alone after the join loop.  Minimum: 0 fences on x86, 2 syncs on Power
 * (threads_joins.sh).  Variants that keep the fences of several
 * instances and a concurrent main:
 *   -DESCAPE  the table is also given to a function of another unit;
 *   -DTWICE   the create loop runs over the table twice (8 threads). */
#include <pthread.h>
#include <stdio.h>

int x, y, r0, r1, r2, r3, after;
#ifdef ESCAPE
extern void show (void *(**) (void *));
#endif
#ifdef TWICE
#define NT 8
#define ELEMENT(i) ((i) % 4)
#else
#define NT 4
#define ELEMENT(i) (i)
#endif

static void *w0 (void *a) { x = 1; return a; }
static void *w1 (void *a) { y = 1; return a; }
static void *rd0 (void *a) { r0 = x; r1 = y; return a; }
static void *rd1 (void *a) { r2 = y; r3 = x; return a; }

int main (void)
{
  void *(*body[4]) (void *) = { w0, w1, rd0, rd1 };
  pthread_t t[NT];
#ifdef ESCAPE
  show (body);
#endif
  for (int i = 0; i < NT; i++)
    pthread_create (&t[i], 0, body[ELEMENT (i)], 0);
  for (int i = 0; i < NT; i++)
    pthread_join (t[i], 0);
  after = y;
  printf ("%d %d %d %d\n", r0, r1, r2, r3);
  return 0;
}
