/* refcount_config.c — a configuration object swapped under a mutex and
 * kept alive by a C11 reference count: config_set fills a fresh object
 * (atomic_init of its count, plain members, a char array) and publishes
 * it under the lock; readers take a reference under the lock
 * (atomic_fetch_add, relaxed), read the members outside it and drop the
 * reference (atomic_fetch_sub, acq_rel), the last one frees.
 * What the creator writes before the publication is private (the atomic
 * builtins keep no copy of the object they touch, and atomic_init is one
 * of those writes); the count, the int members and each char member are
 * heap words of their own (a member of *c at known bits is none of the
 * others).  Left: one full fence on the weak targets between reading
 * `current` and taking the reference (a cycle through the counts that
 * the two critical sections rule out, not seen by the analysis).
 * -DLATE: config_set also writes name[0] and then level after the
 * publication, outside the lock, while readers read level and then
 * name[0]: message passing, fenced on both sides.
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -fwmm-arch=power -c refcount_config.c
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

struct config
{
  atomic_int refs;
  int level;
  char name[16];
};

static struct config *current;
static pthread_mutex_t cfg_mu = PTHREAD_MUTEX_INITIALIZER;

static struct config *
config_get (void)
{
  pthread_mutex_lock (&cfg_mu);
  struct config *c = current;
  atomic_fetch_add_explicit (&c->refs, 1, memory_order_relaxed);
  pthread_mutex_unlock (&cfg_mu);
  return c;
}

static void
config_put (struct config *c)
{
  if (atomic_fetch_sub_explicit (&c->refs, 1, memory_order_acq_rel) == 1)
    free (c);
}

static void
config_set (int level)
{
  struct config *c = malloc (sizeof *c);
  if (!c)
    abort ();
  atomic_init (&c->refs, 1);
  c->level = level;
  c->name[0] = 'a' + level % 26;
  c->name[1] = 0;
  pthread_mutex_lock (&cfg_mu);
  struct config *old = current;
  current = c;
  pthread_mutex_unlock (&cfg_mu);
#ifdef LATE
  c->name[0] = 'z';
  c->level = level + 1;
#endif
  if (old)
    config_put (old);
}

static void *
reader (void *arg)
{
  long sum = 0;
  for (int i = 0; i < 1000; i++)
    {
      struct config *c = config_get ();
      sum += c->level;
      sum += c->name[0];
      config_put (c);
    }
  *(long *) arg = sum;
  return NULL;
}

int
main (void)
{
  pthread_t t[2];
  long r[2];
  config_set (1);
  for (int i = 0; i < 2; i++)
    pthread_create (&t[i], NULL, reader, &r[i]);
  for (int i = 0; i < 100; i++)
    config_set (i);
  for (int i = 0; i < 2; i++)
    pthread_join (t[i], NULL);
  printf ("%ld %ld\n", r[0], r[1]);
  return 0;
}
