// cxx_sb_mutex.cc — store buffering inside critical sections of one
// std::mutex, in the forms C++ code takes it: m.lock () / m.unlock ()
// (STYLE 0), std::unique_lock with an unlock () before the end of the
// scope (1), std::scoped_lock (2).  The sections exclude each other: no
// fence.  -DRACY: the second thread takes no lock (store buffering's
// fences come back).  -DMOVED: the second thread moves its guard into
// another before the accesses (the lock is still held: the move
// constructor's body releases nothing; no fence); with -DUNLOCK the new
// guard unlocks before the accesses (a release through a guard bound by
// a move may be of any lock: both sides fenced).
#include <mutex>
#include <thread>

#ifndef STYLE
#define STYLE 0
#endif

static std::mutex m;
int x, y, r0, r1;

static void left ()
{
#if STYLE == 0
  m.lock ();
  x = 1;
  r0 = y;
  m.unlock ();
#elif STYLE == 1
  std::unique_lock<std::mutex> g (m);
  x = 1;
  r0 = y;
  g.unlock ();
#else
  std::scoped_lock g (m);
  x = 1;
  r0 = y;
#endif
}

static void right ()
{
#if defined MOVED
  std::unique_lock<std::mutex> g (m);
  std::unique_lock<std::mutex> h (std::move (g));   // h now owns m
#ifdef UNLOCK
  h.unlock ();
#endif
#elif !defined RACY
  std::lock_guard<std::mutex> g (m);
#endif
  y = 1;
  r1 = x;
}

int main ()
{
  std::thread a (left), b (right);
  a.join ();
  b.join ();
  return r0 + r1;
}
