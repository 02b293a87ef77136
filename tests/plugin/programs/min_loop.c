/* min_loop.c — a small program whose minimal fence count minimal.sh knows. */
#include <pthread.h>
int data[4], ready, sum;
void *P0(void *a) { (void) a; for (int i = 0; i < 4; i++) data[i] = i + 1; ready = 1; return 0; }
void *P1(void *a) { (void) a; while (!ready) ; int s = 0; for (int i = 0; i < 4; i++) s += data[i]; sum = s; return 0; }
int main(void) { pthread_t a, b; pthread_create(&a, 0, P0, 0); pthread_create(&b, 0, P1, 0); pthread_join(a, 0); pthread_join(b, 0); return sum; }
