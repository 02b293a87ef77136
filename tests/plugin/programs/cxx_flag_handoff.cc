// cxx_flag_handoff.cc — a struct published through a std::atomic<bool>
// (release store, acquire load in a wait loop) between two std::thread
// lambdas, as C++ code writes it: no fence on any target
// (analysis/placement/syncread.c; tests/plugin/flag_handoff.sh).
// -DRELAXED: the flag stored relaxed (fenced on the weak targets).
// -DSTARTS_SET: the flag initialized true, so the consumer need not wait,
// and it reads b before a (fenced on the weak targets; the atomic's class
// initializer was taken for 0 until 2026-12-07).
#include <atomic>
#include <cstdio>
#include <thread>

struct Msg { int a, b; };
Msg msg;
#ifdef STARTS_SET
std::atomic<bool> ready{true};
#else
std::atomic<bool> ready{false};
#endif

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
#ifdef STARTS_SET
    int b = msg.b, a = msg.a;   // (b first: message passing's order)
    std::printf("%d %d\n", a, b);
#else
    std::printf("%d %d\n", msg.a, msg.b);
#endif
  });
  producer.join();
  consumer.join();
}
