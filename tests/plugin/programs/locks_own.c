/* locks_own.c — a counter object with its own mutex, updated and read
 * through pointer parameters under that mutex (`c->value` while holding
 * `c->lock`): every access to a counter's members holds the lock inside
 * the same counter, so two accesses to one member hold one lock and the
 * pairs need no fence (plugin/protect.cc, locks.cc: wmm_locks_own).
 * Variants that keep message passing's fences (on the weak targets):
 *   -DWRONGLOCK  the reader locks another counter's mutex while reading
 *                this one's members;
 *   -DNOLOCK     the monitor reads the members without the lock. */
#include <pthread.h>
#include <stdlib.h>

struct counter { pthread_mutex_t lock; long value; long hits; };

static void bump (struct counter *c, long d)
{
  pthread_mutex_lock (&c->lock);
  c->value += d;
  c->hits++;
  pthread_mutex_unlock (&c->lock);
}

static long read_counter (struct counter *c, struct counter *l, long *hits)
{
#ifdef WRONGLOCK
  pthread_mutex_lock (&l->lock);
#else
  (void) l;
  pthread_mutex_lock (&c->lock);
#endif
  long v = c->value;
  *hits = c->hits;
#ifdef WRONGLOCK
  pthread_mutex_unlock (&l->lock);
#else
  pthread_mutex_unlock (&c->lock);
#endif
  return v;
}

static struct counter *shared, *other;

static void *inc (void *a)
{
  for (int i = 0; i < 1000; i++)
    bump (shared, 1);
  return a;
}

static void *mon (void *a)
{
  long h, s = 0;
  for (int i = 0; i < 1000; i++)
    {
#ifdef NOLOCK
      s += shared->value;
      h = shared->hits;
#else
      s += read_counter (shared, other, &h);
#endif
      s += h;
    }
  return (void *) s;
}

int main (void)
{
  shared = calloc (1, sizeof *shared);
  other = calloc (1, sizeof *other);
  if (!shared || !other)
    return 1;
  pthread_mutex_init (&shared->lock, 0);
  pthread_mutex_init (&other->lock, 0);
  pthread_t a, b;
  pthread_create (&a, 0, inc, 0);
  pthread_create (&b, 0, mon, 0);
  pthread_join (a, 0);
  pthread_join (b, 0);
  return (int) shared->value;
}
