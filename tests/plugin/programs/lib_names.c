/* lib_names.c — store buffering where p0's store is in a function of the
 * unit that bears a C library name (`sleep`, `close`): the tables of
 * library functions (libfns.cc) speak of the C library's functions only,
 * not of the unit's own (wmm_c_library_fn).  Until 2026-11-29 a call of
 * the unit's `sleep` was taken for the library's, which touches nothing
 * of the program: no fence in p0, a missed fence.  Minimum: a full fence
 * in the store's function (or p0) and in p1.  -DCLOSE: the same with
 * `close`.  unknown_calls.sh; lib_names.cc for a member function.
 */
#include <pthread.h>

int x, y, r0, r1;

#ifdef CLOSE
#define HELPER close
#else
#define HELPER sleep
#endif

__attribute__ ((noinline)) int
HELPER (int v)
{
  x = v;
  return 0;
}

void *
p0 (void *a)
{
  HELPER (1);
  r0 = y;
  return a;
}

void *
p1 (void *a)
{
  y = 1;
  r1 = x;
  return a;
}

int
main (void)
{
  pthread_t t, u;
  pthread_create (&t, 0, p0, 0);
  pthread_create (&u, 0, p1, 0);
  pthread_join (t, 0);
  pthread_join (u, 0);
  return r0 + r1;
}
