// entries_async_join.cc — store buffering between two std::async tasks
// (named functions, std::launch::async); main waits for both futures
// (get (), or with -DWAIT wait ()) and then writes and reads x and y.
// -DLAMBDA: the tasks are lambdas calling them; -DNOPOLICY: the default
// policy and a deferred task (run inside get (), by main).
// get () and wait () return after the task's function has returned: main
// runs alone after them and needs no fence; each task needs its own full
// fence (x86 mfence, Power sync).
// Variants where a task may still run while main writes (main fenced):
//   -DNOGET  main waits for one future only;
//   -DMAYBE  main waits for the first future on one path only;
//   -DSPAWN  a task starts a thread of its own and detaches it;
//   -DMOVED  the first future is moved into another before its get ().
#include <future>
#include <thread>
#include <cstdio>
#include <utility>

int x, y, r0, r1, r2;

static void side () { r2 = x + y; }

static void p0 ()
{
  x = 1;
  r0 = y;
#ifdef SPAWN
  std::thread (side).detach ();
#endif
}

static void p1 ()
{
  y = 1;
  r1 = x;
}

int main (int argc, char **)
{
#ifdef LAMBDA
  auto a = std::async (std::launch::async, [] { p0 (); });
  auto b = std::async (std::launch::async, [] { p1 (); });
#elif defined NOPOLICY
  auto a = std::async (p0);
  auto b = std::async (std::launch::deferred, p1);
#else
  auto a = std::async (std::launch::async, p0);
  auto b = std::async (std::launch::async, p1);
#endif
#ifdef MOVED
  auto c = std::move (a);
  c.get ();
#elif defined NOGET
  (void) argc;
#elif defined MAYBE
  if (argc > 1)
    a.get ();
#elif defined WAIT
  a.wait ();
#else
  a.get ();
#endif
#ifdef WAIT
  b.wait ();
#else
  b.get ();
#endif
  x = 2;
  y = 2;
  std::printf ("%d %d %d %d %d\n", r0, r1, r2, x, y);
  return 0;
}
