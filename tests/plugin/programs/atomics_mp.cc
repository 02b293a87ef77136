// atomics_mp.cc — message passing with std::atomic<int>, a release store
// and an acquire load (tests/plugin/atomics.sh).  store() and load() are
// one code unit each, called here with two orders: in the code collected
// for each call the call's own order holds (no fence needed); the unit's
// own body takes the weakest (relaxed), with a note.
#include <atomic>
#include <pthread.h>

std::atomic<int> data, flag;
int r0, r1;

extern "C" void *P0(void *)
{
  data.store(1, std::memory_order_relaxed);
  flag.store(1, std::memory_order_release);
  return nullptr;
}

extern "C" void *P1(void *)
{
  r0 = flag.load(std::memory_order_acquire);
  r1 = data.load(std::memory_order_relaxed);
  return nullptr;
}

int main()
{
  pthread_t a, b;
  pthread_create(&a, nullptr, P0, nullptr);
  pthread_create(&b, nullptr, P1, nullptr);
  pthread_join(a, nullptr);
  pthread_join(b, nullptr);
  return r0 + r1;
}
