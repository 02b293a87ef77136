/* object_regions.c — buffers that are members of two different static
 * structs, reached only through pointers kept in statics (an input
 * buffer filled by a reader thread, an output buffer main reads, as
 * pigz's g.in_buf and its output are): message passing through a flag,
 * the data in one struct, the read in the other.  Memory that no access
 * names, reached through pointers whose targets are known, meets on the
 * words of its own region (threadlocal.cc region_object: a declared
 * variable is one, as an allocation call's objects are), not on any heap
 * memory's: the two buffers are two locations, no cycle, no fence (Power
 * before 2026-12-06: 2 lwsyncs).
 * Variant -DSAME: main reads the reader's own buffer through a second
 * pointer: message passing, fenced (Power: lwsync in the reader, and an
 * order in main).
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -c object_regions.c
 */
#include <pthread.h>

struct in { int fd; unsigned char buf1[4096]; unsigned char buf2[4096]; };
struct out { int fd; unsigned char obuf[4096]; };
static struct in g;
static struct out h;
static unsigned char *inp, *outp;
static int flag, sel;

static void *
reader (void *arg)
{
  (void) arg;
  for (int i = 0; i < 100; i++)
    inp[i] = i;
  __atomic_store_n (&flag, 1, __ATOMIC_RELAXED);
  return 0;
}

int
main (void)
{
  pthread_t t;
  inp = sel ? g.buf1 : g.buf2;
#ifdef SAME
  outp = g.buf1 + 7;
#else
  outp = h.obuf;
#endif
  pthread_create (&t, 0, reader, 0);
  int r = 0;
  if (__atomic_load_n (&flag, __ATOMIC_RELAXED))
    r = outp[7];
  pthread_join (t, 0);
  return r;
}
