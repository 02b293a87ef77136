// cxx_strings.cc — std::string used in threads: the worker and main each
// build their own string (a local, an append that outgrows the inline
// buffer).  libstdc++'s compiled string members (`_M_append`,
// `_M_create`, ...) touch only the strings they are given and keep no
// copy, and inline library code other units call runs on their own
// memory: no fence on any target (tests/plugin/idioms.sh).
//   -DSB   a global string main assigns while the worker reads its size,
//          with store buffering through a flag: fenced in main and the
//          worker
#include <cstdio>
#include <string>
#include <thread>
int flag_a, flag_b;
#ifdef SB
std::string shared_name;
int seen, ready;
#endif
int main ()
{
  std::thread t ([] {
    std::string s = "worker";
    s += " with a suffix long enough to leave the inline buffer";
    flag_a = (int) s.size ();
#ifdef SB
    ready = 1;
    seen = (int) shared_name.size ();
#endif
  });
  std::string m = "main";
  m += " with a suffix long enough to leave the inline buffer";
  flag_b = (int) m.size ();
#ifdef SB
  shared_name = "assigned while the worker runs, longer than sixteen";
  if (ready)
    flag_b++;
#endif
  t.join ();
  std::printf ("%d %d\n", flag_a, flag_b);
}
