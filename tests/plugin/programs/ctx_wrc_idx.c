/* ctx_wrc_idx.c — write-to-read causality over two elements of one array
 * written with accessors that take the array and an index (wr (v, 0),
 * rd (v, 2)): the accesses touch only v, but two of its words, so the
 * cycle stays and costs its minimum (context.sh). */
#include <pthread.h>
int v[4];
int r1, r2, r3;
static void wr(int *a, int i) { a[i] = 1; }
static int rd(int *a, int i) { return a[i]; }
void *t0(void *a) { wr(v, 0); return a; }
void *t1(void *a) { r1 = rd(v, 0); wr(v, 2); return a; }
void *t2(void *a) { r2 = rd(v, 2); r3 = rd(v, 0); return a; }
int main(void) {
  pthread_t a, b, c;
  pthread_create(&a, 0, t0, 0); pthread_create(&b, 0, t1, 0); pthread_create(&c, 0, t2, 0);
  pthread_join(a, 0); pthread_join(b, 0); pthread_join(c, 0);
  return r1 + r2 + r3;
}
