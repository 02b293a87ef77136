/* objpath.c — store buffering only if a member of a struct reached
 * through a pointer (`p->flag`, p a heap job) can be an element of a
 * declared array read at a computed index (`table[i]`): the first thread
 * writes p->flag then reads y, the second writes y then reads table[i].
 * No struct job lies in `int table[64]` (GCC's access-path test against a
 * declaration, aliasing_component_refs_p; tbaa.cc): no cycle, no fence
 * under -fstrict-aliasing.
 *   -DJOBS  the array holds struct jobs and the second thread reads
 *           `table[i].flag`: p may point into it, and store buffering
 *           needs a full fence per thread (with or without strict
 *           aliasing).
 * Example: gcc -O2 -fplugin=wmmfence.so -fwmm-arch=power -c objpath.c */
#include <pthread.h>
#include <stdlib.h>

struct job { int flag; int val; };
struct job *jp;
#ifdef JOBS
struct job table[64];
#define ELEM(i) table[i].flag
#else
int table[64];
#define ELEM(i) table[i]
#endif
int idx, y, r0, r1;

static void *t0 (void *a)
{
  struct job *p = jp;
  p->flag = 1;
  r0 = y;
  return a;
}

static void *t1 (void *a)
{
  y = 1;
  r1 = ELEM (idx);
  return a;
}

int main (int argc, char **argv)
{
  pthread_t a, b;
#ifdef JOBS
  jp = &table[argc & 63];
#else
  jp = calloc (1, sizeof *jp);
#endif
  idx = argc & 63;
  pthread_create (&a, 0, t0, 0);
  pthread_create (&b, 0, t1, 0);
  pthread_join (a, 0);
  pthread_join (b, 0);
  return r0 + r1;
}
