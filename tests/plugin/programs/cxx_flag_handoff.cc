// cxx_flag_handoff.cc — a struct published through a std::atomic<bool>
// (release store, acquire load in a wait loop) between two std::thread
// lambdas, as C++ code writes it: no fence on any target
// (analysis/placement/syncread.c; tests/plugin/flag_handoff.sh).
// -DRELAXED: the flag stored relaxed (fenced on the weak targets).
#include <atomic>
#include <cstdio>
#include <thread>

struct Msg { int a, b; };
Msg msg;
std::atomic<bool> ready{false};

int main()
{
  std::thread producer([] {
    msg.a = 1;
    msg.b = 2;
#ifdef RELAXED
    ready.store(true, std::memory_order_relaxed);
#else
    ready.store(true, std::memory_order_release);
#endif
  });
  std::thread consumer([] {
    while (!ready.load(std::memory_order_acquire))
      ;
    std::printf("%d %d\n", msg.a, msg.b);
  });
  producer.join();
  consumer.join();
}
