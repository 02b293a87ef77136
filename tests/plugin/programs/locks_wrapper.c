/* locks_wrapper.c — store buffering under a static mutex taken through
 * wrapper functions (lk/ul): protected, no fence (locks.sh). */
#include <pthread.h>
int x, y, r0, r1;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static void lk (void) { pthread_mutex_lock (&m); }
static void ul (void) { pthread_mutex_unlock (&m); }
void *P0 (void *a) { (void) a; lk (); x = 1; r0 = y; ul (); return 0; }
void *P1 (void *a) { (void) a; lk (); y = 1; r1 = x; ul (); return 0; }
int main (void) { pthread_t a, b; pthread_create (&a, 0, P0, 0); pthread_create (&b, 0, P1, 0); pthread_join (a, 0); pthread_join (b, 0); return r0 + r1; }
