// cxx_heap_stats.cc — statistics as C++ code keeps them: std::atomic<long>
// members of an object on the heap (std::make_unique), counted by
// std::threads with `fetch_add (1, std::memory_order_relaxed)` statements
// that drop the value (libstdc++'s fetch_add returns its builtin's result
// to callers that all drop it), printed after the joins: no fence orders
// the updates.
//   -DUSED  a thread stops at the thousandth hit, the value fetch_add
//           returns: fenced on the weak targets
//   -DPEEK  main prints the misses and the hits while the threads run:
//           fenced on the weak targets
// Usage: cxx_heap_stats
#include <atomic>
#include <cstdio>
#include <memory>
#include <thread>
#include <vector>

struct Stats {
  std::atomic<long> hits{0}, misses{0};
};

int main()
{
  auto st = std::make_unique<Stats>();
  std::vector<std::thread> ts;
  for (int t = 0; t < 4; t++)
    ts.emplace_back([&st, t] {
      for (int i = 0; i < 10000; i++) {
        if ((i + t) % 3) {
#ifdef USED
          if (st->hits.fetch_add(1, std::memory_order_relaxed) == 1000)
            break;
#else
          st->hits.fetch_add(1, std::memory_order_relaxed);
#endif
        } else
          st->misses.fetch_add(1, std::memory_order_relaxed);
      }
    });
#ifdef PEEK
  long m = st->misses.load(std::memory_order_relaxed);
  long h = st->hits.load(std::memory_order_relaxed);
  std::fprintf(stderr, "so far %ld hits, %ld misses\n", h, m);
#endif
  for (auto &th : ts)
    th.join();
  std::printf("%ld %ld\n", st->hits.load(), st->misses.load());
}
