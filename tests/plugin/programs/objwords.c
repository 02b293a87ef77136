/* objwords.c — accesses with computed indices into different declared
 * arrays never meet: each array has words of its own (tbaa.cc), no longer
 * the heap's anonymous words.  Two threads each write one array and read
 * another, four arrays in all: no cycle, no fence (before: store
 * buffering through the anonymous words, a full fence per thread).
 * Variants that keep store buffering's full fence per thread
 * (tests/plugin/objalias.sh):
 *   -DSAME     the second thread writes b and reads a (real SB over a, b);
 *   -DPOINTER  ... through int pointers that point to b and a;
 *   -DCHARPTR  ... writing b through an unsigned char pointer;
 *   -DONE      one array: a[i] and a[j] (SB over two elements of a).
 */
#include <pthread.h>
int a[64], b[64], c[64], d[64];
int r0, r1;
volatile int i0 = 1, i1 = 2;
int *pa = a, *pb = b;
void *t0(void *arg)
{
  int i = i0, j = i1;
#ifdef ONE
  a[i] = 1;
  r0 = a[j];
#else
  a[i] = 1;
  r0 = b[j];
#endif
  return arg;
}
void *t1(void *arg)
{
  int i = i0, j = i1;
#if defined SAME
  b[j] = 1;
  r1 = a[i];
#elif defined POINTER
  pb[j] = 1;
  r1 = pa[i];
#elif defined CHARPTR
  ((unsigned char *) pb)[4 * j] = 1;
  r1 = a[i];
#elif defined ONE
  a[j] = 1;
  r1 = a[i];
#else
  c[i] = 1;
  r1 = d[j];
#endif
  return arg;
}
int main(void)
{
  pthread_t x, y;
  pthread_create(&x, 0, t0, 0);
  pthread_create(&y, 0, t1, 0);
  pthread_join(x, 0);
  pthread_join(y, 0);
  return r0 + r1;
}
