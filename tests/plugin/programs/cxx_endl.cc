// cxx_endl.cc — two std::threads given a function and a std::ref to
// main's result, joined, then the results printed with std::endl.  The
// manipulator reaches ostream::operator<< (a library template that calls
// the function it is given): resolved per call site, with the unit's
// exported functions of its type (entries.cc value_functions); the
// virtual call inside std::endl's widen (a library facet) may call only
// virtual methods of the unit, of which there are none: no function
// becomes an entry, main runs alone after the joins, no fence on any
// target (3 mfences on x86, 9 syncs on Power before).  Racy variants:
//   -DRACE  the workers set `x` and read `y`, main sets `y` and reads
//           `x` between the creates and the joins: store buffering, a
//           full fence in main and in add;
//   -DVIRT  main also starts a thread that runs a Task through a virtual
//           call, and the Task's run does the same store buffering with
//           main: a full fence in main and in Adder::run (a virtual
//           method a virtual call may reach).
// threads_arrays.sh
#include <functional>
#include <iostream>
#include <thread>

#if defined RACE || defined VIRT
static int x, y, r1, r2;
#endif

static void
add (long &out, long n)
{
#ifdef RACE
  x = 1;
  r1 = y;
#endif
  long s = 0;
  for (long i = 0; i < n; i++)
    s += i;
  out = s;
}

#ifdef VIRT
struct Task
{
  virtual void run () = 0;
  virtual ~Task () {}
};
struct Adder : Task
{
  void run () override
  {
    x = 1;
    r1 = y;
  }
};
static void
runner (Task *t)
{
  t->run ();
}
#endif

int
main ()
{
  long a = 0, b = 0;
  std::thread t1 (add, std::ref (a), 1000), t2 (add, std::ref (b), 2000);
#ifdef VIRT
  Adder task;
  std::thread t3 (runner, &task);
#endif
#if defined RACE || defined VIRT
  y = 1;
  r2 = x;
#endif
  t1.join ();
  t2.join ();
#ifdef VIRT
  t3.join ();
#endif
  std::cout << a + b << std::endl;
}
