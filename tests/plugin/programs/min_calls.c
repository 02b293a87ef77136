/* min_calls.c — a small program whose minimal fence count minimal.sh knows. */
#include <pthread.h>
int x, y, r0, r1;
static void set(int *p) { *p = 1; }
static int get(int *p) { return *p; }
void *P0(void *a) { (void) a; set(&x); r0 = get(&y); return 0; }
void *P1(void *a) { (void) a; set(&y); r1 = get(&x); return 0; }
int main(void) { pthread_t a, b; pthread_create(&a, 0, P0, 0); pthread_create(&b, 0, P1, 0); pthread_join(a, 0); pthread_join(b, 0); return r0 + r1; }
