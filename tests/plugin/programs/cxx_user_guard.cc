/* cxx_user_guard.cc — std::lock_guard over a lockable class of the
 * program (the spinlock_mutex of the C++ concurrency books: an
 * std::atomic_flag taken with test_and_set (acquire) and cleared with
 * clear (release)): two threads, each under the guard, store one flag and
 * read the other's (store buffering).  The guard's constructor does what
 * the class's lock () does to the mutex it is given, its destructor what
 * unlock () does (locks.cc, cxxlocks.cc `wmm_cxx_user_guard`): the
 * critical sections exclude each other, no fence orders the store before
 * the load.
 *   -DPTHREAD  the class wraps a pthread_mutex_t: the same
 *   -DSCOPED   std::scoped_lock<spinlock_mutex>: the same
 *   -DNOLOCK   lock () and unlock () do nothing: fenced
 *   -DTWO      each thread guards with a mutex of its own: fenced
 * Example: g++ -O2 -pthread -fplugin=wmmfence.so -fwmm-arch=power -c cxx_user_guard.cc
 */
#include <atomic>
#include <mutex>
#include <thread>
#include <cstdio>
#ifdef PTHREAD
#include <pthread.h>
#endif

class spinlock_mutex
{
#if defined PTHREAD
  pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
public:
  void lock () { pthread_mutex_lock (&m); }
  void unlock () { pthread_mutex_unlock (&m); }
#elif defined NOLOCK
public:
  void lock () {}
  void unlock () {}
#else
  std::atomic_flag flag = ATOMIC_FLAG_INIT;
public:
  void lock () { while (flag.test_and_set (std::memory_order_acquire)) ; }
  void unlock () { flag.clear (std::memory_order_release); }
#endif
};

#ifdef TWO
spinlock_mutex ma, mb;
#else
spinlock_mutex ma;
#define mb ma
#endif
int x, y, r1, r2;

#ifdef SCOPED
#define GUARD(m) std::scoped_lock<spinlock_mutex> g (m)
#else
#define GUARD(m) std::lock_guard<spinlock_mutex> g (m)
#endif

int
main ()
{
  std::thread a ([] { GUARD (ma); x = 1; r1 = y; });
  std::thread b ([] { GUARD (mb); y = 1; r2 = x; });
  a.join ();
  b.join ();
  std::printf ("%d\n", r1 + r2);
  return r1 + r2 == 0;
}
