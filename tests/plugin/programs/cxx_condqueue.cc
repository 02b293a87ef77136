/* cxx_condqueue.cc — a producer and a consumer of a std::queue<int> under
 * a std::mutex with a std::condition_variable (a predicate wait, a
 * closing flag); the consumer's thread stores its sum into main's local
 * through a lambda's capture by reference.  The queue's code (iterator
 * temporaries returned by value, complete-object constructors) runs
 * under the lock: no fence on x86; on the weak targets a few remain
 * (std::max on a member and a local, memmove copies of the deque's map).
 * Example: g++ -fplugin=wmmfence.so -O2 -c cxx_condqueue.cc  -> no mfence
 */
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <queue>
#include <thread>

static std::mutex m;
static std::condition_variable cv;
static std::queue<int> q;
static bool closed;

static void producer (int n)
{
  for (int i = 0; i < n; i++)
    {
      {
        std::lock_guard<std::mutex> l (m);
        q.push (i);
      }
      cv.notify_one ();
    }
  {
    std::lock_guard<std::mutex> l (m);
    closed = true;
  }
  cv.notify_all ();
}

static long consumer ()
{
  long sum = 0;
  for (;;)
    {
      std::unique_lock<std::mutex> l (m);
      cv.wait (l, [] { return !q.empty () || closed; });
      if (q.empty ())
        return sum;
      sum += q.front ();
      q.pop ();
    }
}

int main ()
{
  long s = 0;
  std::thread c ([&] { s = consumer (); });
  producer (1000);
  c.join ();
  std::printf ("%ld\n", s);
  return 0;
}
