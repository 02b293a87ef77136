/* locks_instances.c — store buffering where each thread locks a mutex of
 * its own: no exclusion, so both threads keep their fences (locks.sh).
 *   default   one routine, started twice, locks a local mutex (each
 *             instance its own);
 *   -DPARAM   a helper locks the mutex of the struct it is given, and the
 *             two threads give it two different structs (a lock named
 *             through a parameter may be another lock in every call).
 * Example: gcc -O2 -fplugin=wmmfence.so -fwmm-arch=tso -c locks_instances.c
 */
#include <pthread.h>

int x, y, r0, r1;
struct side { pthread_mutex_t m; int which; };
static struct side sides[2] = { { PTHREAD_MUTEX_INITIALIZER, 1 },
                                { PTHREAD_MUTEX_INITIALIZER, 0 } };

__attribute__ ((noinline)) void
both (struct side *s)
{
  pthread_mutex_lock (&s->m);
  if (s->which)
    {
      x = 1;
      r0 = y;
    }
  else
    {
      y = 1;
      r1 = x;
    }
  pthread_mutex_unlock (&s->m);
}

static void *
P (void *a)
{
#ifdef PARAM
  both (a);
#else
  pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
  pthread_mutex_lock (&m);
  if (a)
    {
      x = 1;
      r0 = y;
    }
  else
    {
      y = 1;
      r1 = x;
    }
  pthread_mutex_unlock (&m);
#endif
  return 0;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, 0, P, &sides[0]);
#ifdef PARAM
  pthread_create (&b, 0, P, &sides[1]);
#else
  pthread_create (&b, 0, P, 0);
#endif
  pthread_join (a, 0);
  pthread_join (b, 0);
  return r0 + r1;
}
