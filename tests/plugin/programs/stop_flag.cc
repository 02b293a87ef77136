// stop_flag.cc — stop_flag.c as C++ writes it: a std::thread runs a
// lambda that sums main's data while a std::atomic<bool> stop flag
// (relaxed loads and store) is false; main writes the data, then
// stop.store (true).  Reading true ends the loop, so the lambda never
// reads the data after seeing the flag: no fence (value guards through
// std::atomic<bool>'s load and store, which the plugin collects at each
// call site).  -DAFTER: the lambda reads the data after its loop too
// (message passing through the flag: fenced on the weak targets).
// Usage: stop_flag   prints the sum's sign and what the lambda saw after
#include <atomic>
#include <cstdio>
#include <thread>

std::atomic<bool> stop{false};
int data, seen;
long total;

int main()
{
  std::thread worker([] {
    long sum = 0;
    while (!stop.load(std::memory_order_relaxed))
      sum += data;
#ifdef AFTER
    seen = data;
#endif
    total = sum;
  });
  data = 42;
  stop.store(true, std::memory_order_relaxed);
  worker.join();
  std::printf("%d %d\n", total >= 0, seen);
  return 0;
}
