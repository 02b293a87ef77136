// entries_lambda.cc — store buffering between two std::threads running
// lambdas: each lambda's operator() is a code unit of its _M_run entry.
#include <thread>

int x, y, r0, r1;

int main ()
{
  std::thread a ([] { x = 1; r0 = y; });
  std::thread b ([] { y = 1; r1 = x; });
  a.join ();
  b.join ();
  return r0 + r1;
}
