/* locks_try.c — store buffering where each thread touches x and y only
 * when pthread_mutex_trylock returned 0 (the section it guards): the
 * accesses are protected, no fence (locks.sh). */
#include <pthread.h>
int x, y, r0, r1;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *P0 (void *a)
{
  (void) a;
  if (pthread_mutex_trylock (&m) == 0)
    {
      x = 1;
      r0 = y;
      pthread_mutex_unlock (&m);
    }
  return 0;
}
void *P1 (void *a)
{
  (void) a;
  if (pthread_mutex_trylock (&m) != 0)
    return 0;   /* busy: give up */
  y = 1;
  r1 = x;
  pthread_mutex_unlock (&m);
  return 0;
}
int main (void) { pthread_t a, b; pthread_create (&a, 0, P0, 0); pthread_create (&b, 0, P1, 0); pthread_join (a, 0); pthread_join (b, 0); return r0 + r1; }
