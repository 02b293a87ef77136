/* cxx_counters.cc — statistics counters the way C++ code keeps them:
 * std::atomic members of a static struct, relaxed additions in the
 * workers, loads after the joins.  The two counters' additions make a
 * 2+2W cycle between two workers, but nothing reads them while the
 * threads run and the additions commute: no fence (plugin/counters.cc,
 * through libstdc++'s fetch_add and load wrappers).  Variants that keep
 * the fence on the weak targets:
 *   -DPEEK    a worker loads the counters while the threads run;
 *   -DUSED    a worker uses what the additions return;
 *   -DRESET   main stores 0 into the counters while the threads run;
 *   -DPOINTER -DFOREIGN  a counter's address is kept in a global pointer
 *             and given to a function of another unit;
 * (-DPOINTER alone: no fence, no other unit's code runs; one counter
 * read or one result used: none either, the other counter's additions
 * are blind, docs/placement.md "Blind updates")
 * and, with -fplugin-arg-wmmfence-inline-depth=0, the wrappers' own
 * code, which stands for every counter given to them.
 * captures.sh */
#include <atomic>
#include <thread>

struct Stats { std::atomic<long> requests{0}, errors{0}; };
static Stats stats;
static long seen[2];
std::atomic<long> *kept;
#ifdef FOREIGN
void report (std::atomic<long> *);
#endif

static void
serve (int id)
{
  for (int i = 0; i < 10000; ++i)
    {
#ifdef USED
      seen[id] += stats.requests.fetch_add (1, std::memory_order_relaxed);
#else
      stats.requests.fetch_add (1, std::memory_order_relaxed);
#endif
      if ((i + id) % 97 == 0)
#ifdef USED
        seen[id] += stats.errors.fetch_add (1, std::memory_order_relaxed);
#else
        stats.errors.fetch_add (1, std::memory_order_relaxed);
#endif
#ifdef PEEK
      seen[id] += stats.errors.load (std::memory_order_relaxed)
                  + stats.requests.load (std::memory_order_relaxed);
#endif
    }
}

int
main ()
{
#ifdef POINTER
  kept = &stats.errors;
#endif
#ifdef FOREIGN
  report (kept);
#endif
  std::thread a (serve, 0), b (serve, 1);
#ifdef RESET
  stats.requests.store (0);
  stats.errors.store (0);
#endif
  a.join ();
  b.join ();
  return stats.requests.load () + stats.errors.load () + seen[0] != 20000;
}
