// cxx_flag.cc — message passing through a std::atomic<bool> flag, the way
// C++ code writes it: the producer fills an array, then
// ready.store (true, std::memory_order_release); the consumer spins on
// ready.load (std::memory_order_acquire) and checks the array.  The array
// races with nothing: no fence beyond the flag's own orders.  -DRELAXED:
// the consumer's load is relaxed (message passing's fences come back).
#include <atomic>
#include <cstdlib>
#include <thread>

static int data[4];
static std::atomic<bool> ready{false};

#ifdef RELAXED
#define LOAD_ORDER std::memory_order_relaxed
#else
#define LOAD_ORDER std::memory_order_acquire
#endif

static void producer ()
{
  for (int i = 0; i < 4; i++)
    data[i] = i + 1;
  ready.store (true, std::memory_order_release);
}

static void consumer ()
{
  while (!ready.load (LOAD_ORDER))
    ;
  for (int i = 0; i < 4; i++)
    if (data[i] != i + 1)
      std::abort ();
}

int main ()
{
  std::thread a (producer), b (consumer);
  a.join ();
  b.join ();
  return 0;
}
