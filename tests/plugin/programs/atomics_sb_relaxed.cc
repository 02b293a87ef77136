// atomics_sb_relaxed.cc — store buffering with relaxed std::atomic<int>
// (tests/plugin/atomics.sh): the order reaches __atomic_store_4 inside
// libstdc++'s store() as a parameter; after inlining GCC emits a plain
// store and load, so a full fence is needed between them.
#include <atomic>
#include <pthread.h>

std::atomic<int> x, y;
int r0, r1;

extern "C" void *P0(void *)
{
  x.store(1, std::memory_order_relaxed);
  r0 = y.load(std::memory_order_relaxed);
  return nullptr;
}

extern "C" void *P1(void *)
{
  y.store(1, std::memory_order_relaxed);
  r1 = x.load(std::memory_order_relaxed);
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
