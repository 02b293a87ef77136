/* locks_hash_stripes.c — a hash table with fewer locks than buckets, the
 * way lock striping is usually written: bucket h is guarded by
 * locks[h % NLOCKS] (`pthread_mutex_lock (&locks[h % NLOCKS]); ...
 * buckets[h] ...`).  Two accesses to one bucket have one h, so the same
 * function of it names the same lock (locks.cc, stripe_key and
 * index_function): data-race free, no fence.
 * Variants whose buckets race (fenced):
 *   -DNARROW  get takes locks[h % 4]: another function of h, another lock
 *             for most buckets;
 *   -DSHIFT   get takes locks[(h + 1) % NLOCKS];
 *   -DNOLOCK  get takes no lock;
 *   -DREHASH  get reads bucket h ^ 1 under h's lock.
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -fwmm-arch=power -S */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#define NBUCKETS 64
#define NLOCKS 8
#define NTHREADS 4
struct entry { struct entry *next; int key; int value; };
static struct entry *buckets[NBUCKETS];
static pthread_mutex_t locks[NLOCKS];

static unsigned hash (int key) { return (unsigned) key * 2654435761u % NBUCKETS; }

static void put (int key, int value)
{
  unsigned h = hash (key);
  pthread_mutex_lock (&locks[h % NLOCKS]);
  struct entry *e;
  for (e = buckets[h]; e; e = e->next)
    if (e->key == key)
      {
        e->value = value;
        break;
      }
  if (!e)
    {
      e = malloc (sizeof *e);
      e->key = key;
      e->value = value;
      e->next = buckets[h];
      buckets[h] = e;
    }
  pthread_mutex_unlock (&locks[h % NLOCKS]);
}

static int get (int key, int *value)
{
  unsigned h = hash (key);
  int found = 0;
#if defined NARROW
  pthread_mutex_t *m = &locks[h % 4];
#elif defined SHIFT
  pthread_mutex_t *m = &locks[(h + 1) % NLOCKS];
#else
  pthread_mutex_t *m = &locks[h % NLOCKS];
#endif
#ifndef NOLOCK
  pthread_mutex_lock (m);
#endif
#ifdef REHASH
  h ^= 1;
#endif
  for (struct entry *e = buckets[h]; e; e = e->next)
    if (e->key == key)
      {
        *value = e->value;
        found = 1;
        break;
      }
#ifndef NOLOCK
  pthread_mutex_unlock (m);
#endif
  return found;
}

static void *worker (void *arg)
{
  int id = *(int *) arg;
  for (int i = 0; i < 1000; i++)
    {
      put (id * 1000 + i, i);
      int v;
      if (get (id * 1000 + i / 2, &v) && v < 0)
        abort ();
    }
  return NULL;
}

int main (void)
{
  pthread_t t[NTHREADS];
  int ids[NTHREADS];
  for (int i = 0; i < NLOCKS; i++)
    pthread_mutex_init (&locks[i], NULL);
  for (int i = 0; i < NTHREADS; i++)
    {
      ids[i] = i;
      pthread_create (&t[i], NULL, worker, &ids[i]);
    }
  for (int i = 0; i < NTHREADS; i++)
    pthread_join (t[i], NULL);
  long n = 0;
  for (int h = 0; h < NBUCKETS; h++)
    for (struct entry *e = buckets[h]; e; e = e->next)
      n++;
  printf ("%ld entries\n", n);
  return 0;
}
