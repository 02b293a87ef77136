// cxx_twice.cc — one function started by two std::threads (and, -DLAMBDA,
// one lambda object started twice, by std::thread and std::jthread):
// the two threads are instances of the same code, and store buffering
// between them (the instance with id 1 takes one branch, the other the
// other) needs its two fences.  A count of one instance per constructor
// type would see no cycle.
#include <thread>

int x, y, r0, r1;

static void w (int id)
{
  if (id)
    {
      x = 1;
      r0 = y;
    }
  else
    {
      y = 1;
      r1 = x;
    }
}

int main ()
{
#ifdef LAMBDA
  int one = 1, zero = 0;
  auto f = [] (int id) { w (id); };
  std::thread a (f, zero);
  std::thread b (f, one);
#else
  std::thread a (w, 0), b (w, 1);
#endif
  a.join ();
  b.join ();
  return r0 + r1;
}
