// main_exports.cc — a single-threaded C++ program whose main calls only
// the C++ library (a stream, getline, a map) and an exported function of
// its own: the library calls the program only through pointers it is
// given, never an exported function by name, so nothing runs concurrently
// and no fence is placed (tests/plugin/main_exports.sh).  -DWORKERS: main
// also calls start_workers () of another unit of the program, whose
// threads may call count_line by name: store buffering between main and
// count_line keeps a full fence in each.
#include <fstream>
#include <map>
#include <string>

std::map<std::string, int> counts;
int x, y, r0, r1;

void
count_line (const std::string &line)
{
  counts[line]++;
  y = 1;
  r1 = x;
}

#ifdef WORKERS
void start_workers ();
#endif

int
main (int argc, char **argv)
{
#ifdef WORKERS
  start_workers ();
#endif
  std::ifstream in (argc > 1 ? argv[1] : "/dev/null");
  std::string line;
  while (std::getline (in, line))
    count_line (line);
  x = 1;
  r0 = y;
  return r0 + r1;
}
