/* cxx_wait_pred.cc — the library's waits whose bodies read what the
 * program waits on: main publishes `data` by a flag it sets without the
 * lock, and the consumer waits for the flag before it reads data.
 *   default    std::atomic<bool>::wait (false, acquire), the flag stored
 *              relaxed
 *   -DFLAG     std::atomic_flag::wait, the flag set relaxed
 *   -DCV       condition_variable::wait (lock, predicate), the flag a
 *              plain bool set outside the lock
 *   -DCVANY    condition_variable_any::wait (lock, predicate)
 *   -DWAITFOR  condition_variable::wait_for (lock, time, predicate)
 * Each is message passing: on Power and Arm main needs a fence between
 * its two stores (x86 keeps their order).  The waits were taken for fences
 * by their name (a std function called "wait"), which hid the flag's read
 * and so the cycle (tests/plugin/cxx20.sh).
 */
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <thread>

int data;
#if defined CV || defined CVANY || defined WAITFOR
std::mutex m;
#ifdef CVANY
std::condition_variable_any cv;
#else
std::condition_variable cv;
#endif
bool ready;
static void consume ()
{
  {
    std::unique_lock<std::mutex> l (m);
#ifdef WAITFOR
    cv.wait_for (l, std::chrono::seconds (10), [] { return ready; });
#else
    cv.wait (l, [] { return ready; });
#endif
  }
  std::printf ("%d\n", data);
}
static void publish () { ready = true; cv.notify_one (); }
#elif defined FLAG
std::atomic_flag ready;
static void consume () { ready.wait (false, std::memory_order_acquire); std::printf ("%d\n", data); }
static void publish () { ready.test_and_set (std::memory_order_relaxed); ready.notify_one (); }
#else
std::atomic<bool> ready{false};
static void consume () { ready.wait (false, std::memory_order_acquire); std::printf ("%d\n", data); }
static void publish () { ready.store (true, std::memory_order_relaxed); ready.notify_one (); }
#endif

int main ()
{
  std::thread c (consume);
  data = 42;
  publish ();
  c.join ();
  return 0;
}
