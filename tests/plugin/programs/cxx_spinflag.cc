// cxx_spinflag.cc — store buffering inside critical sections of a spin
// lock made of a std::atomic_flag: test_and_set (acquire) in a loop,
// clear (release).  The sections exclude each other: no fence.
// -DBOOL: the lock is a std::atomic<bool> in a class, taken by
// test-and-test-and-set (exchange (true, acquire), spinning on a relaxed
// load) and freed by store (false, release), the way C++ code writes a
// spin lock: no fence either.
// -DLATCH (C++20): both threads first wait on a std::latch, whose
// counter libstdc++ updates with atomic builtins through a `long *`: no
// write of the flag's `bool` word (locks.cc pointee_alias_set), still a
// lock.
// Variants that make it no lock (store buffering's fences come back):
//   -DRELAXED  the operations are relaxed;
//   -DBOOL -DSETS  the bool is freed by storing true.
#include <atomic>
#include <thread>
#ifdef LATCH
#include <latch>
static std::latch start (2);
#define WAIT_START() start.arrive_and_wait ()
#else
#define WAIT_START() ((void) 0)
#endif

#ifdef RELAXED
#define TAKE std::memory_order_relaxed
#define FREE std::memory_order_relaxed
#else
#define TAKE std::memory_order_acquire
#define FREE std::memory_order_release
#endif

#ifdef BOOL
class spin_lock
{
  std::atomic<bool> held_{ false };

public:
  void
  lock ()
  {
    while (held_.exchange (true, TAKE))
      while (held_.load (std::memory_order_relaxed))
        ;
  }
  void
  unlock ()
  {
#ifdef SETS
    held_.store (true, FREE);
#else
    held_.store (false, FREE);
#endif
  }
};
static spin_lock lk;
#define TAKE_LOCK() lk.lock ()
#define FREE_LOCK() lk.unlock ()
#else
static std::atomic_flag lk = ATOMIC_FLAG_INIT;
#define TAKE_LOCK() while (lk.test_and_set (TAKE))
#define FREE_LOCK() lk.clear (FREE)
#endif
int x, y, r0, r1;

static void left ()
{
  WAIT_START ();
  TAKE_LOCK ();
  x = 1;
  r0 = y;
  FREE_LOCK ();
}

static void right ()
{
  WAIT_START ();
  TAKE_LOCK ();
  y = 1;
  r1 = x;
  FREE_LOCK ();
}

int main ()
{
  std::thread a (left), b (right);
  a.join ();
  b.join ();
  return r0 + r1;
}
