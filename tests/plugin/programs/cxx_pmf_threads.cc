/* cxx_pmf_threads.cc — two threads that run member functions of one
 * object of main, `std::thread a (&Pipe::produce, &p), b (&Pipe::consume,
 * &p)`: a producer and a consumer of a deque under the object's mutex and
 * condition variable.  Each method's `this` is main's p (entries.cc
 * wmm_thread_method_object): the members are p's and the mutex is p.m_,
 * so every access to the deque and the flags is protected.  No fence on
 * any target (x86 12 mfences, Power 64 syncs before).
 *   -DSB  the two methods also do store buffering on two members outside
 *         the lock: a full fence in each.
 * Example: g++ -O2 -pthread -fplugin=wmmfence.so -c cxx_pmf_threads.cc
 */
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <mutex>
#include <thread>

class Pipe
{
  std::mutex m_;
  std::condition_variable cv_;
  std::deque<int> items_;
  bool done_ = false;
  long total_ = 0;
#ifdef SB
  int a_ = 0, b_ = 0, ra_ = 0, rb_ = 0;
#endif

public:
  void produce ()
  {
#ifdef SB
    a_ = 1;
    rb_ = b_;
#endif
    for (int i = 0; i < 1000; ++i)
      {
        {
          std::lock_guard<std::mutex> g (m_);
          items_.push_back (i);
        }
        cv_.notify_one ();
      }
    {
      std::lock_guard<std::mutex> g (m_);
      done_ = true;
    }
    cv_.notify_one ();
  }
  void consume ()
  {
#ifdef SB
    b_ = 1;
    ra_ = a_;
#endif
    std::unique_lock<std::mutex> l (m_);
    for (;;)
      {
        cv_.wait (l, [this] { return done_ || !items_.empty (); });
        if (items_.empty ())
          break;
        total_ += items_.front ();
        items_.pop_front ();
      }
  }
  long total () const { return total_; }
};

int
main ()
{
  Pipe p;
  std::thread a (&Pipe::produce, &p), b (&Pipe::consume, &p);
  a.join ();
  b.join ();
  std::printf ("%ld\n", p.total ());
  return p.total () == 499500 ? 0 : 1;
}
