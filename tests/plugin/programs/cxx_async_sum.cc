// cxx_async_sum.cc — std::async tasks (launch::async) summing slices of a
// vector main filled before launching them, the results collected with
// future::get, the total printed with std::cout and std::endl: no fence
// on any target.  Before 2026-12-03 the indirect call std::endl is given
// to left std::call_once's trampoline lambda (each state's call_once
// (flag, &thread::join, ...)) an entry of several instances whose
// unresolved call reached the vector: 2 syncs on Power and ARMv7.
// -DRACE (main publishes a bonus through a plain flag while the tasks
// run, message passing): main and the task fenced on the weak targets.
#include <future>
#include <iostream>
#include <numeric>
#include <vector>

#ifdef RACE
static int bonus, ready;
#endif

static long
sum_range (const std::vector<int> &v, size_t lo, size_t hi)
{
  long s = std::accumulate (v.begin () + lo, v.begin () + hi, 0L);
#ifdef RACE
  if (ready)
    s += bonus;
#endif
  return s;
}

int
main ()
{
  std::vector<int> v (100000, 1);
  const size_t parts = 4, chunk = v.size () / parts;
  std::vector<std::future<long> > fs;
  for (size_t i = 0; i < parts; ++i)
    fs.push_back (std::async (std::launch::async, sum_range, std::cref (v),
                              i * chunk, (i + 1) * chunk));
#ifdef RACE
  bonus = 7;
  ready = 1;
#endif
  long total = 0;
  for (auto &f : fs)
    total += f.get ();
  std::cout << total << std::endl;
  return 0;
}
