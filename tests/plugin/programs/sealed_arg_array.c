/* sealed_arg_array.c — threads started in a loop, each given an element
 * of main's local array of argument structs whose members point at main's
 * mutex and shared counters (sealed_args.sh): `args[i].lock = &m;
 * args[i].total = &total; pthread_create (&t[i], 0, work, &args[i])`.
 * Every element's lock member holds &m (sealedargs.cc), so each thread's
 * `pthread_mutex_lock (a->lock)` takes m and the total it updates under
 * it is main's `total`: no race, no fence on any target.
 * -DTWO: odd threads get another mutex for the same total: the updates
 * race, and the threads keep their fences.
 */
#include <pthread.h>
#include <stdio.h>

#define T 4
struct targ { int id; pthread_mutex_t *lock; long *total; long *count; };

static void *work (void *p)
{
  struct targ *a = p;
  for (int i = 0; i < 1000; i++)
    {
      pthread_mutex_lock (a->lock);
      *a->total += i * a->id;
      *a->count += 1;
      pthread_mutex_unlock (a->lock);
    }
  return NULL;
}

int main (void)
{
  pthread_t t[T];
  struct targ args[T];
  pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
#ifdef TWO
  pthread_mutex_t m2 = PTHREAD_MUTEX_INITIALIZER;
#endif
  long total = 0, count = 0;
  for (int i = 0; i < T; i++)
    {
      args[i].id = i;
#ifdef TWO
      args[i].lock = i % 2 ? &m2 : &m;
#else
      args[i].lock = &m;
#endif
      args[i].total = &total;
      args[i].count = &count;
      pthread_create (&t[i], NULL, work, &args[i]);
    }
  for (int i = 0; i < T; i++)
    pthread_join (t[i], NULL);
  printf ("%ld %ld\n", total, count);
  return 0;
}
