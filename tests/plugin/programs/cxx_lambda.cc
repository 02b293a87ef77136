// cxx_lambda.cc — lambdas run by std::threads, written the way C++ code
// starts a pool: captures by value (the index and a bound), std::max on
// locals, the work on a global table under a lock_guard, the threads in a
// std::vector joined by a range-for.  A lambda's captures live in the
// thread's own state (std::thread moves the closure into a fresh object
// only that thread runs), and std::max returns a reference to one of its
// arguments, here locals: no fence (minimum).
// Variants that must keep store buffering's fences on both sides:
//   -DREF  two lambdas capture main's locals x, y by reference and do
//          store buffering through them;
//   -DPTR  two lambdas capture by value a pointer to a global pair;
//   -DMAX  store buffering where one side reads the other's flag through
//          std::max (a reference to the global comes back).
#include <algorithm>
#include <cstdio>
#include <mutex>
#include <thread>
#include <vector>

static std::mutex m;
static long table[16];

struct pair { int x, y; };
static pair g;
static int gx, gy;
static int r0, r1;

int main ()
{
#if defined REF
  int x = 0, y = 0;
  std::thread a ([&] { x = 1; r0 = y; });
  std::thread b ([&] { y = 1; r1 = x; });
  a.join ();
  b.join ();
#elif defined PTR
  pair *p = &g;
  std::thread a ([p] { p->x = 1; r0 = p->y; });
  std::thread b ([p] { p->y = 1; r1 = p->x; });
  a.join ();
  b.join ();
#elif defined MAX
  std::thread a ([] { int low = 0; gx = 1; r0 = std::max (gy, low); });
  std::thread b ([] { int low = 0; gy = 1; r1 = std::max (gx, low); });
  a.join ();
  b.join ();
#else
  int n = 100;
  std::vector<std::thread> pool;
  for (int i = 0; i < 4; i++)
    pool.emplace_back ([i, n] {
      long s = 0;
      for (int k = 0; k < n; k++)
        s += std::max (k * i, 50);
      std::lock_guard<std::mutex> guard (m);
      table[i & 15] += s;
    });
  for (auto &th : pool)
    th.join ();
  std::printf ("%ld\n", table[1]);
#endif
  return r0 + r1;
}
