// cxx_safe_queue.cc — a thread-safe queue as C++ tutorials write it: a
// class template holding a std::queue, a std::mutex and a
// std::condition_variable; push under a lock_guard, pop waiting with a
// predicate; the consumer prints its sum with std::cout << ... <<
// std::endl (the ctype facet's widen table read in a thread: a library
// stream's own state, libfns.cc wmm_stream_state_ref).  No race: no
// fence (x86 16 mfences, Power 69 syncs with the plugin of 08c86ed).
//   -DPEEK  the consumer also reads the queue's size without the lock:
//           the deque's words race, fences stay
#include <condition_variable>
#include <iostream>
#include <mutex>
#include <queue>
#include <thread>

template <typename T> class SafeQueue
{
  std::queue<T> q;
  std::mutex m;
  std::condition_variable cv;

public:
  void
  push (T v)
  {
    {
      std::lock_guard<std::mutex> lk (m);
      q.push (v);
    }
    cv.notify_one ();
  }
  T
  pop ()
  {
    std::unique_lock<std::mutex> lk (m);
    cv.wait (lk, [this] { return !q.empty (); });
    T v = q.front ();
    q.pop ();
    return v;
  }
#ifdef PEEK
  size_t
  peek ()
  {
    return q.size ();
  }
#endif
};

int
main ()
{
  SafeQueue<int> sq;
  std::thread prod ([&] {
    for (int i = 1; i <= 100; i++)
      sq.push (i);
    sq.push (-1);
  });
  std::thread cons ([&] {
    long s = 0;
    for (;;)
      {
#ifdef PEEK
        s += sq.peek ();
#endif
        int v = sq.pop ();
        if (v < 0)
          break;
        s += v;
      }
    std::cout << s << std::endl;
  });
  prod.join ();
  cons.join ();
  return 0;
}
