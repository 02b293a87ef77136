// cxx_istream_sum.cc — each worker parses numbers from its own
// std::istringstream (through a helper taking std::istream &) into a
// local and adds them to a total under a mutex.  libstdc++'s compiled
// extractors and the stream's set-up members (ios_base's constructor,
// basic_ios::init, basic_stringbuf::_M_sync, the locale) touch the
// stream they are given and the object they fill (libfns.cc
// wmm_istream_input, wmm_stream_setup): the stream and the number stay
// the worker's own (before: unknown calls, to which both escaped; x86 11
// mfences -> 5, Power 23 -> 14).
//   -DSHARED  the numbers parsed into one global: written outside the
//             lock by both workers, a shared location
#include <cstdio>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>

static std::mutex m;
static long total;
#ifdef SHARED
static int x;
#endif

static void
parse (std::istream &in)
{
#ifndef SHARED
  int x;
#endif
  while (in >> x)
    {
      std::lock_guard<std::mutex> g (m);
      total += x;
    }
}

static void
worker (int id)
{
  std::istringstream in (id ? "4 5 6" : "1 2 3");
  parse (in);
}

int
main ()
{
  std::thread a (worker, 0), b (worker, 1);
  a.join ();
  b.join ();
  std::printf ("%ld\n", total);
  return 0;
}
