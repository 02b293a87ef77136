/* slots_ptr.c — per-thread statistics through a pointer to the thread's
 * own slot, the way most code writes it: `struct stat_s *me =
 * &stats[a->id];` then `me->hits++`, the id a member of the thread's
 * argument struct that main set to the create loop's counter; main sums
 * the slots through a pointer after the joins.  Each thread has a slot of
 * its own: no fence (plugin/claims.cc, element pointers); -DPLUS writes
 * the pointer `stats + a->id`: no fence either.  Variants that
 * keep their fences on the weak targets:
 *   -DNEIGHBOUR  the pointer also reaches the next slot (me[1]);
 *   -DHELPER     the pointer goes to a helper that counts through it;
 *   -DKEEP       the pointer is stored in a global;
 *   -DPEEK       main reads a slot through a pointer while the threads run.
 */
#include <pthread.h>
#include <stdio.h>

#define NT 4
struct stat_s { long hits, misses; };
struct task { int id, rounds; };
static struct stat_s stats[NT + 1];
struct stat_s *last_slot;

#ifdef HELPER
static void __attribute__ ((noinline)) count (struct stat_s *s, int hit)
{
  if (hit)
    s->hits++;
  else
    s->misses++;
}
#endif

static void *worker (void *arg)
{
  struct task *a = arg;
#ifdef PLUS
  struct stat_s *me = stats + a->id;
#else
  struct stat_s *me = &stats[a->id];
#endif
#ifdef KEEP
  last_slot = me;
#endif
  for (int i = 0; i < a->rounds; i++)
    {
#ifdef HELPER
      count (me, (i * 7 + a->id) % 3 == 0);
#else
      if ((i * 7 + a->id) % 3 == 0)
        me->hits++;
      else
        me->misses++;
#endif
#ifdef NEIGHBOUR
      me[1].misses++;
#endif
    }
  return NULL;
}

int main (int argc, char **argv)
{
  pthread_t t[NT];
  struct task args[NT];
  long h = 0, m = 0;
  (void) argv;
  for (int i = 0; i < NT; i++)
    {
      args[i].id = i;
      args[i].rounds = argc > 1 ? 1000 : 10;
      pthread_create (&t[i], NULL, worker, &args[i]);
    }
#ifdef PEEK
  struct stat_s *first = &stats[argc];
  h = first->hits;
#endif
  for (int i = 0; i < NT; i++)
    pthread_join (t[i], NULL);
  for (int i = 0; i < NT; i++)
    {
      struct stat_s *s = &stats[i];
      h += s->hits;
      m += s->misses;
    }
  printf ("%ld %ld\n", h, m);
  return 0;
}
