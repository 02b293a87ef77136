/* slices_rows.c — a matrix kept as one array, `c[i * N + j]`, each
 * thread computing its block of rows as tutorials write the product:
 * element i * N + j with 0 <= j < N lies in row i, so rows no two threads
 * share give elements no two threads share: no fence (claims.cc
 * row_index; captures.sh).  -DMEMBERS: the rows [r->lo, r->hi) main
 * stores into each thread's argument struct.  Racy twins, fenced on the
 * weak targets: -DWIDE (j runs to N inclusive: the last element of a row
 * is the first of the next row, another thread's), -DNEXT (the row after
 * i: the next thread's first row).
 */
#include <pthread.h>
#include <stdio.h>

#define T 4
#define N 64
static double a[N * N], c[N * (N + 1) + 1];
struct range { int lo, hi; };

static void *
mul (void *arg)
{
#ifdef MEMBERS
  const struct range *r = arg;
  for (int i = r->lo; i < r->hi; i++)
#else
  long id = (long) arg;
  for (int i = id * N / T; i < (id + 1) * N / T; i++)
#endif
#ifdef WIDE
    for (int j = 0; j <= N; j++)
#else
    for (int j = 0; j < N; j++)
#endif
      {
        double s = 0;
        for (int k = 0; k < N; k++)
          s += a[i * N + k] * a[k * N + j];
#ifdef NEXT
        c[(i + 1) * N + j] = s;
#else
        c[i * N + j] = s;
#endif
      }
  return NULL;
}

int
main (void)
{
  pthread_t th[T];
  struct range r[T];
  for (int i = 0; i < N * N; i++)
    a[i] = i % 7;
  for (int t = 0; t < T; t++)
    {
      r[t].lo = t * N / T;
      r[t].hi = (t + 1) * N / T;
#ifdef MEMBERS
      pthread_create (&th[t], NULL, mul, &r[t]);
#else
      pthread_create (&th[t], NULL, mul, (void *) (long) t);
#endif
    }
  for (int t = 0; t < T; t++)
    pthread_join (th[t], NULL);
  printf ("%f\n", c[N * N - 1]);
  return 0;
}
