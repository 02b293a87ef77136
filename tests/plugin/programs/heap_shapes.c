/* heap_shapes.c — litmus shapes on the members of one heap object that
 * main allocates and gives to both threads: -DSB (x and y, an int and a
 * long), -DMP (x and u, two int members), -DLB.  Heap memory is typed by
 * member (tbaa.cc): each member is words of its own, and every shape gets
 * its litmus test's minimal fences (tests/plugin/heap.sh). */
#include <pthread.h>
#include <stdlib.h>
struct shared { int x; long y; short z; int u; };
int r0, r1, r2, r3;
#ifdef SB
static void *p0(void *a) { struct shared *s = a; s->x = 1; r0 = s->y; return 0; }
static void *p1(void *a) { struct shared *s = a; s->y = 1; r1 = s->x; return 0; }
#elif defined MP
static void *p0(void *a) { struct shared *s = a; s->x = 1; s->u = 1; return 0; }
static void *p1(void *a) { struct shared *s = a; r0 = s->u; r1 = s->x; return 0; }
#elif defined LB
static void *p0(void *a) { struct shared *s = a; r0 = s->x; s->y = 1; return 0; }
static void *p1(void *a) { struct shared *s = a; r1 = s->y; s->x = 1; return 0; }
#endif
int main(void)
{
  struct shared *s = calloc(1, sizeof *s);
  pthread_t a, b;
  pthread_create(&a, 0, p0, s);
  pthread_create(&b, 0, p1, s);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return r0 + r1;
}
