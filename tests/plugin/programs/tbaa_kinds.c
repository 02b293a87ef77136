/* tbaa_kinds.c — which globals a read through a pointer may touch under
 * strict aliasing (tests/plugin/tbaa.sh reads the IR dump): t1 writes
 * globals of several types, t2 reads through pointers.
 *   *ip (int)           gi, gp.a and the conservative ones, not fl, gl;
 *   *fp (float)         fl and the conservative ones, not gi, gl, gp.a;
 *   mp->ready           a member of a struct msg: not gi (too small), not
 *                       gp.a (a struct pair is no struct msg);
 *   atomic on *ip, *cp  anything (a builtin's pointer has no type);
 *   atomic on &mp->payload  the member, as mp->ready (the SSA name the
 *                       builtin gets holds the address expression).
 * Conservative locations: gu (written through a union), gc (a char), gw
 * (a 4-byte atomic store into a long) and the anonymous heap words; ga,
 * written by an atomic store of its own type, is a long.
 */
#include <pthread.h>
union pun { int i; float f; };
struct pair { int a; int b; };
struct msg { int ready; int payload; };
union pun gu;
float fl;
int gi;
long gl;
char gc;
struct pair gp;
long ga, gw;
int *ip;
float *fp;
struct msg *mp;
char *cp;

void *t1(void *a)
{
  gu.i = 1;
  fl = 2;
  gi = 3;
  gl = 4;
  gc = 5;
  gp.a = 6;
  __atomic_store_n(&ga, 7, __ATOMIC_RELEASE);
  __atomic_store_n((int *) &gw, 8, __ATOMIC_RELAXED);
  return a;
}

void *t2(void *a)
{
  long sum = *ip;
  sum += *fp;
  sum += mp->ready;
  sum += __atomic_load_n(&mp->payload, __ATOMIC_ACQUIRE);
  sum += __atomic_load_n(ip, __ATOMIC_ACQUIRE);
  sum += *cp;
  return (void *) sum;
}

int main(void)
{
  pthread_t t[2];
  pthread_create(&t[0], 0, t1, 0);
  pthread_create(&t[1], 0, t2, 0);
  pthread_join(t[0], 0);
  pthread_join(t[1], 0);
  return 0;
}
