/* slots_stride.c — work dealt out round-robin, the way OpenMP's
 * schedule(static, 1) and many hand-written pools do it: thread `id`
 * (its number from the create loop's counter, `(long) arg`) handles
 * elements id, id + NT, id + 2 NT, ... of `out`; main reads them after the
 * joins.  Threads whose numbers lie below the stride touch disjoint
 * elements: no fence (plugin/claims.cc, strides).  Variants that keep
 * their fences on the weak targets:
 *   -DHALF   a stride of NT / 2: threads 0 and 2 share elements;
 *   -DMORE   NT + 1 threads with a stride of NT: threads 0 and NT share.
 */
#include <pthread.h>
#include <stdio.h>

#define NT 4
#define N 4096
#ifdef HALF
#define STRIDE (NT / 2)
#else
#define STRIDE NT
#endif
#ifdef MORE
#define THREADS (NT + 1)
#else
#define THREADS NT
#endif

static double in[N], out[N];

static void *scale (void *arg)
{
  long id = (long) arg;
  for (long i = id; i < N; i += STRIDE)
    out[i] = in[i] * 2.0 + out[i];
  return NULL;
}

int main (void)
{
  pthread_t t[THREADS];
  double s = 0;
  for (int i = 0; i < N; i++)
    in[i] = i;
  for (long i = 0; i < THREADS; i++)
    pthread_create (&t[i], NULL, scale, (void *) i);
  for (int i = 0; i < THREADS; i++)
    pthread_join (t[i], NULL);
  for (int i = 0; i < N; i++)
    s += out[i];
  printf ("%f\n", s);
  return 0;
}
