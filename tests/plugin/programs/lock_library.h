/* lock_library.h — a small lock library of the kind C programs wrap
 * pthreads in (pigz's yarn): each lock is allocated, and the program
 * keeps pointers to them.  For locks_slots.c and locks_pool_slots.c.
 * Example: lock *l = new_lock (0); possess (l); ... release (l); */
#ifndef LOCK_LIBRARY_H
#define LOCK_LIBRARY_H
#include <pthread.h>
#include <stdlib.h>

typedef struct lock_s {
  pthread_mutex_t mutex;
  long value;
} lock;

static lock *
new_lock (long value)
{
  lock *bolt = malloc (sizeof *bolt);
  if (!bolt)
    abort ();
  pthread_mutex_init (&bolt->mutex, NULL);
  bolt->value = value;
  return bolt;
}

static void possess (lock *bolt) { pthread_mutex_lock (&bolt->mutex); }
static void release (lock *bolt) { pthread_mutex_unlock (&bolt->mutex); }

static inline void
free_lock (lock *bolt)
{
  pthread_mutex_destroy (&bolt->mutex);
  free (bolt);
}
#endif
