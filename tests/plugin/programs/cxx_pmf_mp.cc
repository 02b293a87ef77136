// cxx_pmf_mp.cc — two std::threads that run member functions of one
// object of main, `std::thread a (&box::produce, &b), c (&box::consume,
// &b)`, passing a message through two plain members: the minimum is an
// lwsync / dmb in each method on the weak targets and nothing on x86-64.
// Each method is one thread, `this` main's b (entries.cc: the store of
// the method into the member-function pointer the constructor is given
// is no escape).  Before 2026-12-03 the store made each method an entry
// of several instances, racing with itself: x86 1 mfence, Power 3 fences
// cost 5, ARMv8 cost 4, ARMv7 2 dmbs cost 5 (now 0, 2/2, 2, 1/3).
// -DSB (store buffering between the two methods): a full fence in each
// on every target.
#include <thread>

struct box
{
  int data, ready;
  int seen, got;
  void produce ()
  {
    data = 42;
#ifdef SB
    seen = ready;
#else
    ready = 1;
#endif
  }
  void consume ()
  {
#ifdef SB
    ready = 1;
    got = data;
#else
    seen = ready;
    got = data;
#endif
  }
};

static box b;

int
main ()
{
  std::thread a (&box::produce, &b), c (&box::consume, &b);
  a.join ();
  c.join ();
  return b.seen * 2 + b.got;
}
