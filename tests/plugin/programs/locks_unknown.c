/* locks_unknown.c — a call to unknown code inside the critical section may
 * release an exported lock (m): x and y are not protected after it and SB
 * gets its fences; the static lock s cannot be named by unknown code, so
 * the same code under s on static data needs none (locks.sh). */
#include <pthread.h>
extern void log_event (int);
int x, y, r0, r1;
static int u, v, r2, r3;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t s = PTHREAD_MUTEX_INITIALIZER;
void *P0 (void *a) { (void) a; pthread_mutex_lock (&m); log_event (0); x = 1; r0 = y; pthread_mutex_unlock (&m); return 0; }
void *P1 (void *a) { (void) a; pthread_mutex_lock (&m); log_event (1); y = 1; r1 = x; pthread_mutex_unlock (&m); return 0; }
void *Q0 (void *a) { (void) a; pthread_mutex_lock (&s); log_event (2); u = 1; r2 = v; pthread_mutex_unlock (&s); return 0; }
void *Q1 (void *a) { (void) a; pthread_mutex_lock (&s); log_event (3); v = 1; r3 = u; pthread_mutex_unlock (&s); return 0; }
int main (void) { pthread_t a, b, c, d; pthread_create (&a, 0, P0, 0); pthread_create (&b, 0, P1, 0); pthread_create (&c, 0, Q0, 0); pthread_create (&d, 0, Q1, 0); pthread_join (a, 0); pthread_join (b, 0); pthread_join (c, 0); pthread_join (d, 0); return r0 + r1 + r2 + r3; }
