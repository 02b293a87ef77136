/* main.c — threads started through another unit's helpers (lto.h).
 * producer/consumer: store buffering on x/y, then message passing
 * through data.c's publish()/consume(); job() runs in pool.c's two
 * workers: store buffering on m/n between its two ids.
 * Example: gcc -flto -fplugin=wmmfence.so -O2 -c main.c */
#include <stdio.h>
#include "lto.h"

static void *
producer (void *arg)
{
  x = 1;
  r0 = y;
  publish (42);
  return arg;
}

static void *
consumer (void *arg)
{
  y = 1;
  r1 = x;
  got = consume ();
  return arg;
}

API void
job (long id)
{
  if (id)
    {
      m = 1;
      rm0 = n;
    }
  else
    {
      n = 1;
      rm1 = m;
    }
}

int
main (void)
{
  int a = cfg_swap_a (1), b = cfg_swap_b (2);
  pthread_t p = launch (producer, 0), c = launch (consumer, 0);
  pool_start ();
  pthread_join (p, 0);
  pthread_join (c, 0);
  pool_join ();
  printf ("%d %d %d %d %d %d %d\n", a, b, r0, r1, rm0, rm1, got);
  return got != 42;
}
