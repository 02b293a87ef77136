// cxx_lock_two.cc — transfers between two accounts as C++ tutorials
// write them: std::lock (from.m, to.m) then two lock_guards that adopt
// the locks (-DGUARDS: two unique_locks with defer_lock, then std::lock
// (l1, l2)), two threads moving money both ways (cxxlocks.cc std_lock:
// std::lock of mutexes, or of guards, takes them all).  No race: no fence
// (x86 1 mfence, Power 1 sync before).
//   -DRACY  the second transfer takes only its source's lock: fenced
#include <iostream>
#include <mutex>
#include <thread>

struct Account
{
  explicit Account (int b) : balance (b) {}
  int balance;
  std::mutex m;
};

static void
transfer (Account &from, Account &to, int amount)
{
#ifdef GUARDS
  std::unique_lock<std::mutex> l1 (from.m, std::defer_lock);
  std::unique_lock<std::mutex> l2 (to.m, std::defer_lock);
  std::lock (l1, l2);
#else
  std::lock (from.m, to.m);
  std::lock_guard<std::mutex> l1 (from.m, std::adopt_lock);
  std::lock_guard<std::mutex> l2 (to.m, std::adopt_lock);
#endif
  from.balance -= amount;
  to.balance += amount;
}

#ifdef RACY
static void
transfer_racy (Account &from, Account &to, int amount)
{
  std::lock_guard<std::mutex> l1 (from.m);
  from.balance -= amount;
  to.balance += amount;
}
#else
#define transfer_racy transfer
#endif

int
main ()
{
  Account a (100), b (50);
  std::thread t1 (transfer, std::ref (a), std::ref (b), 10);
  std::thread t2 (transfer_racy, std::ref (b), std::ref (a), 5);
  t1.join ();
  t2.join ();
  std::cout << a.balance << ' ' << b.balance << '\n';
}
