// cxx_emplace_args.cc — C++ workers started the way tutorials write them:
// `ts.emplace_back (count_words, std::cref (words), lo, hi)` (a function
// and several arguments emplaced into a std::vector<std::thread>), a
// range-for joining them, the words counted into a
// std::map<std::string, int> under a std::mutex and printed with
// std::cout after the joins.  The function reaches std::thread's
// constructor template through emplace_back and the allocator's construct
// (entries.cc: a known start, not an escape), so the unit's other calls
// start no threads and main runs alone after the joins: no fence on any
// target (9 mfences on x86 before: main's printing, the map's string
// keys).  Racy variants:
//   -DRACE   each worker also sets `x` and reads `y`, main sets `y` and
//            reads `x` between the creates and the joins: store
//            buffering, a full fence on both sides;
//   -DBREAK  the join loop may leave after the first join: main's reads
//            of the counts race with the other workers (their fences
//            come back).
// threads_arrays.sh
#include <iostream>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

static std::map<std::string, int> counts;
static std::mutex mu;
static long total;
#ifdef RACE
static int x, y, r1[8], r2;
#endif
static bool stop_early;

static void
count_words (const std::vector<std::string> &words, int id, long lo,
             long hi)
{
#ifdef RACE
  x = 1;
  r1[id] = y;
#endif
  long mine = 0;
  for (long i = lo; i < hi; i++)
    {
      mine++;
      std::lock_guard<std::mutex> g (mu);
      counts[words[i]]++;
    }
  std::lock_guard<std::mutex> g (mu);
  total += mine;
}

int
main (int argc, char **)
{
  stop_early = argc > 5;
  std::vector<std::string> words;
  std::string w;
  while (std::cin >> w)
    words.push_back (w);
  std::vector<std::thread> ts;
  long n = words.size ();
  for (int t = 0; t < 4; t++)
    ts.emplace_back (count_words, std::cref (words), t, t * n / 4,
                     (t + 1) * n / 4);
#ifdef RACE
  y = 1;
  r2 = x;
#endif
  for (auto &t : ts)
    {
      t.join ();
#ifdef BREAK
      if (stop_early)
        break;
#endif
    }
  for (auto &e : counts)
    std::cout << e.first << " " << e.second << "\n";
  std::cout << total << "\n";
}
