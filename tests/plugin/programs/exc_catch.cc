/* exc_catch.cc — store buffering whose first thread reaches its load only
 * in a catch handler: a helper throws after the thread's store, the
 * handler reads the other thread's flag.  The store and the load are in
 * program order along the exception's way to its landing pad, so each
 * thread needs a full fence (tests/plugin/exceptional.sh); that edge was
 * not followed before, and neither thread got one.  -DNOREAD: the handler
 * reads nothing shared (no fence); -DRAII: the handler's load is in a
 * destructor that runs while the exception unwinds through the thread.
 */
#include <pthread.h>

int x, y, r0, r1;

/* Throws when told to (a failed check). */
static void __attribute__ ((noinline)) check (long v)
{
  if (v)
    throw 1;
}

#ifdef RAII
struct on_exit_read
{
  bool armed = true;
  ~on_exit_read () { if (armed) r0 = y; }
};
#endif

void *t0 (void *arg)
{
  x = 1;
#ifdef RAII
  try
    {
      on_exit_read guard;
      check ((long) arg);
      guard.armed = false;
    }
  catch (...)
    {
    }
#else
  try
    {
      check ((long) arg);
    }
  catch (...)
    {
#ifdef NOREAD
      r0 = 2;
#else
      r0 = y;
#endif
    }
#endif
  return 0;
}

void *t1 (void *)
{
  y = 1;
  r1 = x;
  return 0;
}

int main ()
{
  pthread_t a, b;
  pthread_create (&a, 0, t0, (void *) 1);
  pthread_create (&b, 0, t1, 0);
  pthread_join (a, 0);
  pthread_join (b, 0);
  return r0 + r1;
}
