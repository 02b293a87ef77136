// entries_thread_spawn.cc — a std::thread whose lambda starts a detached
// thread of its own: joining the first does not end the second, so main's
// store buffering after the join with the detached thread keeps a full
// fence (a create whose thread may start threads is a starter, for
// std::thread's constructor as for pthread_create; entries.cc).
//   -DVECTOR the same lambda started by `ts.emplace_back (...)` into a
//            std::vector<std::thread> joined by a range-for: main fenced;
//   -DPLAIN  the lambda does the store buffering itself (no thread of its
//            own): main after the join is alone, no fence in main.
#include <thread>
#include <vector>

int x, y, r1, r2;

int main ()
{
#if defined PLAIN
  std::thread a ([] { x = 1; r1 = y; });
  a.join ();
#elif defined VECTOR
  std::vector<std::thread> ts;
  ts.emplace_back ([] { std::thread ([] { x = 1; r1 = y; }).detach (); });
  for (auto &t : ts)
    t.join ();
#else
  std::thread a ([] { std::thread ([] { x = 1; r1 = y; }).detach (); });
  a.join ();
#endif
  y = 2;
  r2 = x;
  return r1 + r2;
}
