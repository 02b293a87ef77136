// entries_async_vector.cc — store buffering between two std::async tasks
// started in a loop whose futures main keeps in a std::vector and waits
// for with a loop of get (): `futs.push_back (std::async (...))`, then
// `for (auto &f : futs) total += f.get ();` (handles.cc,
// wmm_future_pushed; region.cc: the vector is one group, the get loop
// joins it whole).  Main writes x and y after the loop: not concurrent.
// Minimum: a full fence in each task (task's two cases), none in main.
// Variants where a task may still run when main writes (main fenced):
//   -DBREAK  the get loop may stop early;
//   -DFIRST  main waits for the first future only;
//   -DMOVED  the vector is moved to another before the loop.
#include <future>
#include <utility>
#include <vector>

int x, y, r0, r1;

static long task (int i)
{
  if (i == 0)
    {
      x = 1;
      r0 = y;
    }
  else
    {
      y = 1;
      r1 = x;
    }
  return i;
}

int main ()
{
  std::vector<std::future<long>> futs;
  for (int i = 0; i < 2; i++)
    futs.push_back (std::async (std::launch::async, task, i));
  long total = 0;
#if defined FIRST
  total = futs[0].get ();
#elif defined MOVED
  std::vector<std::future<long>> all (std::move (futs));
  for (auto &f : all)
    total += f.get ();
#else
  for (auto &f : futs)
    {
# ifdef BREAK
      if (total > 5)
        break;
# endif
      total += f.get ();
    }
#endif
  x = 2;
  y = 2;
  return (int) total + r0 + r1;
}
