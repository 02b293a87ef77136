/* member_buffer.c — a record whose input buffer is an array member (as
 * pigz keeps `g.in_buf`): stdio is given the buffer (setvbuf keeps it), a
 * worker calls code outside the program (tzset) after storing x, main
 * sets another member and reads x.  A library given the address of one
 * member reaches that member only (plugin/threadlocal.cc, member views):
 * tzset cannot write `st.ready`, so there is no store buffering and no
 * fence.  Given the whole record (-DWHOLE), or the buffer given to a
 * function of another unit of the program (-DOTHER_UNIT: it may compute
 * the record from the member's address), tzset may write `st.ready`:
 * store buffering through the call, fenced; so is the buffer as the
 * record's first member (-DIN_FIRST: its address is the record's). */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

static struct state
{
#ifdef IN_FIRST
  char in[256];
#endif
  int count;
#ifndef IN_FIRST
  char in[256];
#endif
  char *next;
  int ready;
} st;

static int x;

#ifdef OTHER_UNIT
extern void keep_buffer (char *buf);
#endif

static void *
worker (void *arg)
{
  (void) arg;
  x = 1;
  tzset ();
  return 0;
}

int
main (void)
{
  pthread_t t;
#if defined WHOLE
  setvbuf (stdout, (char *) &st, _IOFBF, sizeof st);
#elif defined OTHER_UNIT
  keep_buffer (st.in);
#else
  setvbuf (stdout, st.in, _IOFBF, sizeof st.in);
#endif
  st.next = memchr (st.in, '\n', sizeof st.in);
  if (pthread_create (&t, 0, worker, 0))
    return 1;
  st.ready = 1;
  int r = x;
  pthread_join (t, 0);
  printf ("%d %d\n", r, st.next != 0);
  return 0;
}
