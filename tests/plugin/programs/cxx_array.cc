// cxx_array.cc — store buffering between two std::threads kept in an
// array (or two named handles) filled by move assignment, joined in a
// loop; main then reads both locations, alone: it needs no fence.
// Minimum: one full fence in each of p0 and p1, none in main.
// Variants (-D): INDEX_JOIN joins with an index loop; NAMED uses two
// named handles; those in which main still runs next to p1 keep main's
// fences: PARTIAL (the loop joins only ts[0], ts[1] is detached), BREAK
// (the join loop may leave early), MOVED_OUT (ts[1]'s thread is moved to
// another handle, joined after main's reads).  threads_arrays.sh
#include <thread>

int x, y, r0, r1, s0, s1;
volatile int stop_early;

static void p0 () { x = 1; r0 = y; }
static void p1 () { y = 1; r1 = x; }
static void idle () { }

int
main ()
{
#ifdef NAMED
  std::thread a, b;
  a = std::thread (p0);
  b = std::thread (p1);
  a.join ();
  b.join ();
#else
  std::thread ts[2];
  ts[0] = std::thread (p0);
  ts[1] = std::thread (p1);
#ifdef MOVED_OUT
  std::thread keep = std::move (ts[1]);
  ts[1] = std::thread (idle);
#endif
#if defined INDEX_JOIN
  for (int i = 0; i < 2; i++)
    ts[i].join ();
#elif defined PARTIAL
  for (int i = 0; i < 1; i++)
    ts[i].join ();
  ts[1].detach ();
#elif defined BREAK
  for (auto &t : ts)
    {
      t.join ();
      if (stop_early)
        break;
    }
  for (auto &t : ts)
    if (t.joinable ())
      t.detach ();
#else
  for (auto &t : ts)
    t.join ();
#endif
#endif
  s0 = x;
  s1 = y;
#ifdef MOVED_OUT
  keep.join ();
#endif
  return r0 + r1 + s0 + s1;
}
