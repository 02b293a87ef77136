/* locks_param.c — store buffering under a lock object taken through
 * exported wrappers with a pointer parameter (grab/drop, like a lock
 * library's possess/release): protected, no fence (locks.sh). */
#include <pthread.h>
struct lock { pthread_mutex_t mutex; pthread_cond_t cond; long value; };
int x, y, r0, r1;
static struct lock L = { PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0 };
void grab (struct lock *l) { pthread_mutex_lock (&l->mutex); }
void drop (struct lock *l) { pthread_mutex_unlock (&l->mutex); }
void bump (struct lock *l, long v) { l->value += v; pthread_cond_broadcast (&l->cond); pthread_mutex_unlock (&l->mutex); }
void *P0 (void *a) { (void) a; grab (&L); x = 1; r0 = y; drop (&L); return 0; }
void *P1 (void *a) { (void) a; grab (&L); y = 1; r1 = x; bump (&L, 1); return 0; }
int main (void) { pthread_t a, b; pthread_create (&a, 0, P0, 0); pthread_create (&b, 0, P1, 0); pthread_join (a, 0); pthread_join (b, 0); return r0 + r1; }
