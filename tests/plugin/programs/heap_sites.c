/* heap_sites.c — workers square an input vector into an output vector,
 * both malloc'd by main and handed over in each job's struct, the way C
 * tutorials split work: `jobs[t].in = in; jobs[t].out = out;` and the
 * worker runs `for (i = j->lo; i < j->hi; i++) j->out[i] = j->in[i] *
 * j->in[i];`.  The two vectors come from two malloc calls, so they are
 * two objects (tbaa.cc: heap memory by allocation call): nothing written
 * while the workers run is read by another, and x86 needs no fence (the
 * store-buffering shape of `out[i]` against `in[i + 1]` was fenced).
 * Variants that keep a full fence in the worker on x86 (one object, or
 * not known to be one):
 *   -DHALVES  in and out are the two halves of one allocation;
 *   -DSAME    the vector is squared in place (in = out);
 *   -DEITHER  in is out or a second allocation, chosen at run time.
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -c heap_sites.c
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define T 4
struct job { double *in; double *out; int lo, hi; };

static void *
work (void *p)
{
  struct job *j = p;
  for (int i = j->lo; i < j->hi; i++)
    j->out[i] = j->in[i] * j->in[i];
  return NULL;
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 1000;
#if defined HALVES
  double *out = malloc (2 * n * sizeof *out), *in = out + n;
#elif defined SAME
  double *out = malloc (n * sizeof *out), *in = out;
#elif defined EITHER
  double *out = malloc (n * sizeof *out);
  double *in = argc > 2 ? out : malloc (n * sizeof *in);
#else
  double *in = malloc (n * sizeof *in), *out = malloc (n * sizeof *out);
#endif
  if (!in || !out)
    return 1;
  for (int i = 0; i < n; i++)
    in[i] = i;
  pthread_t th[T];
  struct job jobs[T];
  for (int t = 0; t < T; t++)
    {
      jobs[t].in = in;
      jobs[t].out = out;
      jobs[t].lo = t * n / T;
      jobs[t].hi = (t + 1) * n / T;
      pthread_create (&th[t], NULL, work, &jobs[t]);
    }
  for (int t = 0; t < T; t++)
    pthread_join (th[t], NULL);
  double s = 0;
  for (int i = 0; i < n; i++)
    s += out[i];
  printf ("%f\n", s);
  return 0;
}
