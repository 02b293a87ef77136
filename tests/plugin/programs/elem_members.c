/* elem_members.c — store buffering's shape over the members of an
 * array's elements: p0 writes items[i].in at computed indices, then
 * reads y; p1 writes y, then reads through a pointer into the array
 * (INDEXED: at a computed index of its own).  p1 reads member out,
 * which no write of p0 touches (members of one struct do not overlap,
 * and a struct item lies in items only as an element): no cycle, no
 * fence.  SAME: p1 reads member in: store buffering, a full fence in
 * each thread.  WHOLE: p0 writes whole elements, which hold out too:
 * both fenced.  (The array is large enough not to be split into its
 * elements.)
 * objalias.sh */
#include <pthread.h>

struct item { int in; int out; };
struct item items[256];
struct item *cursor = &items[2];
int slot = 5;
int y, r0;
int r1;

static void *
p0 (void *a)
{
  long i = (long) a;
#ifdef WHOLE
  struct item fresh = { 1, 0 };
  items[i] = fresh;
#else
  for (; i < 256; i++)
    items[i].in = 1;
#endif
  r0 = y;
  return 0;
}

static void *
p1 (void *a)
{
#ifdef INDEXED
  struct item *p = &items[slot];
#else
  struct item *p = cursor;
#endif
  y = 1;
#ifdef SAME
  r1 = p->in;
#else
  r1 = p->out;
#endif
  return a;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, 0, p0, (void *) 3L);
  pthread_create (&b, 0, p1, 0);
  pthread_join (a, 0);
  pthread_join (b, 0);
  return r0 + r1;
}
