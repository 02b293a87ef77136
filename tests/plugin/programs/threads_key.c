/* threads_key.c — IRIW's workers (iriw_roles.h) each set a value for a
 * thread-specific key created with a destructor, then main joins them and
 * reads x and y.  The destructor runs in each worker as it exits, before
 * its join returns: pthread_key_create starts no thread, and its
 * destructor is an entry of its own (several instances) that no other
 * code can start, so main runs alone after the joins (entries.cc,
 * key_dtors): no fence in main, none on x86.  Before, the destructor's
 * escape into pthread_key_create let every later unknown call start
 * threads, and main kept IRIW's fences after its joins.
 * DTOR_SB: the destructor does store buffering with a worker (x = 3;
 * r = y against the writer of y reading x): both keep a full fence.
 * threads_arrays.sh */
#include <pthread.h>
#include "iriw_roles.h"

static pthread_key_t key;
#ifdef DTOR_SB
static int rd, rw;
#endif

static void
release (void *p)
{
  (void) p;
#ifdef DTOR_SB
  x = 3;
  rd = y;
#endif
}

static void *
worker (void *a)
{
  pthread_setspecific (key, a);
  iriw_role (a);
#ifdef DTOR_SB
  if ((long) a == 2)
    rw = x;
#endif
  return 0;
}

int
main (void)
{
  pthread_t t[4];
  pthread_key_create (&key, release);
  for (long i = 0; i < 4; i++)
    pthread_create (&t[i], 0, worker, (void *) i);
  for (int i = 0; i < 4; i++)
    pthread_join (t[i], 0);
  iriw_report ();
  return 0;
}
