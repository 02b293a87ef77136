/* min_tls.c — a small program whose minimal fence count minimal.sh knows. */
#include <pthread.h>
__thread int x, y; int r0, r1;
void *P0(void *a) { (void) a; x = 1; r0 = y; return 0; }
void *P1(void *a) { (void) a; y = 1; r1 = x; return 0; }
int main(void) { pthread_t a, b; pthread_create(&a, 0, P0, 0); pthread_create(&b, 0, P1, 0); pthread_join(a, 0); pthread_join(b, 0); return r0 + r1; }
