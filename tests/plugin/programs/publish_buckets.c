/* publish_buckets.c — a hash table with a mutex per bucket whose entries
 * are filled, then pushed on their bucket's list under its lock (`e->next
 * = b->head; b->head = e;`), and found by walking the list under the
 * lock (`for (e = b->head; e; e = e->next)`).  The buckets' members are
 * protected by their own mutex (locks.cc, local_lock_bit); an entry's
 * `next` is written only before the entry is linked in, so it is
 * read-only once another thread can reach it, a slot without a lock
 * (publish.cc, fixed_locations): the creator's writes to an entry come
 * before its publication and need no fence (Power: message passing's
 * syncs before).
 * Variants that keep message passing's fences on the weak targets:
 *   -DUNLINK  get moves the entry it found to the front of the list
 *             (writes of `next` after publication: no longer read-only);
 *   -DPEEK    get reads the head's value without the bucket's lock. */
#include <pthread.h>
#include <stdlib.h>

#define NB 16
struct entry { struct entry *next; unsigned key; int val; };
struct bucket { pthread_mutex_t lock; struct entry *head; int count; };
static struct bucket table[NB];

static void put (unsigned key, int val)
{
  struct bucket *b = &table[key % NB];
  struct entry *e = malloc (sizeof *e);
  e->key = key;
  e->val = val;
  pthread_mutex_lock (&b->lock);
  e->next = b->head;
  b->head = e;
  b->count++;
  pthread_mutex_unlock (&b->lock);
}

static int get (unsigned key)
{
  struct bucket *b = &table[key % NB];
  int v = -1;
#ifdef PEEK
  struct entry *h = b->head;
  if (h && h->key == key)
    return h->val;
#endif
  pthread_mutex_lock (&b->lock);
#ifdef UNLINK
  for (struct entry **p = &b->head; *p; p = &(*p)->next)
    if ((*p)->key == key)
      {
        struct entry *e = *p;
        v = e->val;
        *p = e->next;
        e->next = b->head;
        b->head = e;
        break;
      }
#else
  for (struct entry *e = b->head; e; e = e->next)
    if (e->key == key)
      {
        v = e->val;
        break;
      }
#endif
  pthread_mutex_unlock (&b->lock);
  return v;
}

static void *producer (void *arg)
{
  unsigned id = (unsigned) (long) arg;
  for (unsigned i = 0; i < 1000; i++)
    put (i * 2 + id, (int) i);
  return 0;
}

static void *consumer (void *arg)
{
  long found = 0;
  (void) arg;
  for (unsigned i = 0; i < 2000; i++)
    found += get (i) >= 0;
  return (void *) found;
}

int main (void)
{
  pthread_t t[3];
  for (int i = 0; i < NB; i++)
    pthread_mutex_init (&table[i].lock, 0);
  pthread_create (&t[0], 0, producer, (void *) 0L);
  pthread_create (&t[1], 0, producer, (void *) 1L);
  pthread_create (&t[2], 0, consumer, 0);
  for (int i = 0; i < 3; i++)
    pthread_join (t[i], 0);
  return 0;
}
