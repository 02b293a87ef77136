// cxx_par_accumulate.cc — the textbook parallel accumulate: blocks summed
// by threads held in a sized std::vector<std::thread> (each moved into
// its element), each writing its sum through std::ref into its element of
// a results vector, then every thread joined and main adding the sums
// (tests/plugin/par_accumulate.sh).  Each thread, after its sum, reads
// `done`, which main sets after the joins: store buffering, were main
// still running beside a thread.
//   (default)    std::for_each (..., std::mem_fn (&std::thread::join))
//   -DRANGE_FOR  for (auto &t : threads) t.join ();
//   -DINDEXED    for (size_t i = 0; i < threads.size (); ++i) threads[i].join ();
//   -DINT_INDEX  for (int i = 0; i < (int) threads.size (); ++i) ...
//   -DLAMBDA     std::for_each (..., [] (std::thread &t) { t.join (); })
//   -DJOINABLE   for (auto &t : threads) if (t.joinable ()) t.join ();
//   -DARROW      for (auto it = threads.begin (); it != threads.end (); ++it)
//                  it->join ();
//   -DPOST_LT    ... it < threads.end (); it++) (*it).join ();
// Racy twins (one thread may still run when main sets done):
//   -DMISS_LAST  the indexed loop stops before the last element
//   -DDETACH     std::mem_fn (&std::thread::detach)
//   -DFROM_ONE   std::for_each from threads.begin () + 1
//   -DLAMBDA_DETACH  the lambda detaches its thread
//   -DSTRIDE     ... it < threads.end (); it += 2) it->join ();
//   -DREFILL     the index loop joins each thread and starts a new one in
//                its element
#include <algorithm>
#include <functional>
#include <numeric>
#include <thread>
#include <vector>

int done;

template <typename Iterator, typename T>
struct accumulate_block
{
  void operator() (Iterator first, Iterator last, T &result)
  {
    result = std::accumulate (first, last, result);
    if (done)
      result = 0;
  }
};

template <typename Iterator, typename T>
T
parallel_accumulate (Iterator first, Iterator last, T init)
{
  unsigned long const length = std::distance (first, last);
  if (!length)
    return init;
  unsigned long const min_per_thread = 25;
  unsigned long const max_threads
    = (length + min_per_thread - 1) / min_per_thread;
  unsigned long const hardware_threads = std::thread::hardware_concurrency ();
  unsigned long const num_threads
    = std::min (hardware_threads != 0 ? hardware_threads : 2, max_threads);
  unsigned long const block_size = length / num_threads;
  std::vector<T> results (num_threads);
  std::vector<std::thread> threads (num_threads - 1);
  Iterator block_start = first;
  for (unsigned long i = 0; i < num_threads - 1; ++i)
    {
      Iterator block_end = block_start;
      std::advance (block_end, block_size);
      threads[i] = std::thread (accumulate_block<Iterator, T> (), block_start,
                                block_end, std::ref (results[i]));
      block_start = block_end;
    }
  accumulate_block<Iterator, T> () (block_start, last,
                                    results[num_threads - 1]);
#if defined RANGE_FOR
  for (auto &t : threads)
    t.join ();
#elif defined INDEXED
  for (std::size_t i = 0; i < threads.size (); ++i)
    threads[i].join ();
#elif defined INT_INDEX
  for (int i = 0; i < (int) threads.size (); ++i)
    threads[i].join ();
#elif defined LAMBDA
  std::for_each (threads.begin (), threads.end (),
                 [] (std::thread &t) { t.join (); });
#elif defined JOINABLE
  for (auto &t : threads)
    if (t.joinable ())
      t.join ();
#elif defined ARROW
  for (auto it = threads.begin (); it != threads.end (); ++it)
    it->join ();
#elif defined POST_LT
  for (std::vector<std::thread>::iterator it = threads.begin ();
       it < threads.end (); it++)
    (*it).join ();
#elif defined REFILL
  for (std::size_t i = 0; i < threads.size (); ++i)
    {
      threads[i].join ();
      threads[i] = std::thread (accumulate_block<Iterator, T> (), first, first,
                                std::ref (results[i]));
    }
#elif defined STRIDE
  for (auto it = threads.begin (); it < threads.end (); it += 2)
    it->join ();
#elif defined LAMBDA_DETACH
  std::for_each (threads.begin (), threads.end (),
                 [] (std::thread &t) { t.detach (); });
#elif defined MISS_LAST
  for (std::size_t i = 0; i + 1 < threads.size (); ++i)
    threads[i].join ();
#elif defined DETACH
  std::for_each (threads.begin (), threads.end (),
                 std::mem_fn (&std::thread::detach));
#elif defined FROM_ONE
  threads[0].join ();
  std::for_each (threads.begin () + 1, threads.end (),
                 std::mem_fn (&std::thread::join));
#else
  std::for_each (threads.begin (), threads.end (),
                 std::mem_fn (&std::thread::join));
#endif
  done = 1;
  return std::accumulate (results.begin (), results.end (), init);
}

int
main ()
{
  std::vector<int> v (10000);
  std::iota (v.begin (), v.end (), 1);
  return parallel_accumulate (v.begin (), v.end (), 0L) != 50005000L;
}
