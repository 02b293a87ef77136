// cxx_async_capture.cc — message passing between two std::async tasks
// through main's struct, captured by reference (`[&b]`), as C++ code
// writes it.  A lambda's reference capture holds one address (&b) in every
// closure the program makes (localfields.cc), so the tasks' loads of it
// read a constant, no access: the closure lives in the shared state the
// future reads too, and its abstract heap words met main's other objects.
// x86 needs no fence (1 mfence before 2026-12-07); Power keeps message
// passing's fences (6 syncs, cost 12, before: the capture loads' cycles).
//   -DSB  store buffering through the captured struct: a full fence in
//         each task on every target.
// Example: g++ -O2 -pthread -fplugin=wmmfence.so -fwmm-arch=power -c cxx_async_capture.cc
#include <cstdio>
#include <future>

struct box { int data = 0, ready = 0; };

int main ()
{
  box b;
#ifdef SB
  auto p = std::async (std::launch::async, [&b] { b.data = 1; return b.ready; });
  auto c = std::async (std::launch::async, [&b] { b.ready = 1; return b.data; });
  int r0 = p.get (), r1 = c.get ();
  std::printf ("%d %d\n", r0, r1);
#else
  auto p = std::async (std::launch::async, [&b] { b.data = 42; b.ready = 1; });
  auto c = std::async (std::launch::async, [&b] { return b.ready ? b.data : -1; });
  p.get ();
  std::printf ("%d\n", c.get ());
#endif
  return 0;
}
