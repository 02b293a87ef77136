/* ret_param.c — helpers that return pointers, as std::max returns a
 * reference or a lookup returns an entry.
 *   default   `larger` returns one of its pointer parameters and is called
 *             on two locals: what comes back points into those locals, so
 *             P0's read through it is private and store buffering is
 *             broken: no fence (minimum);
 *   -DLOOKUP  `lookup` is given the address of a local and returns a
 *             pointer not derived from it (a table entry): the local does
 *             not escape, so P0's store to it is private even though P1
 *             reads an int through a pointer that could be any escaped
 *             int: no fence (minimum).
 * Variants that must keep store buffering's fences on both sides:
 *   -DGLOBAL  P0 picks between y and a local (the read may be y's);
 *   -DOTHER   `larger` may return the address of y instead;
 *   -DLOOKUP -DRET -DPUBLISH  `lookup` may return its parameter and P0
 *             stores what it got into q (P1's *q could be the local).
 * -DLOOKUP -DRET alone (the result only kept in P0's local e): the local
 * is still reached by P0 alone (threadlocal.cc): no fence. */
#include <pthread.h>

int x, y, r0, r1;
long table[4];
int *q = &x;

static int *larger (int *a, int *b)
{
#ifdef OTHER
  if (*a < 0)
    return &y;
#endif
  return *a >= *b ? a : b;
}

static long *lookup (int *key)
{
#ifdef RET
  if (*key > 3)
    return (long *) key;
#endif
  return &table[*key & 3];
}

static void *P0 (void *arg)
{
#ifdef LOOKUP
  int key = (int) (long) arg;
  long *e = lookup (&key);
#ifdef PUBLISH
  q = (int *) e;
#endif
  key = (int) *e;
  r0 = y + key;
#else
  int lo = 0, hi = (int) (long) arg;
  x = 1;
# ifdef GLOBAL
  r0 = *larger (&y, &lo);
# else
  r0 = *larger (&lo, &hi);
# endif
  (void) hi;
#endif
  return 0;
}

static void *P1 (void *arg)
{
  (void) arg;
  y = 1;
#ifdef LOOKUP
  r1 = *q;
#else
  r1 = x;
#endif
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
