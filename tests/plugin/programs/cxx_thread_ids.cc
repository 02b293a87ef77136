// cxx_thread_ids.cc — C++ workers numbered by their std::thread argument:
// `ts.emplace_back (worker, t)` in a counting loop (or `std::thread
// (worker, t)` into an array: -DARRAY; or a lambda capturing t by
// value, `ts.emplace_back ([t] { ... })`: -DLAMBDA; or two threads
// numbered by constants, `std::thread a (worker, 0), b (worker, 1)`:
// -DPAIR; C++20's std::jthread, joined by the vector's destructor:
// -DJTHREAD), each worker adding
// into partial[id], main summing after the joins.  The thread's copy of
// t is made before the call returns and t only grows, so no two threads
// get one number (claims.cc std_thread_ids, closure_member_ids): partial
// is private, no fence on any target (x86 1 mfence, Power 2 syncs
// before).  Racy variants:
//   -DNEXT   a worker also reads its neighbour's slot: fenced;
//   -DBYREF  (with -DLAMBDA) t captured by reference, `[&t]`: fenced;
//   -DSTALL  the loop does not count on every way round (t grows only
//            when `fast`): two threads may share a number;
//   -DPEEK   main reads slot 0 before the joins;
//   -DSAME   (with -DPAIR) both threads numbered 0: these three make no
//            cycle (a run of a worker touches one slot): no fence.
// Example: g++ -std=c++17 -O2 -pthread -fplugin=wmmfence.so -c cxx_thread_ids.cc
#include <cstdio>
#include <thread>
#include <vector>

const int T = 4;
long partial[T];
long seen;
bool fast = true;

#ifdef NEXT
#define WORK(id) { for (int i = 0; i < 1000; i++) partial[id] += i; \
                   seen += partial[((id) + 1) % T]; }
#else
#define WORK(id) { for (int i = 0; i < 1000; i++) partial[id] += i; }
#endif

void
worker (int id)
{
  WORK (id)
}

int
main ()
{
#ifdef PAIR
#ifdef SAME
  std::thread a (worker, 0), b (worker, 0);
#else
  std::thread a (worker, 0), b (worker, 1);
#endif
#ifdef PEEK
  seen = partial[0];
#endif
  a.join ();
  b.join ();
  std::printf ("%ld %ld\n", partial[0] + partial[1], seen);
  return 0;
#endif
#ifdef JTHREAD
  {
    std::vector<std::jthread> ts;
    for (int t = 0; t < T; t++)
      ts.emplace_back (worker, t);
#ifdef PEEK
    seen = partial[0];
#endif
  }
  long all = 0;
  for (int t = 0; t < T; t++)
    all += partial[t];
  std::printf ("%ld %ld\n", all, seen);
  return 0;
#endif
#ifdef ARRAY
  std::thread ts[T];
  for (int t = 0; t < T; t++)
    ts[t] = std::thread (worker, t);
#else
  std::vector<std::thread> ts;
#ifdef STALL
  for (int t = 0; t < T;)
    {
      ts.emplace_back (worker, t);
      if (fast)
        t++;
    }
#elif defined BYREF
  for (int t = 0; t < T; t++)
    ts.emplace_back ([&t] { WORK (t) });
#elif defined LAMBDA
  for (int t = 0; t < T; t++)
    ts.emplace_back ([t] { WORK (t) });
#else
  for (int t = 0; t < T; t++)
    ts.emplace_back (worker, t);
#endif
#endif
#ifdef PEEK
  seen = partial[0];
#endif
  for (auto &th : ts)
    th.join ();
  long sum = 0;
  for (int t = 0; t < T; t++)
    sum += partial[t];
  std::printf ("%ld %ld\n", sum, seen);
  return 0;
}
