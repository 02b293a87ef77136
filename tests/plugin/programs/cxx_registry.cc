// cxx_registry.cc — two workers build names ("n" + std::to_string (i))
// in locals and append them to a static std::vector<std::string> under a
// mutex.  The vector's destructor is registered with __cxa_atexit: the
// library calls it on the vector at exit and keeps nothing else
// (threadlocal.cc exit_registration), so the vector does not escape to
// code outside the unit and a pointer read from it points only to what
// the unit stored there.  Before, the characters the unit's string code
// stores (std::char_traits<char>::assign) could land anywhere, the
// vector's words too: x86 8 mfences -> 6, Power 36 -> 20.
//   -DUNLOCKED  the appends without the lock: the vector's words are
//               written by both workers, and fenced
#include <cstdio>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

static std::mutex m;
static std::vector<std::string> names;

static void
add_names (int base)
{
  for (int i = 0; i < 100; i++)
    {
      std::string n = "n" + std::to_string (base + i);
#ifndef UNLOCKED
      std::lock_guard<std::mutex> g (m);
#endif
      names.push_back (n);
    }
}

int
main ()
{
  std::thread a (add_names, 0), b (add_names, 1000);
  a.join ();
  b.join ();
  std::printf ("%zu\n", names.size ());
  return 0;
}
