/* pts_pick.c — two threads reach the member b of one of two static
 * structs through a helper that picks one, `pick (k)->b = 1; r1 = y;`
 * against `y = 1; r2 = pick (k)->b;`: store buffering through D.b (or
 * E.b) and y.  No access names D.b or E.b with a known address, so the
 * two pointer accesses meet on the anonymous words of member b, which
 * they keep although their targets (D and E, by points-to) are declared
 * variables: a full fence in each thread.
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -c pts_pick.c
 */
#include <pthread.h>

struct big { int a; int b; };
static struct big D, E;
static int y, r1, r2, k;

static __attribute__ ((noinline)) struct big *
pick (int i)
{
  return i ? &D : &E;
}

static void *
t1 (void *p)
{
  pick (k)->b = 1;
  r1 = y;
  return p;
}

static void *
t2 (void *p)
{
  y = 1;
  r2 = pick (k)->b;
  return p;
}

int
main (int argc, char **argv)
{
  pthread_t p, q;
  D.a = 5;
  E.a = 6;
  k = argc + (argv != 0);
  pthread_create (&p, 0, t1, 0);
  pthread_create (&q, 0, t2, 0);
  pthread_join (p, 0);
  pthread_join (q, 0);
  return r1 + r2 + D.a + E.a;
}
