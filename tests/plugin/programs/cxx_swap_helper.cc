// cxx_swap_helper.cc — the books' swap of two objects under both their
// mutexes (std::lock, then lock_guards that adopt them), the data swapped
// by an out-of-line helper given the objects' members by reference: the
// helper's accesses are members of the locked objects (locks.sh,
// "helpers given a locked object's member").
//   default: no fence on any target
//   -DOUTSIDE: the helper runs after the guards are gone: fenced
//   -DRELEASE: the helper is given the mutex too and unlocks it before it
//     swaps (the guard then adopts nothing): fenced
#include <iostream>
#include <mutex>
#include <thread>

struct big_object { long v[4] = { 0, 0, 0, 0 }; };

__attribute__ ((noinline)) void
swap_data (big_object &lhs, big_object &rhs)
{
  for (int i = 0; i < 4; ++i)
    {
      long t = lhs.v[i];
      lhs.v[i] = rhs.v[i];
      rhs.v[i] = t;
    }
}

__attribute__ ((noinline)) void
release_and_swap (big_object &lhs, big_object &rhs, std::mutex &m)
{
  m.unlock ();
  swap_data (lhs, rhs);
}

class X {
  big_object detail;
  std::mutex m;

public:
  explicit X (long x) { detail.v[0] = x; }
  friend void swap (X &lhs, X &rhs)
  {
    if (&lhs == &rhs)
      return;
    {
      std::lock (lhs.m, rhs.m);
      std::lock_guard<std::mutex> lock_a (lhs.m, std::adopt_lock);
#ifdef RELEASE
      rhs.m.lock ();
      release_and_swap (lhs.detail, rhs.detail, rhs.m);
      rhs.m.unlock ();
#else
      std::lock_guard<std::mutex> lock_b (rhs.m, std::adopt_lock);
#ifndef OUTSIDE
      swap_data (lhs.detail, rhs.detail);
#endif
#endif
    }
#ifdef OUTSIDE
    swap_data (lhs.detail, rhs.detail);
#endif
  }
  long first ()
  {
    std::lock_guard<std::mutex> g (m);
    return detail.v[0];
  }
};

int
main ()
{
  X a (1), b (2);
  std::thread t1 ([&] { for (int i = 0; i < 1000; ++i) swap (a, b); });
  std::thread t2 ([&] { for (int i = 0; i < 1000; ++i) swap (b, a); });
  t1.join ();
  t2.join ();
  std::cout << a.first () + b.first () << "\n";
  return 0;
}
