/* private_qsort.c — a reader copies a shared table of records into a
 * local array under a read lock and sorts its copy with qsort; a writer
 * adds records under the write lock.  qsort keeps no copy of the local
 * array and runs the comparator in the reader's thread on pointers into
 * it, which the comparator only dereferences: the copy and the
 * comparator's reads are the reader's own, no fence on any target
 * (memloc.cc sorted_in_place, private.cc find_comparator_params).
 *   -DSHARED  the reader sorts the shared table itself, without the lock
 *             (a race with the writer): fenced
 *   -DKEEP    the comparator keeps the best record's address in a global
 *             another thread reads (the local array escapes): fenced
 *             (on tso only the comparator: the other thread writes only
 *             the table's records, which the copy cannot be)
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -fwmm-arch=power -c private_qsort.c
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct { char name[32]; int score; } rec_t;
static rec_t *table;
static int nrec;
static pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
#ifdef KEEP
static const rec_t *volatile seen;
#endif

static int
by_score (const void *a, const void *b)
{
#ifdef KEEP
  seen = a;
#endif
  return ((const rec_t *) b)->score - ((const rec_t *) a)->score;
}

static void *
sorter (void *arg)
{
  (void) arg;
#ifdef SHARED
  qsort (table, nrec, sizeof *table, by_score);
  return (void *) (long) table[0].score;
#else
  rec_t local[64];
  int n;
  pthread_rwlock_rdlock (&rw);
  n = nrec < 64 ? nrec : 64;
  memcpy (local, table, n * sizeof *local);
  pthread_rwlock_unlock (&rw);
  qsort (local, n, sizeof *local, by_score);
  return (void *) (long) (n ? local[0].score : -1);
#endif
}

static void *
adder (void *arg)
{
  (void) arg;
  for (int i = 0; i < 10; i++)
    {
      pthread_rwlock_wrlock (&rw);
      if (nrec < 64)
        {
          snprintf (table[nrec].name, sizeof table[nrec].name, "r%d", i);
          table[nrec].score = i * 7 % 10;
          nrec++;
        }
      pthread_rwlock_unlock (&rw);
#ifdef KEEP
      const rec_t *s = seen;
      if (s && s->score > 100)
        break;
#endif
    }
  return NULL;
}

int
main (void)
{
  table = calloc (64, sizeof *table);
  if (!table)
    return 1;
  pthread_t a, s;
  void *best;
  pthread_create (&a, NULL, adder, NULL);
  pthread_create (&s, NULL, sorter, NULL);
  pthread_join (a, NULL);
  pthread_join (s, &best);
  printf ("%ld\n", (long) best);
  return 0;
}
