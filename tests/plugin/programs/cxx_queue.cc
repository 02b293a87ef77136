/* cxx_queue.cc — a producer and a consumer share a std::queue<int> (a
 * global with a static destructor, run at exit) under a std::mutex taken
 * by lock_guard: every access to the queue's words, in the library's
 * inline and template code, runs under the lock; main reads the total
 * after the joins.  No fence on any target.
 *   -DVECTOR  the same with a std::vector<int> that both threads grow
 *   -DMAP     the same with a std::unordered_map<int, long> both threads
 *             count into (its rehash policy is code of libstdc++.so, given
 *             only numbers: it releases no lock)
 *   -DPEEK    the consumer reads q.empty () before taking the lock (a race
 *             on the queue's words): fenced on the weak targets
 * Example: g++ -fplugin=wmmfence.so -O2 -c cxx_queue.cc   -> no fence
 */
#include <cstdio>
#include <mutex>
#include <queue>
#include <thread>
#include <unordered_map>
#include <vector>

static std::mutex m;
#if defined MAP
std::unordered_map<int, long> q;
static void producer () { for (int i = 0; i < 100; i++) { std::lock_guard<std::mutex> l (m); q[i % 17]++; } }
static void consumer () { for (int i = 0; i < 100; i++) { std::lock_guard<std::mutex> l (m); q[i % 13] += 2; } }
#elif defined VECTOR
std::vector<int> q;
static void producer () { for (int i = 0; i < 100; i++) { std::lock_guard<std::mutex> l (m); q.push_back (i); } }
static void consumer () { for (int i = 0; i < 100; i++) { std::lock_guard<std::mutex> l (m); q.push_back (-i); } }
#else
std::queue<int> q;
static long total;
static void producer ()
{
  for (int i = 0; i < 100; i++)
    {
      std::lock_guard<std::mutex> l (m);
      q.push (i);
    }
}
static void consumer ()
{
  for (int i = 0; i < 1000; i++)
    {
#ifdef PEEK
      if (q.empty ())
        continue;
#endif
      std::lock_guard<std::mutex> l (m);
      if (!q.empty ())
        {
          total += q.front ();
          q.pop ();
        }
    }
}
#endif

int main ()
{
  std::thread a (producer), b (consumer);
  a.join ();
  b.join ();
#if defined VECTOR || defined MAP
  std::printf ("%zu\n", q.size ());
#else
  std::printf ("%ld %zu\n", total, q.size ());
#endif
  return 0;
}
