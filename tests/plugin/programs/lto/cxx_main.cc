// cxx_main.cc — store buffering between a lambda run by std::thread here
// and cxx_body.cc's t1(), also run by std::thread (tests/plugin/lto.sh):
// neither unit alone sees both halves of the cycle; the linked program
// does (an mfence in each thread on x86-64).
// Example: g++ -flto -fplugin=wmmfence.so -O2 -c cxx_main.cc cxx_body.cc
#include <thread>
extern int x, y;
int r0;
void t1 ();
int
main ()
{
  std::thread a ([] { x = 1; r0 = y; });
  std::thread b (t1);
  a.join ();
  b.join ();
  return 0;
}
