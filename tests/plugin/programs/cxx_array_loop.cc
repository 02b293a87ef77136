// cxx_array_loop.cc — store buffering between two std::threads created in
// a loop into a C array by move assignment, `ts[i] = std::thread (work,
// i)` (i is passed by reference to the constructor, so the loop's counter
// lives in memory), and joined by a range-for or an index loop over the
// whole array; main then reads both locations, alone: it needs no fence
// (region.cc: a thread moved into an element that held one terminates the
// program, so the element held none; the loop joining every element joins
// every thread the array holds).  Minimum: full fences in work, none in
// main.  Variants (-D): INDEX_JOIN joins with an index loop; STDARRAY
// keeps the threads in a std::array (operator[], begin () and end () are
// the library's inline code); those in which main still runs next to a
// worker keep main's fences: PARTIAL (the loop joins ts[0] only, ts[1] is
// detached), EARLY (main reads before the joins), MOVED_OUT (ts[1]'s
// thread moved to another handle through a reference and ts[1] filled
// again; the moved one is joined after main's reads).  threads_arrays.sh
#include <array>
#include <thread>

int x, y, r0, r1, s0, s1;

static void
work (int k)
{
  if (k == 0)
    {
      x = 1;
      r0 = y;
    }
  else
    {
      y = 1;
      r1 = x;
    }
}

int
main ()
{
#ifdef STDARRAY
  std::array<std::thread, 2> ts;
#else
  std::thread ts[2];
#endif
  for (int i = 0; i < 2; i++)
    ts[i] = std::thread (work, i);
#ifdef MOVED_OUT
  std::thread &last = ts[1];
  std::thread keep = std::move (last);
  ts[1] = std::thread (work, 1);
#endif
#ifdef EARLY
  s0 = x;
  s1 = y;
#endif
#if defined INDEX_JOIN
  for (int i = 0; i < 2; i++)
    ts[i].join ();

#elif defined PARTIAL
  for (int i = 0; i < 1; i++)
    ts[i].join ();
  ts[1].detach ();
#else
  for (auto &t : ts)
    t.join ();
#endif
  s0 = y;
  s1 = x;
#ifdef MOVED_OUT
  keep.join ();
#endif
  return s0 + s1 + r0 + r1 == 5;
}
