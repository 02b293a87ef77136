// cxx_istream_mp.cc — message passing whose data a std::istream
// extraction writes: the producer parses from its own std::istringstream
// into globals (a number; -DSTRING a std::string with operator>>;
// -DGETLINE std::getline; -DCHARS istream::getline into a char array),
// then raises a flag; the consumer waits for the flag and reads the data.
// libstdc++'s compiled extractors write the object they are given and
// their own stream (libfns.cc wmm_istream_input): the extraction is a
// write of the data, so message passing keeps its fences on the weak
// targets (before the flag's store, after its load); x86-TSO keeps the
// order by itself.
#include <cstdio>
#include <sstream>
#include <string>
#include <thread>

static int num;
static std::string word;
static char line[32];
static volatile int ready;

static void
producer ()
{
  std::istringstream in ("42 hello");
#if defined STRING
  in >> word;
#elif defined GETLINE
  std::getline (in, word);
#elif defined CHARS
  in.getline (line, sizeof line);
#else
  in >> num;
#endif
  ready = 1;
}

static void
consumer ()
{
  while (!ready)
    ;
  std::printf ("%d %zu %c\n", num, word.size (), line[0]);
}

int
main ()
{
  std::thread p (producer), c (consumer);
  p.join ();
  c.join ();
  return 0;
}
