/* slots_helper_arg.c — per-thread counters bumped through a helper that
 * takes the thread's argument struct and reads the thread's number from
 * it (`counts[w->id]++`), the struct filled by main's create loop: each
 * thread touches only its own counter (claims.cc, routine_param and
 * helper_reads_only), no fence.  Variants that race, and keep fences:
 *   -DSAME   every thread gets number 0;
 *   -DWRITE  a helper also writes the number through the struct;
 *   -DMAIN   main bumps thread 0's counter while the threads run.
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -S slots_helper_arg.c
 */
#include <pthread.h>
#include <stdio.h>

#define N 4
struct warg { int id; int rounds; };
static long counts[N];

static void bump (struct warg *w)
{
  counts[w->id]++;
}

#ifdef WRITE
static void renumber (struct warg *w)
{
  w->id = (w->id + 1) % N;
}
#endif

static void *worker (void *p)
{
  struct warg *w = p;
  for (int i = 0; i < w->rounds; i++)
    {
      bump (w);
#ifdef WRITE
      renumber (w);
#endif
    }
  return NULL;
}

int main (void)
{
  pthread_t t[N];
  struct warg a[N];
  for (int i = 0; i < N; i++)
    {
#ifdef SAME
      a[i].id = 0;
#else
      a[i].id = i;
#endif
      a[i].rounds = 1000;
      pthread_create (&t[i], NULL, worker, &a[i]);
    }
#ifdef MAIN
  bump (&a[0]);
#endif
  for (int i = 0; i < N; i++)
    pthread_join (t[i], NULL);
  long s = 0;
  for (int i = 0; i < N; i++)
    s += counts[i];
  printf ("%ld\n", s);
  return 0;
}
