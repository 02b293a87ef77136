/* once_getter.c — a configuration built on first use, as tutorials
 * write it: a static getter calls pthread_once (&once, init_config) and
 * returns the pointer the routine stored; init_config mallocs the record
 * and fills it; workers read it through the getter (oncepub.cc: a
 * function whose every return follows a once call is a getter, and what
 * its calls dominate runs after the routine).  No fence (Power 4 syncs
 * before).  The variants keep their fences:
 *   -DWRITE  a worker also writes the record after getting it
 *   -DMAYBE  the getter skips pthread_once when the pointer is set (a
 *            plain load of it may see the pointer before the record)
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct
{
  int verbose;
  int level;
  char name[32];
} config_t;

static config_t *cfg;
static pthread_once_t cfg_once = PTHREAD_ONCE_INIT;

static void
init_config (void)
{
  config_t *c = malloc (sizeof *c);
  if (!c)
    abort ();
  c->verbose = getenv ("VERBOSE") != NULL;
  c->level = 3;
  strcpy (c->name, "default");
  cfg = c;
}

static config_t *
get_config (void)
{
#ifdef MAYBE
  if (cfg)
    return cfg;
#endif
  pthread_once (&cfg_once, init_config);
  return cfg;
}

static void *
worker (void *arg)
{
  config_t *c = get_config ();
  int *out = arg;
  *out = c->level + (c->verbose ? 1 : 0) + (int) strlen (c->name);
#ifdef WRITE
  c->verbose = *out & 1;
#endif
  return NULL;
}

int
main (void)
{
  pthread_t t[4];
  int res[4];
  for (int i = 0; i < 4; i++)
    pthread_create (&t[i], NULL, worker, &res[i]);
  for (int i = 0; i < 4; i++)
    pthread_join (t[i], NULL);
  for (int i = 0; i < 4; i++)
    printf ("%d\n", res[i]);
  return 0;
}
