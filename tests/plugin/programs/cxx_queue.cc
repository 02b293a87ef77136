/* cxx_queue.cc — a producer and a consumer share a std::queue<int> (a
 * global with a static destructor, run at exit) under a std::mutex taken
 * by lock_guard: every access to the queue's words, in the library's
 * inline and template code, runs under the lock; main reads the total
 * after the joins.  No fence on any target.
 *   -DVECTOR  the same with a std::vector<int> that both threads grow
 *   -DMAP     the same with a std::unordered_map<int, long> both threads
 *             count into (its rehash policy is code of libstdc++.so, given
 *             only numbers: it releases no lock)
 *   -DSET     the same with a std::set<int> one thread inserts into and
 *             the other erases from, and -DLIST with a std::list<int>
 *             (their node helpers, _Rb_tree_insert_and_rebalance and
 *             _List_node_base::_M_hook, are code of libstdc++.so that
 *             touches only nodes: collect.cc node_helper_call)
 *   -DPEEK    the consumer reads q.empty () before taking the lock (a race
 *             on the queue's words; with -DSET, its first element too,
 *             message passing through the set's nodes): fenced on the
 *             weak targets
 * Example: g++ -fplugin=wmmfence.so -O2 -c cxx_queue.cc   -> no fence
 */
#include <cstdio>
#include <list>
#include <mutex>
#include <set>
#include <queue>
#include <thread>
#include <unordered_map>
#include <vector>

static std::mutex m;
#if defined MAP
std::unordered_map<int, long> q;
static void producer () { for (int i = 0; i < 100; i++) { std::lock_guard<std::mutex> l (m); q[i % 17]++; } }
static void consumer () { for (int i = 0; i < 100; i++) { std::lock_guard<std::mutex> l (m); q[i % 13] += 2; } }
#elif defined SET
std::set<int> q;
static void producer () { for (int i = 0; i < 100; i++) { std::lock_guard<std::mutex> l (m); q.insert (i * 7 % 31); } }
static void consumer ()
{
  for (int i = 0; i < 100; i++)
    {
#ifdef PEEK
      if (q.empty () || *q.begin () > i)
        continue;
#endif
      std::lock_guard<std::mutex> l (m);
      q.erase (q.begin (), q.lower_bound (i % 19));
    }
}
#elif defined LIST
std::list<int> q;
static void producer () { for (int i = 0; i < 100; i++) { std::lock_guard<std::mutex> l (m); q.push_back (i); } }
static void consumer () { for (int i = 0; i < 100; i++) { std::lock_guard<std::mutex> l (m); if (!q.empty ()) q.pop_front (); } }
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
#if defined VECTOR || defined MAP || defined SET || defined LIST
  std::printf ("%zu\n", q.size ());
#else
  std::printf ("%ld %zu\n", total, q.size ());
#endif
  return 0;
}
