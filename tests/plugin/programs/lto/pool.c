/* pool.c — starting threads for other units (lto.h): launch() runs a
 * caller's routine, pool_start() two workers that call main.c's job().
 * Example: pthread_t t = launch (producer, 0); ... pthread_join (t, 0); */
#include "lto.h"

static pthread_t workers[2];

API pthread_t
launch (void *(*fn) (void *), void *arg)
{
  pthread_t t;
  pthread_create (&t, 0, fn, arg);
  return t;
}

static void *
worker (void *arg)
{
  job ((long) arg);
  return 0;
}

API void
pool_start (void)
{
  pthread_create (&workers[0], 0, worker, (void *) 0L);
  pthread_create (&workers[1], 0, worker, (void *) 1L);
}

API void
pool_join (void)
{
  pthread_join (workers[0], 0);
  pthread_join (workers[1], 0);
}
