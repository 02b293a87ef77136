/* relpub.c — pointer publication with C11 atomics and no lock: the
 * publisher allocates a config, fills it and stores its address into a
 * static atomic pointer with release order; the reader spins on an
 * acquire load of the pointer and reads the fields (printf reads the name
 * through a pointer).  What the publisher writes before the release store
 * happens before everything the reader does after the acquire load that
 * read the address, and the object is reached through the pointer only:
 * no fence on any target (publish.cc's release / acquire slots, which
 * needed a lock somewhere in the unit before).  Variants that keep message
 * passing's fences on the weak targets:
 *   RELAXED        the reader's load is relaxed
 *   STORE_RELAXED  the publisher's store is relaxed
 *   LEAK           the publisher also stores the address into a plain
 *                  global that a second reader dereferences
 *   COPY           a second reader copies the pointer out of the slot
 *                  with memcpy (no acquire) and dereferences the copy
 * relpub.sh */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

struct config {
  int a, b;
  char name[16];
};
static _Atomic (struct config *) current;
#ifdef LEAK
struct config *last;
#endif

#ifdef RELAXED
#define LOAD_ORDER memory_order_relaxed
#else
#define LOAD_ORDER memory_order_acquire
#endif
#ifdef STORE_RELAXED
#define STORE_ORDER memory_order_relaxed
#else
#define STORE_ORDER memory_order_release
#endif

static void *
publisher (void *arg)
{
  struct config *c = malloc (sizeof *c);
  if (!c)
    return arg;
  c->a = 1;
  c->b = 2;
  c->name[0] = 'x';
  c->name[1] = 0;
#ifdef LEAK
  last = c;
#endif
  atomic_store_explicit (&current, c, STORE_ORDER);
  return arg;
}

static void *
reader (void *arg)
{
  struct config *c;
  while (!(c = atomic_load_explicit (&current, LOAD_ORDER)))
    ;
  printf ("%d %d %s\n", c->a, c->b, c->name);
  return arg;
}

#ifdef LEAK
static void *
peeker (void *arg)
{
  struct config *c = last;
  if (c)
    printf ("%d %d\n", c->b, c->a);
  return arg;
}
#elif defined COPY
#include <string.h>
static void *
peeker (void *arg)
{
  struct config *c;
  memcpy (&c, (void *) &current, sizeof c);
  if (c)
    printf ("%d %d\n", c->b, c->a);
  return arg;
}
#endif

int
main (void)
{
  pthread_t p, r;
  pthread_create (&r, 0, reader, 0);
  pthread_create (&p, 0, publisher, 0);
#if defined LEAK || defined COPY
  pthread_t k;
  pthread_create (&k, 0, peeker, 0);
  pthread_join (k, 0);
#endif
  pthread_join (p, 0);
  pthread_join (r, 0);
  free (atomic_load (&current));
  return 0;
}
