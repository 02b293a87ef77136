/* locks_callee_open.c — the helper of locks_callee.c is also called
 * without the lock (P1): nothing is protected, SB gets its fences
 * (locks.sh: soundness). */
#include <pthread.h>
int x, y, r0, r1;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int push (int *mine, int *other) { *mine = 1; return *other; }
void *P0 (void *a) { (void) a; pthread_mutex_lock (&m); r0 = push (&x, &y); pthread_mutex_unlock (&m); return 0; }
void *P1 (void *a) { (void) a; r1 = push (&y, &x); return 0; }
int main (void) { pthread_t a, b; pthread_create (&a, 0, P0, 0); pthread_create (&b, 0, P1, 0); pthread_join (a, 0); pthread_join (b, 0); return r0 + r1; }
