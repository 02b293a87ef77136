/* locks_spin_unknown.c — unknown code called inside spin-locked sections:
 * it may release the exported word gl (x and y keep their fences), never
 * the static word sl whose address only reaches atomic builtins, so the
 * same code under sl on static data, in static thread functions (which
 * unknown code cannot call back), needs none (locks.sh). */
#include <pthread.h>
extern void log_event (int);
int x, y, r0, r1;
static int u, v, r2, r3;
int gl;
static int sl;
void *P0 (void *a) { (void) a; while (__atomic_exchange_n (&gl, 1, __ATOMIC_ACQUIRE)) ; log_event (0); x = 1; r0 = y; __atomic_store_n (&gl, 0, __ATOMIC_RELEASE); return 0; }
void *P1 (void *a) { (void) a; while (__atomic_exchange_n (&gl, 1, __ATOMIC_ACQUIRE)) ; log_event (1); y = 1; r1 = x; __atomic_store_n (&gl, 0, __ATOMIC_RELEASE); return 0; }
static void *Q0 (void *a) { (void) a; while (__sync_lock_test_and_set (&sl, 1)) ; log_event (2); u = 1; r2 = v; __sync_lock_release (&sl); return 0; }
static void *Q1 (void *a) { (void) a; while (__sync_lock_test_and_set (&sl, 1)) ; log_event (3); v = 1; r3 = u; __sync_lock_release (&sl); return 0; }
int main (void) { pthread_t a, b, c, d; pthread_create (&a, 0, P0, 0); pthread_create (&b, 0, P1, 0); pthread_create (&c, 0, Q0, 0); pthread_create (&d, 0, Q1, 0); pthread_join (a, 0); pthread_join (b, 0); pthread_join (c, 0); pthread_join (d, 0); return r0 + r1 + r2 + r3; }
