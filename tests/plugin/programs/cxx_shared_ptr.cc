// cxx_shared_ptr.cc — two std::threads each given a copy of one
// std::shared_ptr by their lambdas' captures (by value): the closures'
// implicit constructors, which copy the captures into the threads' states,
// and the reference counts are the library's side of the thread; main
// fills the object before the threads start, they only read it: no fence
// on x86.  -DSB: the threads do store buffering on two members of the
// shared object: fenced on every target.
#include <cstdio>
#include <memory>
#include <thread>

struct Data { int a, b, v[16]; };

int main ()
{
  auto d = std::make_shared<Data> ();
  for (int i = 0; i < 16; i++)
    d->v[i] = i;
  long sums[2] = { 0, 0 };
#ifdef SB
  std::thread x ([d, &sums] { d->a = 1; sums[0] = d->b; });
  std::thread y ([d, &sums] { d->b = 1; sums[1] = d->a; });
#else
  std::thread x ([d, &sums] { for (int i = 0; i < 16; i++) sums[0] += d->v[i]; });
  std::thread y ([d, &sums] { for (int i = 0; i < 16; i++) sums[1] += 2 * d->v[i]; });
#endif
  x.join ();
  y.join ();
  std::printf ("%ld %ld\n", sums[0], sums[1]);
  return 0;
}
