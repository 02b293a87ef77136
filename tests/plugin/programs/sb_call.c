/* sb_call.c — SB whose read of P0 is in a function P0 calls: the delay
 * (W x, R y) spans the call, so its two ends are in different functions. */
#include <pthread.h>
int x, y, r0, r1;
__attribute__((noinline)) static void ry(void) { r0 = y; }
void *P0(void *a) { x = 1; ry(); return 0; }
void *P1(void *a) { y = 1; r1 = x; return 0; }
int main() { pthread_t t[2]; pthread_create(&t[0],0,P0,0); pthread_create(&t[1],0,P1,0);
 pthread_join(t[0],0); pthread_join(t[1],0); return r0+r1; }
