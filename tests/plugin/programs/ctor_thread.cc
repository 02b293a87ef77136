// ctor_thread.cc — a global object whose constructor starts a std::thread
// (C++ dynamic initialisation, before main): the thread races with main.
// Store buffering between the thread's lambda (x = 1; r1 = y) and main
// (y = 1; r2 = x) needs a full fence in each on every target
// (entries.cc, constructor_entries).  The destructor joins at exit.
// Example: g++ -O2 -pthread -fplugin=wmmfence.so -fwmm-arch=tso -c ctor_thread.cc
#include <thread>

int x, y, r1, r2;

struct Starter {
  std::thread t;
  Starter () : t ([] { x = 1; r1 = y; }) {}
  ~Starter () { t.join (); }
};

static Starter starter;

int
main ()
{
  y = 1;
  r2 = x;
  return 0;
}
