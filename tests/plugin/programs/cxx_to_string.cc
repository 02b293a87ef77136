// cxx_to_string.cc — message passing between two std::threads, the
// producer building a local message with std::to_string, as C++ code logs
// a value.  libstdc++'s to_string writes its digits from a `static
// constexpr char __digits[201]` of an inline function: read-only data
// holding no pointer, whose characters carry none (threadlocal.cc); the
// local string's buffer is then the thread's own.  x86 needs no fence,
// Power one lwsync on each side (7 fences, cost 25, before 2026-12-07: the
// digits were taken to carry any pointer, and the string's characters to
// touch every location).
// Example: g++ -std=c++17 -O2 -pthread -fplugin=wmmfence.so -fwmm-arch=power -c cxx_to_string.cc
#include <cstdio>
#include <string>
#include <thread>

int data, ready, r;

int main ()
{
  std::thread p ([] {
    std::string msg = std::to_string (42);
    data = (int) msg.size ();
    ready = 1;
  });
  std::thread c ([] { if (ready) r = data; });
  p.join ();
  c.join ();
  std::printf ("%d\n", r);
  return 0;
}
