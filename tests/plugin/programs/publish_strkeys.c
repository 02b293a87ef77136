/* publish_strkeys.c — a chained hash table with string keys under a
 * read-write lock: writers make an entry (its key a strdup of their own
 * buffer) and link it in under the write lock; a reader looks keys up
 * under the read lock, comparing them with strcmp, and reads the value.
 * Each writer's key buffer is its own (snprintf fills it, strdup copies
 * it: a fresh object, its argument not kept), and the entries are filled
 * before they are published: no fence on any target.
 *   -DPEEK  the reader walks the chains without the lock (a race on the
 *           entries): message passing's fences on the weak targets
 *   -DKEEP  a writer also keeps its entry in a global, read without the
 *           lock: fenced on the weak targets
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -fwmm-arch=power -S publish_strkeys.c
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NB 64
struct entry { char *key; int val; struct entry *next; };
static struct entry *buckets[NB];
static pthread_rwlock_t lock = PTHREAD_RWLOCK_INITIALIZER;
#ifdef KEEP
struct entry *last;
#endif

static unsigned
hash (const char *s)
{
  unsigned h = 5381;
  while (*s)
    h = h * 33 + (unsigned char) *s++;
  return h % NB;
}

static int
lookup (const char *k, int *out)
{
#ifndef PEEK
  pthread_rwlock_rdlock (&lock);
#endif
  for (struct entry *e = buckets[hash (k)]; e; e = e->next)
    if (!strcmp (e->key, k))
      {
        *out = e->val;
#ifndef PEEK
        pthread_rwlock_unlock (&lock);
#endif
        return 1;
      }
#ifndef PEEK
  pthread_rwlock_unlock (&lock);
#endif
  return 0;
}

static void
insert (const char *k, int v)
{
  struct entry *e = malloc (sizeof *e);
  if (!e)
    abort ();
  e->key = strdup (k);
  e->val = v;
#ifdef KEEP
  last = e;
#endif
  pthread_rwlock_wrlock (&lock);
  unsigned h = hash (k);
  e->next = buckets[h];
  buckets[h] = e;
  pthread_rwlock_unlock (&lock);
}

static void *
writer (void *arg)
{
  char buf[32];
  for (int i = 0; i < 100; i++)
    {
      snprintf (buf, sizeof buf, "k%d-%ld", i, (long) arg);
      insert (buf, i);
    }
  return NULL;
}

static void *
reader (void *arg)
{
  (void) arg;
  char buf[32];
  int v, n = 0;
  for (int i = 0; i < 100; i++)
    {
      snprintf (buf, sizeof buf, "k%d-0", i);
      n += lookup (buf, &v);
#ifdef KEEP
      struct entry *l = last;
      if (l)
        n += l->val;
#endif
    }
  return (void *) (long) n;
}

int
main (void)
{
  pthread_t w[2], r;
  void *n;
  for (long i = 0; i < 2; i++)
    pthread_create (&w[i], NULL, writer, (void *) i);
  pthread_create (&r, NULL, reader, NULL);
  for (int i = 0; i < 2; i++)
    pthread_join (w[i], NULL);
  pthread_join (r, &n);
  printf ("%ld\n", (long) n);
  return 0;
}
