/* lock_library.h — a small lock library of the kind C programs wrap
 * pthreads in (pigz's yarn): each lock is allocated, and the program
 * keeps pointers to them.  For locks_slots.c and locks_pool_slots.c: its
 * functions are static there, or, with -DLOCK_LIBRARY_EXTERN, another
 * unit's (lock_library.c defines LOCK_LIBRARY_EXPORT and includes this).
 * Example: lock *l = new_lock (0); possess (l); ... release (l); */
#ifndef LOCK_LIBRARY_H
#define LOCK_LIBRARY_H
#include <pthread.h>
#include <stdlib.h>

typedef struct lock_s {
  pthread_mutex_t mutex;
  long value;
} lock;

#ifdef LOCK_LIBRARY_EXTERN
lock *new_lock (long value);
void possess (lock *bolt);
void release (lock *bolt);
void free_lock (lock *bolt);
#else
#ifdef LOCK_LIBRARY_EXPORT
#define LOCK_FN
#else
#define LOCK_FN static __attribute__ ((unused))
#endif

LOCK_FN lock *
new_lock (long value)
{
  lock *bolt = malloc (sizeof *bolt);
  if (!bolt)
    abort ();
  pthread_mutex_init (&bolt->mutex, NULL);
  bolt->value = value;
  return bolt;
}

LOCK_FN void possess (lock *bolt) { pthread_mutex_lock (&bolt->mutex); }
LOCK_FN void release (lock *bolt) { pthread_mutex_unlock (&bolt->mutex); }

LOCK_FN void
free_lock (lock *bolt)
{
  pthread_mutex_destroy (&bolt->mutex);
  free (bolt);
}
#endif
#endif
