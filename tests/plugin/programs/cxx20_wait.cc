/* cxx20_wait.cc — C++20 waiting as the standard library offers it:
 * message passing to main through a std::latch the workers count down
 * (default), through std::atomic<int>::wait / notify_one with release /
 * acquire (-DWAIT), or through a std::binary_semaphore (-DSEM).  Their
 * waiting machinery (libstdc++'s waiter pool, spin loops and futex calls)
 * touches only the library's own memory: no fence on any target
 * (tests/plugin/cxx20.sh), where the pool's counters and futex stand-ins
 * made cycles with the message before.  -DRELAXED (with -DWAIT): the
 * store and the wait are relaxed, and the message needs its fences.
 */
#include <atomic>
#include <latch>
#include <semaphore>
#include <thread>

int part0, part1, sum;

/* main reads the message in the order opposite to its writes (the cycle
   message passing needs) */
static int read_message () { int b = part1; int a = part0; return a + 10 * b; }

#if defined WAIT
#ifdef RELAXED
#define PUB std::memory_order_relaxed
#define SUB std::memory_order_relaxed
#else
#define PUB std::memory_order_release
#define SUB std::memory_order_acquire
#endif
std::atomic<int> ready{0};
static void produce () { part0 = 1; part1 = 2; ready.store (1, PUB); ready.notify_one (); }
static void consume () { ready.wait (0, SUB); }
#elif defined SEM
std::binary_semaphore ready (0);
static void produce () { part0 = 1; part1 = 2; ready.release (); }
static void consume () { ready.acquire (); }
#else
std::latch ready (2);
#endif

int main ()
{
#if defined WAIT || defined SEM
  std::thread a (produce);
  consume ();
  sum = read_message ();
  a.join ();
#else
  std::thread a ([] { part0 = 1; ready.count_down (); });
  std::thread b ([] { part1 = 2; ready.count_down (); });
  ready.wait ();
  sum = read_message ();
  a.join ();
  b.join ();
#endif
  return sum;
}
