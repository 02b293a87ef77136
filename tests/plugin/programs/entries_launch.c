/* entries_launch.c — store buffering where the second thread is started by
 * a helper of another unit (pigz's yarn.c style): worker's address escapes
 * to launch(), so worker is a thread entry and main is concurrent from the
 * call to launch() to its end (wait_all() cannot be matched to it).  The
 * comparator given to qsort() does not escape: it is no entry, but code of
 * main's thread, run inside the qsort call. */
#include <stdlib.h>

extern void launch (void (*fn) (void *), void *arg);
extern void wait_all (void);

int x, y, r0, r1, before, keys[4];

static void worker (void *arg) { (void) arg; y = 1; r1 = x; }

static int cmp (const void *a, const void *b)
{
  return *(const int *) a - *(const int *) b;
}

int main (void)
{
  before = 1;                    /* no thread runs yet: not concurrent */
  qsort (keys, 4, sizeof keys[0], cmp);
  launch (worker, 0);
  x = 1;
  r0 = y;
  wait_all ();
  return r0 + r1;
}
