/* heap_regions.c — heap regions (threadlocal.cc find_regions, tbaa.cc):
 * objects of allocation calls that no one pointer of the program both
 * reaches are apart, whatever the types of the accesses.
 *
 * A decompressor's shape: main reads its input a byte at a time through
 * a cursor into a buffer from its allocation wrapper; workers kept in a
 * list (each node also from the wrapper, its pthread_t written by
 * pthread_create) unlink themselves under a lock when they finish and
 * record an error code.  Main records one too.  Main's byte read is a
 * char access (it may alias any type), but its cursor points only into
 * the input buffers and the list links only into the nodes and the list
 * head: no cycle, no fence on any target.
 *   -DALIAS    the cursor may point into a node: store buffering between
 *              main's code and the read (main's fence)
 *   -DJOIN     a helper wipes both a buffer and a node through one
 *              pointer: one region, main's fence
 *   -DEXPORTED the cursor is exported: code outside may set it anywhere
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so heap_regions.c
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct worker {
  pthread_t id;
  int done;
  struct worker *next;
};

#ifdef EXPORTED
unsigned char *cursor;
#else
static unsigned char *cursor;
#endif
static struct state {
  unsigned char *in_buf;
  size_t in_left;
  int ret;
} g;
static struct worker *workers;
static pthread_mutex_t list_lock = PTHREAD_MUTEX_INITIALIZER;

static void *
alloc (size_t n)
{
  void *p = malloc (n);
  if (p == NULL)
    abort ();
  return p;
}

#ifdef JOIN
static void
wipe (unsigned char *p, size_t n)
{
  while (n--)
    *p++ = 0;
}
#endif

static void *
work (void *arg)
{
  (void) arg;
  pthread_t me = pthread_self ();
  pthread_mutex_lock (&list_lock);
  struct worker **prior = &workers, *w;
  while ((w = *prior) != NULL && !pthread_equal (w->id, me))
    prior = &w->next;
  if (w != NULL)
    {
      w->done = 1;
      *prior = w->next;
    }
  pthread_mutex_unlock (&list_lock);
  g.ret = 1;
  return w;
}

static struct worker *
launch (void)
{
  struct worker *w = alloc (sizeof *w);
  pthread_mutex_lock (&list_lock);
  w->done = 0;
  w->next = workers;
  workers = w;
  pthread_create (&w->id, NULL, work, NULL);
  pthread_mutex_unlock (&list_lock);
  return w;
}

int
main (void)
{
  g.in_buf = alloc (64);
  for (int i = 0; i < 64; i++)
    g.in_buf[i] = (unsigned char) i;
  g.in_left = 64;
  cursor = g.in_buf;
  struct worker *w = launch ();
#ifdef ALIAS
  if (g.in_buf[1] == 1)
    cursor = (unsigned char *) &w->next;
#endif
#ifdef JOIN
  wipe ((unsigned char *) w, 0);
  wipe (g.in_buf + 60, 4);
#endif
  g.ret = 2;
  int c = *cursor;
  void *done;
  pthread_join (w->id, &done);
  free (done);
  printf ("%d %d\n", c, g.ret);
  return 0;
}
