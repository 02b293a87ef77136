/* main_exports.c — a unit with main whose exported function is called
 * by threads of another unit: main calls `start_workers ()` (defined
 * elsewhere), whose threads call `on_event ()` by name while main goes
 * on; store buffering between main and on_event needs a full fence on
 * each side (tests/plugin/main_exports.sh).  Before, a unit with main
 * that starts no thread itself was "not concurrent": no fence.
 * -DSTATIC: on_event is static (no other unit can name it) and never
 * called: no entry, no fence.  -DTHREAD_FREE: main calls only C library
 * functions that start no thread (printf): no fence.
 */
#include <stdio.h>

int x, y, r0, r1;

#ifdef STATIC
static
#endif
void
on_event (void)
{
  y = 1;
  r1 = x;
}

extern void start_workers (void);
extern void stop_workers (void);

int
main (void)
{
#ifdef THREAD_FREE
  printf ("start\n");
#else
  start_workers ();
#endif
  x = 1;
  r0 = y;
#ifdef THREAD_FREE
  printf ("%d\n", r0);
#else
  stop_workers ();
#endif
  return 0;
}
