/* locks_slots.c — store buffering under mutexes a lock library allocates
 * (`lock *new_lock (void)`, as pigz's yarn and many C code bases wrap
 * pthreads): two global lock pointers set by main before it starts the
 * worker, each section taken through its pointer.  Data-race free: no
 * fence on any target.
 * Variants that keep store buffering's fences:
 *   -DLATE    main sets the pointer again while the worker runs (the two
 *             may hold two different mutexes)
 *   -DWRONG   the worker takes the other lock
 *   -DPTR     main sets it again through a pointer to the slot
 *   -DESCAPE  the slot's address goes to code outside the unit
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -S locks_slots.c */
#include "lock_library.h"

static lock *state_lock, *log_lock;
int x, y, r1, r2, lines;
#ifdef ESCAPE
extern void register_lock (lock **slot);
#endif

static void *
worker (void *arg)
{
  (void) arg;
#ifdef WRONG
  possess (log_lock);
#else
  possess (state_lock);
#endif
  x = 1;
  r1 = y;
#ifdef WRONG
  release (log_lock);
#else
  release (state_lock);
#endif
  possess (log_lock);
  lines++;
  release (log_lock);
  return NULL;
}

int
main (void)
{
  pthread_t t;
  state_lock = new_lock (0);
  log_lock = new_lock (0);
  if (pthread_create (&t, NULL, worker, NULL))
    return 1;
#if defined LATE
  state_lock = new_lock (1);
#elif defined PTR
  lock **slot = &state_lock;
  *slot = new_lock (1);
#elif defined ESCAPE
  register_lock (&state_lock);
#endif
  possess (state_lock);
  y = 1;
  r2 = x;
  release (state_lock);
  possess (log_lock);
  lines++;
  release (log_lock);
  pthread_join (t, NULL);
  free_lock (state_lock);
  free_lock (log_lock);
  state_lock = log_lock = NULL;
  return r1 + r2 + lines;
}
