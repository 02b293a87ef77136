/* lib_targets.c — what a pointer handed to or returned by a library call
 * may touch (plugin/threadlocal.cc: member views, pointers from code
 * outside; tbaa.cc: may_touch).  Store buffering between main (`st.data`
 * then `st.flag`) and a worker whose second access goes through such a
 * pointer:
 *   default   the worker reads into one of the record's two buffer
 *             members through a helper (`readn (fd, fd > 2 ? st.in :
 *             st.in2, n)` calling `read`, as pigz alternates its input
 *             buffers), then reads `st.data`: the read writes the buffers
 *             only, `st.flag` has no other writer, no cycle and no fence;
 *   ENV       the worker writes through what getenv returned (memory of
 *             code outside, which cannot name the unit's static record):
 *             no fence;
 *   NULLBUF   the worker sets `st.flag`, then a checksum helper is given
 *             a null buffer and no length (as `crc32 (0, NULL, 0)` starts
 *             one): the library reads nothing (not `st.data`), no fence;
 *   WHOLE     the read is given the record's address: it may write
 *             `st.flag`, store buffering, fenced in main and the worker;
 *   GIVEN     the worker writes through what fgets returned, given
 *             `st.flag`'s address: the result is that member, fenced;
 *   OUTPARAM  strtol's end pointer, stored into the worker's local, points
 *             into `st.flag`'s bytes; a write through it is fenced;
 *   SLOT      strsep returns what its `char **` slot held, `st.flag`'s
 *             address; a write through the token is fenced.
 * Expected: no fence by default, ENV and NULLBUF; a full fence in main and
 * a fence in the worker for WHOLE, GIVEN, OUTPARAM and SLOT (tests/plugin/
 * lib_targets.sh, four targets). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static struct state
{
  int data;
  char in[64];
  char in2[64];
  int flag;
} st;

static int r0, r1;
static char *cursor;            /* main's pointer into `st.in` */

/* a read of n bytes through a helper, as pigz's readn */
static __attribute__ ((noinline)) ssize_t
readn (int fd, char *buf, size_t n)
{
  return read (fd, buf, n);
}

#ifdef NULLBUF
/* a checksum over len bytes in chunks, as pigz's crc32z calls zlib */
static unsigned long
checksum (unsigned long c, const char *buf, size_t len)
{
  while (len > 16 && buf)
    {
      c += (unsigned long) write (2, buf, 16);
      buf += 16;
      len -= 16;
    }
  return c + (unsigned long) write (2, buf, len);
}
#endif

static void *
worker (void *arg)
{
  int fd = (int) (long) arg;
#if defined WHOLE
  if (readn (fd, (char *) &st, sizeof st) < 0)
    return 0;
#elif defined ENV
  char *e = getenv ("WMM_TARGETS_ENV");
  if (e)
    e[0] = 'x';
#elif defined NULLBUF
  st.flag = 1;
  r1 = (int) checksum (0, NULL, 0);
  return 0;
#elif defined GIVEN
  char *line = fgets ((char *) &st.flag, sizeof st.flag, stdin);
  if (line)
    line[0] = 'x';
#elif defined OUTPARAM
  char *end;
  r1 = (int) strtol ((char *) &st.flag, &end, 10);
  *end = 'x';
#elif defined SLOT
  char *s = (char *) &st.flag;
  char *tok = strsep (&s, ",");
  if (tok)
    tok[0] = 'x';
#else
  if (readn (fd, fd > 2 ? st.in : st.in2, sizeof st.in) < 0)
    return 0;
#endif
  r0 = st.data;
  return 0;
}

int
main (void)
{
  pthread_t t;
  cursor = st.in;
  if (pthread_create (&t, 0, worker, (void *) 0L))
    return 1;
  st.data = 1;
  int r = st.flag;
  pthread_join (t, 0);
  printf ("%d %d %d %d\n", r, r0, r1, cursor[0]);
  return 0;
}
