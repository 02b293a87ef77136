// cxx_condvar.cc — a hand-off through a std::condition_variable: the
// producer sets the data and the flag under the mutex and notifies; the
// consumer waits with a predicate under a std::unique_lock and reads the
// data while it holds the lock.  Race-free: no fence.  -DRACY: the
// consumer reads the data after unlocking while the producer writes it
// again without the lock.
#include <condition_variable>
#include <mutex>
#include <thread>

static std::mutex m;
static std::condition_variable cv;
static bool ready;
int data, extra, seen, seen2;

static void producer ()
{
  {
    std::lock_guard<std::mutex> g (m);
    data = 42;
    extra = 1;
    ready = true;
  }
  cv.notify_one ();
#ifdef RACY
  extra = 2;
  data = 43;
#endif
}

static void consumer ()
{
  std::unique_lock<std::mutex> lk (m);
  cv.wait (lk, [] { return ready; });
#ifdef RACY
  lk.unlock ();
#endif
  seen = data;
  seen2 = extra;
}

int main ()
{
  std::thread c (consumer), p (producer);
  p.join ();
  c.join ();
  return seen + seen2;
}
