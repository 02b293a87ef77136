/* cxx_member_thread.cc — a class that owns its worker thread, started in
 * the constructor as `t_ (&Worker::run, this)` and joined in the
 * destructor; the queue, the stop flag and the sum are members under the
 * member mutex, with a condition variable.  The std::thread runs run on
 * the object the constructor was given (entries.cc
 * wmm_thread_method_object), main's local `w`: run's `this` is w, its
 * lock `this->m_` is w.m_, and every member access is protected.  No
 * fence on any target (x86 12 mfences, Power 56 syncs before).
 *   -DSB   the worker and main also do store buffering on two members
 *          outside the lock: a full fence in run and in post.
 * Example: g++ -O2 -pthread -fplugin=wmmfence.so -c cxx_member_thread.cc
 */
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <queue>
#include <thread>

class Worker
{
  std::mutex m_;
  std::condition_variable cv_;
  std::queue<int> q_;
  bool stop_ = false;
  long sum_ = 0;
#ifdef SB
  int mine_ = 0, theirs_ = 0, seen_main_ = 0, seen_run_ = 0;
#endif
  std::thread t_;

  void run ()
  {
#ifdef SB
    mine_ = 1;
    seen_run_ = theirs_;
#endif
    for (;;)
      {
        std::unique_lock<std::mutex> l (m_);
        cv_.wait (l, [this] { return stop_ || !q_.empty (); });
        if (q_.empty ())
          return;
        int v = q_.front ();
        q_.pop ();
        sum_ += v;
      }
  }

public:
  Worker () : t_ (&Worker::run, this) {}
  ~Worker ()
  {
    {
      std::lock_guard<std::mutex> g (m_);
      stop_ = true;
    }
    cv_.notify_all ();
    t_.join ();
  }
  void post (int v)
  {
#ifdef SB
    theirs_ = 1;
    seen_main_ = mine_;
#endif
    {
      std::lock_guard<std::mutex> g (m_);
      q_.push (v);
    }
    cv_.notify_one ();
  }
  long sum ()
  {
    std::lock_guard<std::mutex> g (m_);
    return sum_;
  }
};

int
main ()
{
  Worker w;
  for (int i = 0; i < 100; ++i)
    w.post (i);
  std::printf ("%ld\n", w.sum () >= 0 ? 0L : 1L);
  return 0;
}
