// cxx_vector.cc — threads kept in a std::vector<std::thread>, the way C++
// code starts a pool: emplace_back in a loop, a range-for of joins, then
// main reads what the workers summed under a std::mutex.  Race-free:
// main runs alone after the loop that joins every element, and the
// workers' data is lock-protected: no fence.  -DBREAK: the join loop may
// leave after the first join (main's reads race with the other workers:
// message passing's fences come back).  -DMAP: the workers count into a
// std::unordered_map under the lock and main walks it after the loop (the
// vector's members get main's private local: none either).
#include <cstdio>
#include <mutex>
#include <thread>
#include <unordered_map>
#include <vector>

static std::mutex m;
static long total;
#ifdef MAP
static std::unordered_map<int, long> hist;
#else
static int hist[16];
#endif
static bool stop_early;

static void worker (int id)
{
  for (int i = 0; i < 1000; i++)
    {
      std::lock_guard<std::mutex> g (m);
      total += i;
      hist[(id + i) & 15]++;
    }
}

int main (int argc, char **)
{
  stop_early = argc > 5;
  std::vector<std::thread> pool;
  for (int i = 0; i < 4; i++)
    pool.emplace_back (worker, i);
  for (auto &t : pool)
    {
      t.join ();
#ifdef BREAK
      if (stop_early)
        break;
#endif
    }
#ifdef MAP
  long s = 0;
  for (auto &kv : hist)
    s += kv.second;
  std::printf ("%ld %ld\n", total, s);
#else
  std::printf ("%ld %d\n", total, hist[3]);
#endif
#ifdef BREAK
  for (auto &t : pool)
    if (t.joinable ())
      t.join ();
#endif
  return 0;
}
