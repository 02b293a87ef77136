/* exit_dtor.cc — a static object's destructor beside a detached worker:
 * exit runs `~Flusher` in main's thread while the worker still runs, and
 * the destructor touches globals other than its object (`x`, `y`), so
 * store buffering between them needs a full fence on each side
 * (tests/plugin/exit_handlers.sh).  Before, every destructor registered
 * with __cxa_atexit was taken to run after the threads.  -DOWN: the
 * destructor touches only its own object, which the worker also uses: a
 * race on the object's lifetime that no fence makes defined, no entry and
 * no fence.
 */
#include <thread>

int x, y, r0, r1;

struct Flusher
{
  int seen = 0, count = 0;
  ~Flusher ()
  {
#ifdef OWN
    count = 1;
    seen = seen + 1;
#else
    y = 1;
    r1 = x;
#endif
  }
} flusher;

static void
worker ()
{
  for (;;)
    {
#ifdef OWN
      flusher.seen = 1;
      r0 = flusher.count;
#else
      x = 1;
      r0 = y;
#endif
    }
}

int
main ()
{
  std::thread (worker).detach ();
  return 0;
}
