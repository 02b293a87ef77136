// cxx_blocking_queue.cc — the blocking queue of C++ tutorials: a class
// with a std::mutex, a std::condition_variable and a std::queue<int>;
// a producer std::thread pushes, a consumer pops until the queue is
// closed, main joins both and prints the sum.  If the second thread's
// constructor throws, unwinding destroys the first (still joinable:
// std::terminate) before the queue, and a std::thread constructor that
// throws started no thread: the queue's destructor never runs beside a
// thread.  x86: no fence (before: 17 mfences, from those exception
// paths).
// Variant that must keep fences (store buffering between main and the
// consumer, on every target):
//   -DDETACH  main detaches the consumer instead of joining it, then
//             stores its flag and reads the consumer's.
#include <condition_variable>
#include <iostream>
#include <mutex>
#include <queue>
#include <thread>

template <typename T> class BlockingQueue
{
  std::mutex m;
  std::condition_variable cv;
  std::queue<T> q;
  bool closed = false;

public:
  void
  push (T v)
  {
    {
      std::lock_guard<std::mutex> g (m);
      q.push (std::move (v));
    }
    cv.notify_one ();
  }
  void
  close ()
  {
    {
      std::lock_guard<std::mutex> g (m);
      closed = true;
    }
    cv.notify_all ();
  }
  bool
  pop (T &out)
  {
    std::unique_lock<std::mutex> l (m);
    cv.wait (l, [&] { return !q.empty () || closed; });
    if (q.empty ())
      return false;
    out = std::move (q.front ());
    q.pop ();
    return true;
  }
};

#ifdef DETACH
static int main_flag, consumer_flag, seen_main;
#endif

int
main ()
{
  BlockingQueue<int> q;
  long sum = 0;
  std::thread consumer ([&] {
    int v;
    while (q.pop (v))
      sum += v;
#ifdef DETACH
    consumer_flag = 1;
    seen_main = main_flag;
#endif
  });
  std::thread producer ([&] {
    for (int i = 0; i < 1000; i++)
      q.push (i);
    q.close ();
  });
  producer.join ();
#ifdef DETACH
  consumer.detach ();
  main_flag = 1;
  if (!consumer_flag)
    std::cout << "consumer still running\n";
#else
  consumer.join ();
  std::cout << sum << "\n";
#endif
  return 0;
}
