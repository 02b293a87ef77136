/* ctx_sb_index.c — store buffering through accessors that take an array
 * and an index (put_at (flags, 0, 1)): each call is analysed for its
 * arguments, so arr[i] touches only the array passed (context.sh). */
#include <pthread.h>
int flags[2], other[2];
int r0, r1;
static void put_at(int *arr, int i, int v) { arr[i] = v; }
static int get_at(const int *arr, int i) { return arr[i]; }
void *t0(void *a) { put_at(flags, 0, 1); r0 = get_at(other, 1); return a; }
void *t1(void *a) { put_at(other, 1, 1); r1 = get_at(flags, 0); return a; }
int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, t0, 0); pthread_create(&b, 0, t1, 0);
  pthread_join(a, 0); pthread_join(b, 0);
  return r0 + r1;
}
