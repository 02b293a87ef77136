/* locks_maybe.c — a wrapper that takes the lock only on some paths is no
 * acquisition: SB gets its fences (locks.sh: soundness). */
#include <pthread.h>
int x, y, r0, r1, quiet;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static void lk (void) { if (!quiet) pthread_mutex_lock (&m); }
static void ul (void) { if (!quiet) pthread_mutex_unlock (&m); }
void *P0 (void *a) { (void) a; lk (); x = 1; r0 = y; ul (); return 0; }
void *P1 (void *a) { (void) a; lk (); y = 1; r1 = x; ul (); return 0; }
int main (void) { pthread_t a, b; pthread_create (&a, 0, P0, 0); pthread_create (&b, 0, P1, 0); pthread_join (a, 0); pthread_join (b, 0); return r0 + r1; }
