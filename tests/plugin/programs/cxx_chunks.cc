// cxx_chunks.cc — the parallel loop C++ tutorials write with std::thread:
// the thread count from std::thread::hardware_concurrency (), each lambda
// capturing its block [lo, hi) by value, `lo = N * t / nt` and `hi = N *
// (t + 1) / nt` (size_t arithmetic, t unsigned), and writing out[i] for i
// in its block of a static array; main sums after the joins.  Distinct t
// give disjoint blocks (claims.cc closure_blocks, stored_block with a
// thread count main computes before the loop): no fence.
//   -DWIDE   blocks to t + 2: neighbours overlap
//   -DNEXT   each lambda also writes out[i + 1]: the next block's first
//   -DVECTOR out is main's std::vector<double>, captured by reference
//            (`[&out, lo, hi]`, out[i] through operator[]): the heap array
//            its start points to, which no thread changes (claims.cc
//            element_call): no fence, the same twins fenced; and
//   -DGROW   (with -DVECTOR) main appends to the vector while the threads
//            run: its start may move, fenced
// Example: g++ -O2 -pthread -fplugin=wmmfence.so -fwmm-arch=power -c cxx_chunks.cc
#include <cmath>
#include <cstdio>
#include <thread>
#include <vector>

static const size_t N = 1 << 16;
#ifndef VECTOR
static double out[N + 1];
#endif

int
main ()
{
#ifdef VECTOR
  std::vector<double> out (N + 1);
#endif
  unsigned nt = std::thread::hardware_concurrency ();
  if (nt == 0)
    nt = 2;
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < nt; ++t)
    {
      size_t lo = N * t / nt;
#ifdef WIDE
      size_t hi = N * (t + 2) / nt;
#else
      size_t hi = N * (t + 1) / nt;
#endif
#ifdef VECTOR
      pool.emplace_back ([&out, lo, hi] {
#else
      pool.emplace_back ([lo, hi] {
#endif
        for (size_t i = lo; i < hi; ++i)
          {
            out[i] = std::sqrt ((double) i);
#ifdef NEXT
            out[i + 1] = 0;
#endif
          }
      });
    }
#ifdef GROW
  out.push_back (1.0);
#endif
  for (auto &th : pool)
    th.join ();
  double s = 0;
  for (size_t i = 0; i < N; ++i)
    s += out[i];
  std::printf ("%f\n", s);
}
