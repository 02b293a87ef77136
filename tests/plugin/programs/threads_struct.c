/* threads_struct.c — IRIW whose thread handles are kept in structs: an
 * array of jobs (jobs[i].tid) and a heap job (job->tid); main writes x and
 * reads y after the joins.  Minimum: 0 fences on x86. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct job { pthread_t tid; int id; };

int x, y, r0, r1, r2, r3, before, after;

static void *P0 (void *a) { (void) a; x = 1; return 0; }
static void *P1 (void *a) { (void) a; r0 = x; r1 = y; return 0; }
static void *P2 (void *a) { (void) a; y = 1; return 0; }
static void *P3 (void *a) { (void) a; r2 = y; r3 = x; return 0; }

int main (void)
{
  struct job jobs[3];
  struct job *last = malloc (sizeof *last);
  before = 1;
  pthread_create (&jobs[0].tid, 0, P0, &jobs[0]);
  pthread_create (&jobs[1].tid, 0, P1, &jobs[1]);
  pthread_create (&jobs[2].tid, 0, P2, &jobs[2]);
  pthread_create (&last->tid, 0, P3, last);
  pthread_join (jobs[0].tid, 0);
  pthread_join (jobs[1].tid, 0);
  pthread_join (jobs[2].tid, 0);
  pthread_join (last->tid, 0);
  free (last);
  x = 2;
  after = y;
  printf ("%d %d %d %d %d\n", r0, r1, r2, r3, after);
  return 0;
}
