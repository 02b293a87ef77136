// cxx_vector_cout.cc — the usual C++ workers: std::thread objects
// emplaced into a std::vector with a lambda capturing a counter by
// reference and the thread's number by value, a range-for joining them,
// then std::cout printing the result; each worker also sets `x` and reads
// `y`, which main writes and reads after the joins (store buffering only
// if main ran beside the workers).  The lambda's state object is
// destroyed by the thread itself when it ends (the library deletes it
// after _M_run); its destructor touches only the state object, so it
// starts nothing and main runs alone after the joins: no fence on any
// target (entries.cc, state_dtor_private).  Before, the destructor's
// address in the state's vtable made it an escaped function that any
// unknown call (the `std::cout <<`) might start, and main stayed
// concurrent to its end.
// GUARD: the lambda also captures by value a guard whose destructor does
// store buffering with main (`done = 1; r1 = seen;` against main's
// `seen = 1; r0 = done;` between the creates and the joins): the state's
// destructor now touches shared memory, and both sides keep a full fence.
// threads_arrays.sh
#include <iostream>
#include <mutex>
#include <thread>
#include <vector>

struct Counter {
  std::mutex m;
  long n = 0;
  void add (long k) { std::lock_guard<std::mutex> g (m); n += k; }
};

int x, y, rx, ry;

#ifdef GUARD
int seen, done, r0, r1;
struct Guard {
  Guard () = default;
  Guard (const Guard &) = default;
  __attribute__ ((noinline)) ~Guard () { done = 1; r1 = seen; }
};
#endif

int main ()
{
  Counter c;
  std::vector<std::thread> ts;
#ifdef GUARD
  Guard g;
  for (int i = 0; i < 2; i++)
    ts.emplace_back ([&c, i, g] { c.add (i); });
  seen = 1;
  r0 = done;
#else
  for (int i = 0; i < 4; i++)
    ts.emplace_back ([&c, i] {
      for (int j = 0; j < 100; j++)
        c.add (i + j);
      x = 1;
      ry = y;
    });
#endif
  for (auto &t : ts)
    t.join ();
  std::cout << c.n << "\n";
  y = 1;
  rx = x;
  return 0;
}
