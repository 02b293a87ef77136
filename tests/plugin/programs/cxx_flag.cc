// cxx_flag.cc — message passing through a std::atomic<bool> flag, the way
// C++ code writes it: the producer fills an array, then
// ready.store (true, std::memory_order_release); the consumer spins on
// ready.load (std::memory_order_acquire) and checks the array.  The array
// races with nothing: no fence beyond the flag's own orders.  -DRELAXED:
// the consumer's load is relaxed (message passing's fences come back).
// -DLAMBDA: the threads are lambdas and the flag a std::atomic<int> (still
// none); -DLAMBDA -DTWICE: the producer lambda runs in two threads (its
// writes race: fences).
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

#ifdef LAMBDA
static std::atomic<int> go{0};

int main ()
{
  auto put = [] {
    for (int i = 0; i < 4; i++)
      data[i] = i + 1;
    go.store (1, std::memory_order_release);
  };
  std::thread a (put);
#ifdef TWICE
  std::thread a2 (put);
#endif
  std::thread b ([] {
    while (!go.load (LOAD_ORDER))
      ;
    for (int i = 0; i < 4; i++)
      if (data[i] != i + 1)
        std::abort ();
  });
  a.join ();
#ifdef TWICE
  a2.join ();
#endif
  b.join ();
  return 0;
}
#else
int main ()
{
  std::thread a (producer), b (consumer);
  a.join ();
  b.join ();
  return 0;
}
#endif
