/* one_writer_mp.c — each worker writes its own slice of data[] (its
 * thread number times the slice size) and then its own done[] flag;
 * main polls the flags while the workers run and reads the data of each
 * finished worker.  Every element of data[] and done[] has one writer
 * (claims.cc: one-writer locations, no coherence edge between two
 * threads' writes), yet message passing from a worker to main goes
 * through reads from and from-reads only: it keeps its fences on the
 * weak targets (a fence in the worker and in main; none on x86).
 * captures.sh */
#include <pthread.h>
#include <sched.h>

#define T 4
#define C 16
static int data[T * C];
static int done[T];
static long sum;

static void *
worker (void *arg)
{
  long id = (long) arg;
  int lo = id * C, hi = lo + C;
  for (int k = lo; k < hi; k++)
    data[k] = k;
  done[id] = 1;
  return 0;
}

int
main (void)
{
  pthread_t t[T];
  for (long i = 0; i < T; i++)
    pthread_create (&t[i], 0, worker, (void *) i);
  for (int i = 0; i < T; i++)
    {
      while (!done[i])
        sched_yield ();
      for (int k = i * C; k < i * C + C; k++)
        sum += data[k];
    }
  for (int i = 0; i < T; i++)
    pthread_join (t[i], 0);
  return sum != 0;
}
