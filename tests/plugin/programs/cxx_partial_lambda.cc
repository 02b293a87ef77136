// cxx_partial_lambda.cc — per-thread partial sums written the way C++
// tutorials write them: std::threads in a vector, each running a lambda
// that captures main's sums by reference and its index by value and adds
// into `partial[t]`.  One run of the lambda touches one element however
// often its loop runs (the closure is the thread's own and only read):
// no fence on any target (tests/plugin/keyed_members.sh).
//   -DSTDARRAY  the sums in a std::array (operator[] returns the element)
//   -DVECTOR    the sums in a std::vector (operator[] loads the vector's
//               start from main's object, which std::thread's library
//               code may reach: fenced as before)
//   -DVECTOR -DGROW  main reserves room in the vector while the lambdas
//               run (its start moves): fenced
//   -DBYREF     the index captured by reference: main's loop counter,
//               which moves while the lambdas run
//   -DSB        each lambda writes its sum and reads its neighbour's
//               (store buffering): fenced everywhere
#include <array>
#include <iostream>
#include <thread>
#include <vector>

static int data[1000];

int
main ()
{
  const int n = 4;
  for (int &d : data)
    d = 1;
#if defined STDARRAY
  std::array<long, n> partial{};
#elif defined VECTOR
  std::vector<long> partial (n);
#else
  long partial[n] = {};
#endif
  std::vector<std::thread> ts;
  for (int t = 0; t < n; ++t)
#ifdef BYREF
    ts.emplace_back ([&partial, &t] {
#else
    ts.emplace_back ([&partial, t] {
#endif
      for (int i = t; i < 1000; i += n)
        partial[t] += data[i];
#ifdef SB
      partial[t] = 1;
      if (partial[t ^ 1] == 0)
        data[t] = 2;
#endif
    });
#ifdef GROW
  partial.reserve (64);
#endif
  for (auto &th : ts)
    th.join ();
  long sum = 0;
  for (long p : partial)
    sum += p;
  std::cout << sum << "\n";
}
