/* ret_param.c — a helper that returns one of its pointer parameters (the
 * larger of two values, as std::max returns a reference), called on two
 * locals: what comes back points into those locals, so P0's read through
 * it is private and store buffering is broken: only P1 writes and reads
 * shared data, no fence (minimum).
 * Variants that must keep store buffering's fences on both sides:
 *   -DGLOBAL  P0 picks between y and a local (the read may be y's);
 *   -DOTHER   the helper may return the address of y instead. */
#include <pthread.h>

int x, y, r0, r1;

static int *larger (int *a, int *b)
{
#ifdef OTHER
  if (*a < 0)
    return &y;
#endif
  return *a >= *b ? a : b;
}

static void *P0 (void *arg)
{
  int lo = 0, hi = (int) (long) arg;
  x = 1;
#ifdef GLOBAL
  r0 = *larger (&y, &lo);
#else
  r0 = *larger (&lo, &hi);
#endif
  (void) hi;
  return 0;
}

static void *P1 (void *arg)
{
  (void) arg;
  y = 1;
  r1 = x;
  return 0;
}

int main (void)
{
  pthread_t a, b;
  pthread_create (&a, 0, P0, 0);
  pthread_create (&b, 0, P1, 0);
  pthread_join (a, 0);
  pthread_join (b, 0);
  return r0 + r1;
}
