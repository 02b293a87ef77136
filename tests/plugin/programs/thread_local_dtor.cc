/* thread_local_dtor.cc — a thread_local object's destructor runs in each
 * thread that used the object, as the thread exits (the C++ run time
 * registers it with __cxa_thread_atexit), while the other threads still
 * run: `~Counter` folds the thread's count into globals while main does
 * store buffering with them, so each side needs a full fence
 * (tests/plugin/exit_handlers.sh).  Before, the destructor was no entry
 * and its accesses were not collected: no fence.  -DOWN: the destructor
 * touches only its thread's own object: no fence.
 */
#include <thread>

int x, y, r0, r1;

struct Counter
{
  int n = 0;
  ~Counter ()
  {
#ifdef OWN
    n = 0;
#else
    y = 1;
    r1 = x;
#endif
  }
};

thread_local Counter counter;

static void
worker ()
{
  counter.n++;
}

int
main ()
{
  std::thread t (worker);
  x = 1;
  r0 = y;
  t.join ();
  return r0;
}
