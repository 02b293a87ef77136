/* locks_try_wrapper.c — a lock wrapper around a trylock whose result
 * nobody checks: `take ()` may leave the lock free, so P0 and P1 may run
 * their store buffering together and need their fences (locks.sh).  The
 * unlock after the accesses said "held at entry" (releasing a mutex the
 * thread does not hold is undefined) because the wrapper's trylock was
 * hidden in its summary; a direct trylock there was already no sign of
 * holding.  -DSPIN: the same with a spin lock.
 */
#include <pthread.h>
#ifdef SPIN
static pthread_spinlock_t m;
#define TRY pthread_spin_trylock
#define UNLOCK pthread_spin_unlock
#else
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
#define TRY pthread_mutex_trylock
#define UNLOCK pthread_mutex_unlock
#endif
int x, y, r0, r1;
static void take (void) { TRY (&m); }   /* the result is dropped */
void *P0 (void *a) { (void) a; take (); x = 1; r0 = y; UNLOCK (&m); return 0; }
void *P1 (void *a) { (void) a; take (); y = 1; r1 = x; UNLOCK (&m); return 0; }
int main (void)
{
  pthread_t a, b;
#ifdef SPIN
  pthread_spin_init (&m, 0);
#endif
  pthread_create (&a, 0, P0, 0);
  pthread_create (&b, 0, P1, 0);
  pthread_join (a, 0);
  pthread_join (b, 0);
  return r0 + r1;
}
