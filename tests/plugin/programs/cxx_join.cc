// cxx_join.cc — store buffering between two std::threads (each needs its
// fence), then main reads the results after joining both: main runs
// alone there and needs none.  -DEARLY: main reads one result before the
// second join (it races with that thread: a fence in main too... on the
// targets where the cycle needs one).
#include <thread>

int x, y, r0, r1, sum;

static void left () { x = 1; r0 = y; }
static void right () { y = 1; r1 = x; }

int main ()
{
  std::thread a (left);
  std::thread b (right);
  a.join ();
#ifdef EARLY
  x = 2;
  sum = y;
#endif
  b.join ();
  sum += r0 + r1 + x + y;
  return sum;
}
