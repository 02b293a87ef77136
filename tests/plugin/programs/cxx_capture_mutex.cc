/* cxx_capture_mutex.cc — workers in a std::vector<std::thread>, each a
 * lambda that captures main's local vector and main's local std::mutex by
 * reference and pushes its results under a std::lock_guard; main sums the
 * vector after the joins.  The guard names the mutex through the
 * closure's member, which only ever holds &mu (localfields.cc): the
 * pushes are protected by mu (locks.cc pointer_key), no fence on any
 * target (x86 had 3 mfences, Power 15 syncs, before the member counted).
 *   -DUNLOCKED  odd workers push without taking the lock: the vector's
 *               members race, fenced on every target.
 * Example: g++ -O2 -pthread -fplugin=wmmfence.so -c cxx_capture_mutex.cc
 */
#include <cstdio>
#include <mutex>
#include <thread>
#include <vector>

int
main ()
{
  std::vector<int> results;
  std::mutex mu;
  std::vector<std::thread> workers;
  for (int t = 0; t < 4; ++t)
    workers.emplace_back ([&results, &mu, t] {
      for (int i = 0; i < 100; ++i)
        {
          int v = t * 1000 + i * i;
#ifdef UNLOCKED
          if (t & 1)
            {
              results.push_back (v);
              continue;
            }
#endif
          std::lock_guard<std::mutex> g (mu);
          results.push_back (v);
        }
    });
  for (auto &w : workers)
    w.join ();
  long sum = 0;
  for (int v : results)
    sum += v;
  std::printf ("%zu %ld\n", results.size (), sum);
  return results.size () == 400 ? 0 : 1;
}
