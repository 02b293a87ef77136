/* private_calls.c — locals and fresh heap memory that only calls which
 * keep no copy of the pointer see: memset, read, atoi, a helper's out-parameter written through a copy of the pointer.  P0 then
 * does store buffering between its local and y, P1 between y and memory
 * reached through an unknown pointer: the local is private, so only P1's
 * accesses remain and no fence is needed (minimum).  -DKEEP: the helper
 * also stores the pointer into a global (the local escapes: one fence per
 * thread).  -DHEAP: each thread does store buffering on its own fresh
 * buffer (never published: no fence); -DHEAP_PUB: P0 publishes its buffer
 * and P1 works on it (one fence per thread). */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct st { int a, b; char digits[8]; };
int y, r0, r1, *gp, *gbuf;
struct st *kept;

static void fill (struct st *out, int v)
{
  struct st *p = out;
  p->a = v;
#ifdef KEEP
  kept = out;
#endif
}

void *P0 (void *arg)
{
#if defined HEAP || defined HEAP_PUB
  int *h = malloc (2 * sizeof *h);
  if (!h)
    return arg;
# ifdef HEAP_PUB
  gbuf = h;
# endif
  h[0] = 1;
  r0 = h[1];
  free (h);
#else
  struct st s;
  memset (&s, 0, sizeof s);
  if (read (0, s.digits, sizeof s.digits - 1) < 0)
    return arg;
  s.b = atoi (s.digits);
  fill (&s, 1);
  r0 = y + s.b;
#endif
  return arg;
}

void *P1 (void *arg)
{
#if defined HEAP || defined HEAP_PUB
  int *h = malloc (2 * sizeof *h);
  if (!h)
    return arg;
# ifdef HEAP_PUB
  free (h);
  h = gbuf;
  if (!h)
    return arg;
# endif
  h[1] = 1;
  r1 = h[0];
# ifndef HEAP_PUB
  free (h);
# endif
#else
  y = 1;
  r1 = *gp;
#endif
  return arg;
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
