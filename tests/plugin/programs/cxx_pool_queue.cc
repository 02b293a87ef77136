// cxx_pool_queue.cc — the thread pool C++ code usually has: a class
// whose constructor starts workers into a member std::vector<std::thread>
// with `[this] { ... }`, a std::queue of jobs, a std::mutex and a
// condition variable; enqueue () pushes under the lock, the workers wait
// for a job or `stop`, take it under the lock and run it outside; the
// destructor sets `stop` under the lock, wakes them and joins them.  The
// pool is a local of main.  Everything shared goes through the mutex:
// no fence is needed (the constructor's exception cleanup, which destroys
// the queue when starting a thread throws, uses no other thread's data).
//   -DRACY   the worker also writes `busy` and reads `closing` outside
//            the lock while main writes `closing` and reads `busy`
//            (store buffering: fences needed)
//   -DHEAP   the pool is made by `new ThreadPool (4)` and destroyed by
//            `delete`: the object of a new that runs once is one object
//            (heaponce.cc), and delete's null test before the destructor
//            always passes (the throwing new never returns null)
// Usage: cxx_pool_queue   exits 0 when every job ran (the squares' sum)
#include <condition_variable>
#include <mutex>
#include <queue>
#include <thread>
#include <vector>

int results[8];
#ifdef RACY
int busy, closing, late;
#endif

class ThreadPool {
public:
  explicit ThreadPool (size_t n)
  {
    for (size_t i = 0; i < n; ++i)
      workers.emplace_back ([this] {
        for (;;)
          {
            int job;
            {
              std::unique_lock<std::mutex> lock (mu);
              cv.wait (lock, [this] { return stop || !jobs.empty (); });
              if (stop && jobs.empty ())
                return;
              job = jobs.front ();
              jobs.pop ();
            }
#ifdef RACY
            busy = 1;
            if (closing)
              late++;
#endif
            results[job] = job * job;
          }
      });
  }
  void enqueue (int job)
  {
    {
      std::lock_guard<std::mutex> lock (mu);
      jobs.push (job);
    }
    cv.notify_one ();
  }
  ~ThreadPool ()
  {
    {
      std::lock_guard<std::mutex> lock (mu);
      stop = true;
    }
    cv.notify_all ();
    for (auto &w : workers)
      w.join ();
  }

private:
  std::vector<std::thread> workers;
  std::queue<int> jobs;
  std::mutex mu;
  std::condition_variable cv;
  bool stop = false;
};

int
main ()
{
  {
#ifdef HEAP
    ThreadPool *heap = new ThreadPool (4);
    ThreadPool &pool = *heap;
#else
    ThreadPool pool (4);
#endif
    for (int i = 0; i < 8; i++)
      pool.enqueue (i);
#ifdef RACY
    closing = 1;
    if (busy)
      late++;
#endif
#ifdef HEAP
    delete heap;
#endif
  }
  int s = 0;
  for (int i = 0; i < 8; i++)
    s += results[i];
  return s != 140;
}
