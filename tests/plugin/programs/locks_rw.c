/* locks_rw.c — a read-write lock: two writers in store buffering under
 * the write lock, a reader reading both under the read lock (IRIW-like
 * against them): every write of x and y is under wrlock(&l), every read
 * under rdlock or wrlock: no fence (locks.sh). */
#include <pthread.h>
int x, y, r0, r1, r2, r3;
static pthread_rwlock_t l = PTHREAD_RWLOCK_INITIALIZER;
void *W0 (void *a) { (void) a; pthread_rwlock_wrlock (&l); x = 1; r0 = y; pthread_rwlock_unlock (&l); return 0; }
void *W1 (void *a) { (void) a; pthread_rwlock_wrlock (&l); y = 1; r1 = x; pthread_rwlock_unlock (&l); return 0; }
void *R (void *a)
{
  (void) a;
  if (pthread_rwlock_tryrdlock (&l) != 0)
    pthread_rwlock_rdlock (&l);
  r2 = x;
  r3 = y;
  pthread_rwlock_unlock (&l);
  return 0;
}
int main (void) { pthread_t a, b, c; pthread_create (&a, 0, W0, 0); pthread_create (&b, 0, W1, 0); pthread_create (&c, 0, R, 0); pthread_join (a, 0); pthread_join (b, 0); pthread_join (c, 0); return r0 + r1 + r2 + r3; }
