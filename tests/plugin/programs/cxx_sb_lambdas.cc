// cxx_sb_lambdas.cc — store buffering between two std::thread lambdas
// through relaxed std::atomic<int> (tests/plugin/empty_helpers.sh).  Each
// store() and load() calls std::__is_constant_evaluated, a helper without
// memory accesses that GCC inlines everywhere: the one full fence each
// thread needs goes between its store and load, not into that helper
// (where it used to be copied into every atomic operation: 5 per thread).
#include <atomic>
#include <cstdio>
#include <thread>

std::atomic<int> x{0}, y{0};
int r0, r1;

int main()
{
  std::thread a([] {
    x.store(1, std::memory_order_relaxed);
    r0 = y.load(std::memory_order_relaxed);
  });
  std::thread b([] {
    y.store(1, std::memory_order_relaxed);
    r1 = x.load(std::memory_order_relaxed);
  });
  a.join();
  b.join();
  std::printf("%d %d\n", r0, r1);
}
