// cxx_print_mp.cc — message passing the way C++ code writes it: a
// producer std::thread fills a static message and sets a std::atomic<bool>
// with release order, a consumer waits with acquire order, then prints
// the message with std::cout.  The print is library code the unit cannot
// see; it cannot reach the static message or flag (their addresses never
// leave the unit, and the lambdas that touch them only run as the
// std::threads' bodies, never called back from a library call): no fence
// (before: x86 1 mfence, Power 6 lwsyncs).
// Variant that must keep fences (store buffering, on every target):
//   -DCALLBACK  two more threads: one stores x, then sorts with std::qsort
//               and a comparator that reads y; the other stores y and
//               reads x: the comparator runs inside the library call.
#include <atomic>
#include <cstdlib>
#include <iostream>
#include <thread>

struct Msg
{
  int a, b;
};
static Msg msg;
static std::atomic<bool> ready{ false };

#ifdef CALLBACK
static int x, y, seen;
static int
by_value (const void *p, const void *q)
{
  seen += y;
  return *(const int *) p - *(const int *) q;
}
#endif

int
main ()
{
  std::thread prod ([] {
    msg.a = 1;
    msg.b = 2;
    ready.store (true, std::memory_order_release);
  });
  std::thread cons ([] {
    while (!ready.load (std::memory_order_acquire))
      {
      }
    std::cout << msg.a + msg.b << "\n";
  });
#ifdef CALLBACK
  static int r;
  std::thread sorter ([] {
    int buf[4] = { 3, 1, 2, 0 };
    x = 1;
    std::qsort (buf, 4, sizeof buf[0], by_value);
  });
  std::thread other ([] {
    y = 1;
    r = x;
  });
  sorter.join ();
  other.join ();
#endif
  prod.join ();
  cons.join ();
  return 0;
}
