// lib_names.cc — store buffering where p0's store is made by a member
// function called `close` (a channel closing itself): no C library
// function, whatever its name (libfns.cc wmm_c_library_fn).  Until
// 2026-11-29 `ch.close ()` was taken for close (2), which touches nothing
// of the program: no fence in p0, a missed fence.  Minimum: a full fence
// in p0 and in p1.  unknown_calls.sh
#include <pthread.h>

struct Chan
{
  int closed;
  void close () { closed = 1; }
};

Chan ch;
int y, r0, r1;

extern "C" void *
p0 (void *a)
{
  ch.close ();
  r0 = y;
  return a;
}

extern "C" void *
p1 (void *a)
{
  y = 1;
  r1 = ch.closed;
  return a;
}

int
main ()
{
  pthread_t t, u;
  pthread_create (&t, 0, p0, 0);
  pthread_create (&u, 0, p1, 0);
  pthread_join (t, 0);
  pthread_join (u, 0);
  return r0 + r1;
}
