/* cxx_thread_pool.cc — the thread pool C++ tutorials write: a class with
 * a std::vector<std::thread> of workers, a std::queue of
 * std::function<void ()> tasks, a std::mutex, a std::condition_variable
 * and a stop flag; each worker waits for a task under the lock, moves it
 * into a local std::function and runs it outside the lock; the destructor
 * sets the flag, wakes every worker and joins them.  main submits tasks
 * that add to a std::atomic.  Everything shared is under the mutex or
 * atomic: minimum no fence.
 *   -DPUBLISH   a task publishes a value with a plain flag that main
 *               polls while the pool runs (message passing): fenced
 *   -DPEEK      a worker reads the queue's size without the lock
 *   -DSELF      the task is a function object whose copy constructor
 *               records its own address in a global (the stored callable
 *               escapes): std::function's members are not taken to keep
 *               their object
 *   -DUNDER_LOCK  the worker runs the task at the front of the queue
 *               while it holds the lock (no local std::function)
 *   -DBIG       tasks whose captures do not fit std::function's local
 *               buffer: each callable lives on the heap, and its manager
 *               clones it with operator new
 * Example: g++ -O2 -pthread -fplugin=wmmfence.so -fwmm-arch=power -c cxx_thread_pool.cc
 */
#include <atomic>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <queue>
#include <thread>
#include <vector>
#include <cstdio>

class ThreadPool
{
public:
  explicit ThreadPool (size_t n)
  {
    for (size_t i = 0; i < n; ++i)
      workers.emplace_back ([this] {
        for (;;)
          {
            std::function<void ()> task;
            {
              std::unique_lock<std::mutex> lock (mtx);
              cv.wait (lock, [this] { return stop || !tasks.empty (); });
              if (stop && tasks.empty ())
                return;
#ifdef UNDER_LOCK
              tasks.front () ();
#else
              task = std::move (tasks.front ());
#endif
              tasks.pop ();
            }
#ifdef PEEK
            if (tasks.size () > 100)
              std::puts ("busy");
#endif
#ifndef UNDER_LOCK
            task ();
#endif
          }
      });
  }
  void enqueue (std::function<void ()> f)
  {
    {
      std::lock_guard<std::mutex> lock (mtx);
      tasks.push (std::move (f));
    }
    cv.notify_one ();
  }
  ~ThreadPool ()
  {
    {
      std::lock_guard<std::mutex> lock (mtx);
      stop = true;
    }
    cv.notify_all ();
    for (auto &w : workers)
      w.join ();
  }
private:
  std::vector<std::thread> workers;
  std::queue<std::function<void ()> > tasks;
  std::mutex mtx;
  std::condition_variable cv;
  bool stop = false;
};

#ifdef PUBLISH
int payload, ready;
#endif
#ifdef SELF
struct job;
job *last_job;
struct job
{
  std::atomic<long> *sum;
  int i;
  job (std::atomic<long> *s, int k) : sum (s), i (k) {}
  job (const job &o) : sum (o.sum), i (o.i) { last_job = this; }
  void operator() () const { *sum += i; }
};
#endif

int
main ()
{
  std::atomic<long> sum{0};
  {
    ThreadPool pool (4);
    for (int i = 0; i < 100; ++i)
#ifdef SELF
      pool.enqueue (job (&sum, i));
#elif defined BIG
      pool.enqueue ([&sum, i, k = 2L * i] { sum += i + k - 2L * i; });
#else
      pool.enqueue ([&sum, i] { sum += i; });
#endif
#ifdef PUBLISH
    pool.enqueue ([] { payload = 42; ready = 1; });
    while (!*(volatile int *) &ready)
      ;
    std::printf ("%d\n", payload);
#endif
  }
  std::printf ("%ld\n", sum.load ());
  return sum.load () != 4950;
}
