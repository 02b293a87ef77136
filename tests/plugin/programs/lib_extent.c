/* lib_extent.c — how far a library call given a pointer reaches
 * (memloc.cc wmm_shared_ptr with `extent`): store buffering between a
 * worker whose first access is a library call and main (`x`, then the
 * part of the object the call may write).
 *   default  a helper reads a record's bytes, `readn (fd, (char *) &st,
 *            sizeof st)`: read () writes all of st, st.flag too (before
 *            2026-12-07 only its first byte: no fence, a cycle missed);
 *   ARRAY    `memset (&a[0], 0xff, 2 * sizeof a[0])` writes a[1] too
 *            (before: a[0] only);
 * each fenced in main and the worker on every target;
 *   MEMBER   read () into the char array member st.in only: st.flag is
 *            no part of it, no cycle, no fence.
 * (lib_targets.sh) */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static struct state { int pad; int data; char in[16]; int flag; } st;
int a[4];
static int r0, x;

static __attribute__ ((noinline)) ssize_t
readn (int fd, char *buf, size_t n)
{
  return read (fd, buf, n);
}

static void *
worker (void *arg)
{
  int fd = (int) (long) arg;
#if defined ARRAY
  (void) fd;
  memset (&a[0], 0xff, 2 * sizeof a[0]);
#elif defined MEMBER
  if (read (fd, st.in, sizeof st.in) < 0)
    return 0;
#else
  if (readn (fd, (char *) &st, sizeof st) < 0)
    return 0;
#endif
  r0 = x;
  return 0;
}

int
main (void)
{
  pthread_t t;
  if (pthread_create (&t, 0, worker, (void *) 0L))
    return 1;
  x = 1;
#ifdef ARRAY
  int r = a[1];
#else
  int r = st.flag;
#endif
  pthread_join (t, 0);
  printf ("%d %d\n", r, r0);
  return 0;
}
