// callsite_mp.cc — message passing with relaxed std::atomic members, the
// way C++ code writes it (callsite_fences.sh): data.store (1, relaxed);
// flag.store (1, relaxed) in one lambda, a spin on flag.load (relaxed)
// and data.load (relaxed) in the other.  libstdc++'s store and load are
// small inline members collected for each call: the fences belong in the
// lambdas, between the calls (one each), not in store and load, which
// every atomic access of the program runs.
#include <atomic>
#include <cstdio>
#include <thread>

std::atomic<int> data {0}, flag {0};
int got;

int main ()
{
  std::thread a ([] {
    data.store (1, std::memory_order_relaxed);
    flag.store (1, std::memory_order_relaxed);
  });
  std::thread b ([] {
    while (!flag.load (std::memory_order_relaxed))
      ;
    got = data.load (std::memory_order_relaxed);
  });
  a.join ();
  b.join ();
  std::printf ("%d\n", got);
}
