// cxx_vector_threads.cc — message passing between two lambdas that main
// starts into a std::vector<std::thread> and joins by a range-for, as C++
// code keeps its threads.  emplace_back constructs each thread either in
// place or in the branch that grows the vector first: one thread per
// lambda (entries.cc creations_once), so Power needs one lwsync on each
// side (minimum), ARMv8 a dmb ishst and a dmb ishld, x86 nothing.
// Variants with a second producer (two threads run its lambda, a sync on
// Power since 2 writers may race):
//   -DTWICE  the producer's closure is emplaced twice (one path);
//   -DLOOP   the producer's closure is emplaced in a loop of two.
// Example: g++ -O2 -pthread -fplugin=wmmfence.so -fwmm-arch=power -c cxx_vector_threads.cc
#include <cstdio>
#include <thread>
#include <vector>

struct box { int data = 0; int ready = 0; };

int main ()
{
  box b;
  int r = 0;
  std::vector<std::thread> ts;
  auto produce = [&] { b.data = 42; b.ready = 1; };
#if defined TWICE
  ts.emplace_back (produce);
  ts.emplace_back (produce);
#elif defined LOOP
  for (int i = 0; i < 2; i++)
    ts.emplace_back (produce);
#else
  ts.emplace_back (produce);
#endif
  ts.emplace_back ([&] { if (b.ready) r = b.data; });
  for (auto &t : ts)
    t.join ();
  std::printf ("%d\n", r);
  return 0;
}
