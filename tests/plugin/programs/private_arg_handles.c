/* private_arg_handles.c — workers' arguments as people write them: main
 * allocates each worker's struct in the create loop, fills it, keeps it
 * in a handle array of its own frame (`jobs[k] = j`) and reads the
 * result back after joining that worker.  A worker's struct is its own:
 * main's writes to the next worker's struct while this one runs touch
 * another object, and the result is read once the worker has ended: no
 * fence (Power: an lwsync in the worker before, ordering its reads of
 * lo and hi against main's writes of the next struct).
 * -DEARLY: main reads a result back before joining the worker: fenced.
 * -DOTHER: after joining t[k], main reads the struct of worker k ^ 1,
 * which may still run: fenced.
 * -DKEEP: main also keeps the struct in a global: fenced. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define WORKERS 4

struct job { int lo, hi; long sum; };
#ifdef KEEP
struct job *last_job;
#endif

static void *work (void *arg)
{
  struct job *j = arg;
  long s = 0;
  for (int i = j->lo; i < j->hi; i++)
    s += (long) i * i;
  j->sum = s;
  return NULL;
}

int main (void)
{
  pthread_t t[WORKERS];
  struct job *jobs[WORKERS];
  for (int k = 0; k < WORKERS; k++)
    {
      struct job *j = malloc (sizeof *j);
      if (!j)
        return 1;
      j->lo = k * 1000;
      j->hi = (k + 1) * 1000;
      jobs[k] = j;
#ifdef KEEP
      last_job = j;
#endif
      pthread_create (&t[k], NULL, work, j);
    }
  long s = 0;
  for (int k = 0; k < WORKERS; k++)
    {
#ifdef EARLY
      s += jobs[k]->sum;
#endif
      pthread_join (t[k], NULL);
#ifdef OTHER
      s += jobs[k ^ 1]->sum;
#else
      s += jobs[k]->sum;
      free (jobs[k]);
#endif
    }
  printf ("%ld\n", s);
  return 0;
}
