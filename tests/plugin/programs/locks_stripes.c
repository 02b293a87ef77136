/* locks_stripes.c — lock striping: an array of mutexes beside the arrays
 * they guard, element for element (`pthread_mutex_lock (&locks[i]);
 * heads[i] = v;`).  Two accesses to one element of heads have one index,
 * so with the same index name they hold one element of locks.  P0 and P1
 * move a value between two slots holding both slots' locks: store
 * buffering through heads inside the critical sections, which the locks
 * rule out: no fence (locks.cc, stripe_key).
 * Variants that keep store buffering's fences:
 *   -DNOLOCK   move does not take the second slot's lock;
 *   -DSHIFT    move reads the slot after the second one (another index:
 *              another lock). */
#include <pthread.h>

#define NS 8
pthread_mutex_t locks[NS];
int heads[NS], counts[NS];
int r0, r1;

static int move (unsigned from, unsigned to, int v)
{
  unsigned i = from % NS, j = to % NS;
  int r;
#ifdef NOLOCK
  pthread_mutex_lock (&locks[i]);
#else
  if (i < j)
    {
      pthread_mutex_lock (&locks[i]);
      pthread_mutex_lock (&locks[j]);
    }
  else
    {
      pthread_mutex_lock (&locks[j]);
      pthread_mutex_lock (&locks[i]);
    }
#endif
  heads[i] = v;
  counts[i]--;
#ifdef SHIFT
  unsigned k = (j + 1) % NS;
  r = heads[k];
#else
  r = heads[j];
  counts[j]++;
#endif
#ifndef NOLOCK
  pthread_mutex_unlock (&locks[j]);
#endif
  pthread_mutex_unlock (&locks[i]);
  return r;
}

void *P0 (void *x) { (void) x; r0 = move (1, 2, 1); return 0; }
void *P1 (void *x) { (void) x; r1 = move (2, 1, 1); return 0; }

int main (void)
{
  pthread_t t0, t1;
  for (int i = 0; i < NS; i++)
    pthread_mutex_init (&locks[i], 0);
  pthread_create (&t0, 0, P0, 0);
  pthread_create (&t1, 0, P1, 0);
  pthread_join (t0, 0);
  pthread_join (t1, 0);
  int total = 0;
  for (int i = 0; i < NS; i++)
    total += counts[i];
  return r0 + r1 + total == 0;
}
