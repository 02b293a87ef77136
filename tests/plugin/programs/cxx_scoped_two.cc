// cxx_scoped_two.cc — a transfer between two accounts under
// std::scoped_lock of both mutexes (`std::scoped_lock g (from.m, to.m)`,
// C++17's deadlock-free way to take two locks): store buffering through
// the two accounts' balances inside the critical sections, which the
// locks rule out: no fence (cxxlocks.cc several_mutexes: the constructor
// takes every mutex it is given; the destructor frees a lock no single
// name tells, so every lock is dropped there).
// Variants that keep store buffering's fences:
//   -DRACY   the transfer takes only the source's mutex;
//   -DWRONG  it takes the source's mutex and one of its own (a local: each
//            call has its own, which excludes nothing).
#include <mutex>
#include <thread>

struct account { std::mutex m; long balance; long ops; };
static account acc[3];
static long r0, r1;

static long __attribute__ ((noinline)) move (account &from, account &to,
                                             long v)
{
#if defined RACY
  std::scoped_lock g (from.m);
#elif defined WRONG
  std::mutex own;
  std::scoped_lock g (from.m, own);
#else
  std::scoped_lock g (from.m, to.m);
#endif
  from.balance -= v;
  from.ops++;
  return to.balance;
}

static void left () { r0 = move (acc[0], acc[1], 1); }
static void right () { r1 = move (acc[1], acc[0], 1); }

int main ()
{
  std::thread t0 (left), t1 (right);
  t0.join ();
  t1.join ();
  return r0 + r1 == 0;
}
