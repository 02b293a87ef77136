// cxx_string_mp.cc — cppreference's release/acquire example: a producer
// allocates a std::string and sets an int, then publishes the string's
// address with a release store of a std::atomic<std::string *>; the
// consumer spins on an acquire load and compares the string with
// operator== (libstdc++'s compiled, const compare ()).  A compiled const
// member of std::string reads through its `this` and its pointers to
// const, never writes (collect.cc): x86 2 mfences -> 0 (the
// comparison's stand-in wrote the string and could be a store of the
// int), Power 11 -> 4.
//   -DRELAXED  both atomics relaxed: message passing's fences between the
//              int's store and the pointer's, and after the pointer's load
#include <atomic>
#include <cstdio>
#include <string>
#include <thread>

#ifdef RELAXED
#define REL std::memory_order_relaxed
#define ACQ std::memory_order_relaxed
#else
#define REL std::memory_order_release
#define ACQ std::memory_order_acquire
#endif

std::atomic<std::string *> ptr;
int data;

void
producer ()
{
  std::string *p = new std::string ("Hello");
  data = 42;
  ptr.store (p, REL);
}

void
consumer ()
{
  std::string *p2;
  while (!(p2 = ptr.load (ACQ)))
    ;
  if (*p2 != "Hello" || data != 42)
    std::puts ("broken");
}

int
main ()
{
  std::thread t1 (producer);
  std::thread t2 (consumer);
  t1.join ();
  t2.join ();
}
