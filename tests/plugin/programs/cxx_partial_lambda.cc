// cxx_partial_lambda.cc — per-thread partial sums written the way C++
// tutorials write them: std::threads in a vector, each running a lambda
// that captures main's sums by reference and its index by value and adds
// into `partial[t]`.  One run of the lambda touches one element however
// often its loop runs (the closure is the thread's own and only read):
// no fence on any target (tests/plugin/keyed_members.sh).
//   -DSTDARRAY  the sums in a std::array (operator[] returns the element)
//   -DVECTOR    the sums and the data in std::vectors of main, both
//               captured by reference (operator[] loads the vector's
//               start from main's object, which no code but the lambdas'
//               and main's reaches and nothing writes while they run:
//               std::thread's library code only runs the state's _M_run)
//   -DVECTOR -DGROW  main reserves room in the vector while the lambdas
//               run (its start moves): fenced
//   -DVECTOR -DSWAP  main swaps the sums with another vector while the
//               lambdas run: fenced
//   -DBYREF     the index captured by reference: main's loop counter,
//               which moves while the lambdas run
//   -DSB        each lambda writes its sum and reads its neighbour's
//               (store buffering): fenced everywhere
#include <array>
#include <iostream>
#include <thread>
#include <vector>

#ifndef VECTOR
static int data[1000];
#endif

int
main ()
{
  const int n = 4;
#ifdef VECTOR
  std::vector<int> data (1000, 1);
#else
  for (int &d : data)
    d = 1;
#endif
#if defined STDARRAY
  std::array<long, n> partial{};
#elif defined VECTOR
  std::vector<long> partial (n);
#else
  long partial[n] = {};
#endif
  std::vector<std::thread> ts;
  for (int t = 0; t < n; ++t)
#if defined BYREF && defined VECTOR
    ts.emplace_back ([&partial, &data, &t] {
#elif defined BYREF
    ts.emplace_back ([&partial, &t] {
#elif defined VECTOR
    ts.emplace_back ([&partial, &data, t] {
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
#ifdef SWAP
  std::vector<long> other (n);
  partial.swap (other);
#endif
  for (auto &th : ts)
    th.join ();
  long sum = 0;
  for (long p : partial)
    sum += p;
  std::cout << sum << "\n";
}
