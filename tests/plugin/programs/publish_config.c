/* publish_config.c — a configuration reloaded the usual way: a thread
 * allocates a new config, fills it (plain stores, strcpy of its name,
 * memcpy of its limits), and swaps the global pointer under a read-write
 * lock's write side; readers use the current config under the read side.
 * The fill races with nothing: the new object is reachable only after the
 * writer's unlock.  No fence (Power before: 2 lwsyncs, for strcpy's
 * write of the name).
 * Variant that must keep fences (message passing on the weak targets):
 *   -DLATE  the reloader renames the config and then bumps its timeout
 *           after publishing it, outside the lock; a reader reads the
 *           timeout, then the name. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct config
{
  int timeout;
  int retries;
  int limits[4];
  char name[32];
};

static struct config *cfg;
static pthread_rwlock_t lock = PTHREAD_RWLOCK_INITIALIZER;

static void *
reader (void *arg)
{
  long s = 0;
  for (int i = 0; i < 10000; i++)
    {
      pthread_rwlock_rdlock (&lock);
      s += cfg->timeout + cfg->retries + cfg->limits[2] + cfg->name[0];
      pthread_rwlock_unlock (&lock);
    }
  return (void *) s;
}

static void *
reloader (void *arg)
{
  static const int limits[4] = { 1, 2, 4, 8 };
  for (int i = 0; i < 100; i++)
    {
      struct config *n = malloc (sizeof *n);
      if (!n)
        return arg;
      n->timeout = i;
      n->retries = 3;
      memcpy (n->limits, limits, sizeof limits);
      strcpy (n->name, "svc");
      pthread_rwlock_wrlock (&lock);
      struct config *old = cfg;
      cfg = n;
      pthread_rwlock_unlock (&lock);
#ifdef LATE
      strcpy (n->name, "renamed");
      n->timeout = i + 1;
#endif
      free (old);
    }
  return arg;
}

int
main (void)
{
  cfg = calloc (1, sizeof *cfg);
  if (!cfg)
    return 1;
  pthread_t r[3], w;
  for (int i = 0; i < 3; i++)
    pthread_create (&r[i], NULL, reader, NULL);
  pthread_create (&w, NULL, reloader, NULL);
  for (int i = 0; i < 3; i++)
    pthread_join (r[i], NULL);
  pthread_join (w, NULL);
  printf ("%d\n", cfg->timeout);
  return 0;
}
