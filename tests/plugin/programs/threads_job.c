/* threads_job.c — message passing whose threads are started by a
 * helper that takes the start routine as a parameter, launch (fn, arg),
 * and joined by another, finish (job) (the launcher keeps the handle in a
 * heap job): producer and consumer are entries with one instance each and
 * main is not concurrent after the finishes.  Minimum: 0 fences on x86,
 * 2 on Power. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct job { pthread_t tid; int id; };

int data, flag, r0, r1, before, after;

static struct job *launch (void *(*fn) (void *), void *arg)
{
  struct job *job = malloc (sizeof *job);

  pthread_create (&job->tid, 0, fn, arg);
  return job;
}

static void finish (struct job *job)
{
  pthread_join (job->tid, 0);
  free (job);
}

static void *producer (void *a) { (void) a; data = 42; flag = 1; return 0; }
static void *consumer (void *a) { (void) a; r0 = flag; r1 = data; return 0; }

int main (void)
{
  before = 1;
  struct job *p = launch (producer, 0);
  struct job *c = launch (consumer, 0);
  finish (p);
  finish (c);
  flag = 2;
  after = data;
  printf ("%d %d %d\n", r0, r1, after);
  return 0;
}
