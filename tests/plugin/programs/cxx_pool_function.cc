// cxx_pool_function.cc — a thread pool whose tasks are
// std::function<void ()> objects (a std::queue of them under a mutex,
// `[this]` workers, main's local pool): the workers call each task
// through the std::function's invoker, which calls what libstdc++ stored
// there for the lambdas main enqueues.  Each task and main then race by
// store buffering outside the lock (x, y): the task's `x = 1; r1 = y`
// runs in a worker, main's `y = 1; r2 = x` beside it, so both need a
// full fence.
//   -DEXTERN  main also enqueues a task made by another unit
//             (make_task ()): std::function objects come from code the
//             unit cannot see, and their calls stay unknown code
// Usage: cxx_pool_function   exits 0 when every task ran
#include <condition_variable>
#include <functional>
#include <mutex>
#include <queue>
#include <thread>
#include <vector>

int results[8], x, y, r1, r2;
#ifdef EXTERN
std::function<void ()> make_task ();
#endif

class ThreadPool {
public:
  explicit ThreadPool (size_t n)
  {
    for (size_t i = 0; i < n; ++i)
      workers.emplace_back ([this] {
        for (;;)
          {
            std::function<void ()> task;
            {
              std::unique_lock<std::mutex> lock (mu);
              cv.wait (lock, [this] { return stop || !tasks.empty (); });
              if (stop && tasks.empty ())
                return;
              task = std::move (tasks.front ());
              tasks.pop ();
            }
            task ();
          }
      });
  }
  void enqueue (std::function<void ()> f)
  {
    {
      std::lock_guard<std::mutex> lock (mu);
      tasks.push (std::move (f));
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
  std::queue<std::function<void ()>> tasks;
  std::mutex mu;
  std::condition_variable cv;
  bool stop = false;
};

int
main ()
{
  {
    ThreadPool pool (4);
    for (int i = 0; i < 8; i++)
      pool.enqueue ([i] { results[i] = i * i; x = 1; r1 = y; });
#ifdef EXTERN
    pool.enqueue (make_task ());
#endif
    y = 1;
    r2 = x;
  }
  int s = 0;
  for (int i = 0; i < 8; i++)
    s += results[i];
  return s != 140;
}
