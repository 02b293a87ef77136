// cxx_spinflag.cc — store buffering inside critical sections of a spin
// lock made of a std::atomic_flag: test_and_set (acquire) in a loop,
// clear (release).  The sections exclude each other: no fence.
// -DRELAXED: the flag's operations are relaxed, which makes it no lock
// (store buffering's fences come back).
#include <atomic>
#include <thread>

#ifdef RELAXED
#define TAKE std::memory_order_relaxed
#define FREE std::memory_order_relaxed
#else
#define TAKE std::memory_order_acquire
#define FREE std::memory_order_release
#endif

static std::atomic_flag lk = ATOMIC_FLAG_INIT;
int x, y, r0, r1;

static void left ()
{
  while (lk.test_and_set (TAKE))
    ;
  x = 1;
  r0 = y;
  lk.clear (FREE);
}

static void right ()
{
  while (lk.test_and_set (TAKE))
    ;
  y = 1;
  r1 = x;
  lk.clear (FREE);
}

int main ()
{
  std::thread a (left), b (right);
  a.join ();
  b.join ();
  return r0 + r1;
}
