/* locks_try_fail.c — P0's failure branch (trylock returned non-zero: the
 * lock is not held) writes x and reads y: x and y are not protected, the
 * store buffering keeps its fences (locks.sh). */
#include <pthread.h>
int x, y, r0, r1;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *P0 (void *a)
{
  (void) a;
  if (pthread_mutex_trylock (&m) != 0)
    {
      x = 1;   /* busy, yet touches the data */
      r0 = y;
      return 0;
    }
  pthread_mutex_unlock (&m);
  return 0;
}
void *P1 (void *a)
{
  (void) a;
  pthread_mutex_lock (&m);
  y = 1;
  r1 = x;
  pthread_mutex_unlock (&m);
  return 0;
}
int main (void) { pthread_t a, b; pthread_create (&a, 0, P0, 0); pthread_create (&b, 0, P1, 0); pthread_join (a, 0); pthread_join (b, 0); return r0 + r1; }
