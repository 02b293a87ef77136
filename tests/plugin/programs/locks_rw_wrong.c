/* locks_rw_wrong.c — store buffering under read locks: readers run
 * together, so writes under a read lock are not protected; the writes
 * happen in exported functions that end the section with
 * pthread_rwlock_unlock (they must not assume a write lock is held at
 * their entry).  The fences stay (locks.sh). */
#include <pthread.h>
int x, y, r0, r1;
static pthread_rwlock_t l = PTHREAD_RWLOCK_INITIALIZER;
__attribute__ ((noinline)) void put_x (void) { x = 1; r0 = y; pthread_rwlock_unlock (&l); }
__attribute__ ((noinline)) void put_y (void) { y = 1; r1 = x; pthread_rwlock_unlock (&l); }
void *P0 (void *a) { (void) a; pthread_rwlock_rdlock (&l); put_x (); return 0; }
void *P1 (void *a) { (void) a; pthread_rwlock_rdlock (&l); put_y (); return 0; }
int main (void) { pthread_t a, b; pthread_create (&a, 0, P0, 0); pthread_create (&b, 0, P1, 0); pthread_join (a, 0); pthread_join (b, 0); return r0 + r1; }
