/* cxx_index.cc — an inverted index: a std::unordered_map from terms to
 * std::vector<int> postings inside a class with its std::mutex; four
 * std::thread workers in a std::vector add postings through a
 * lock_guard, main joins them with a range-for and asks for a count.
 * Everything the threads share is under the mutex: no fence on any
 * target.  What that needs of the plugin: the hashtable's rehash policy
 * (`_M_need_rehash`, compiled into libstdc++, given only numbers) touches
 * only its own object; the library's memset of new buckets and its
 * memmove of a growing vector<int> touch only pointers and ints; and on
 * the exception path of main (an emplace_back that throws), the index is
 * destroyed after the vector of threads, whose destructor returns only
 * when every thread was joined (~thread terminates the program
 * otherwise).
 *   -DDETACH  one more worker is detached: it may still run when main
 *             destroys the index (a race): fenced
 *   -DEXCHANGE  a worker's thread is taken out of the vector
 *             (std::exchange) and joined last: the vector's destructor no
 *             longer answers for every thread, the exception path keeps
 *             its fences
 * Example: g++ -std=c++17 -O2 -pthread -fplugin=wmmfence.so -c cxx_index.cc
 */
#include <cstdio>
#include <mutex>
#include <thread>
#include <unordered_map>
#include <utility>
#include <vector>

class Index
{
  std::mutex m_;
  std::unordered_map<int, std::vector<int> > posting_;
public:
  void add (int term, int doc)
  {
    std::lock_guard<std::mutex> g (m_);
    posting_[term].push_back (doc);
  }
  std::size_t count (int term)
  {
    std::lock_guard<std::mutex> g (m_);
    auto it = posting_.find (term);
    return it == posting_.end () ? 0 : it->second.size ();
  }
};

int
main ()
{
  Index idx;
  std::vector<std::thread> ws;
  for (int t = 0; t < 4; t++)
    ws.emplace_back ([&idx, t] {
      for (int d = t; d < 1000; d += 4)
        idx.add (d % 37, d);
    });
#ifdef DETACH
  std::thread ([&idx] { idx.add (1, 1); }).detach ();
#endif
#ifdef EXCHANGE
  std::thread last = std::exchange (ws.back (), std::thread ());
#endif
  for (auto &w : ws)
    if (w.joinable ())
      w.join ();
#ifdef EXCHANGE
  last.join ();
#endif
  std::printf ("%zu\n", idx.count (5));
  return 0;
}
