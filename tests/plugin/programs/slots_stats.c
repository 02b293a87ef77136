/* slots_stats.c — per-thread statistics the way servers keep them: a
 * static array of structs cleared by memset before the threads start,
 * each thread counting into `stats[id]` (id = (int) (intptr_t) arg, the
 * create loop's int counter), a pointer to the slot taken but unused (it
 * goes away at -O2), main summing after the joins.  Each thread has a
 * slot of its own: no fence (plugin/claims.cc).  Variants that keep their
 * fences on the weak targets:
 *   -DLATE   the memset runs after the first create (while a thread runs);
 *   -DKEEP   main keeps the array's address in a global before the
 *            threads (unknown code may reach it);
 *   -DPEEK   main reads a slot while the threads run.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define NT 4
struct stat_s { long hits, misses; };
static struct stat_s stats[NT];
static int rounds;
struct stat_s *exported;

static void *worker (void *arg)
{
  int id = (int) (intptr_t) arg;
  struct stat_s *me = &stats[id];
  (void) me;
  for (int i = 0; i < rounds; i++)
    if ((i * 7 + id) % 3 == 0)
      stats[id].hits++;
    else
      stats[id].misses++;
  return NULL;
}

int main (int argc, char **argv)
{
  pthread_t t[NT];
  long h = 0, m = 0;
  (void) argv;
  rounds = argc > 1 ? 1000 : 10;
#ifndef LATE
  memset (stats, 0, sizeof stats);
#endif
#ifdef KEEP
  exported = stats;
#endif
  for (int i = 0; i < NT; i++)
    {
      pthread_create (&t[i], NULL, worker, (void *) (intptr_t) i);
#ifdef LATE
      if (i == 0)
        memset (stats, 0, sizeof stats);
#endif
    }
#ifdef PEEK
  h = stats[1].hits;
#endif
  for (int i = 0; i < NT; i++)
    pthread_join (t[i], NULL);
  for (int i = 0; i < NT; i++)
    {
      h += stats[i].hits;
      m += stats[i].misses;
    }
  printf ("%ld %ld\n", h, m);
  return 0;
}
