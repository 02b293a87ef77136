/* threads_argjoin.c — a pool whose workers publish a result in their own
 * element of the creator's array (message passing: the data, then a done
 * flag), and a join loop that reads element i right after joining thread
 * i, the way a pool sums its results.  Element i was given only to the
 * thread whose handle is t[i], which has ended: no fence (minimum).
 * Variants that must keep message passing's fences (on the weak targets:
 * in the worker and in main; x86-TSO keeps message passing by itself, so
 * they are checked on ppc64le):
 *   -DBEFORE  main reads element i before the join of thread i;
 *   -DBEFORE1 the same in one block with the join (the join of the next
 *             iteration reaches the read around the loop: not before it);
 *             data is read before done and the join orders done before
 *             the next iteration's data, so only the worker is fenced;
 *   -DOTHER   main reads element i + 1 after the join of thread i (that
 *             thread may still run);
 *   -DSWAP    main joins t[N - 1 - i] and reads element i;
 *   -DAFTER   main reads element i right after creating thread i, in the
 *             create loop's block (the next iteration's create reaches
 *             the read around the loop: it is not before that create). */
#include <pthread.h>
#include <stdio.h>

#define N 4

struct work { int id; int data; int done; };

static void *worker (void *arg)
{
  struct work *w = arg;
  w->data = w->id * 2;
  w->done = 1;
  return 0;
}

int main (void)
{
  pthread_t t[N];
  struct work w[N + 1];
  long total = 0;
  for (int i = 0; i < N + 1; i++)
    w[i].done = w[i].data = 0;
  for (int i = 0; i < N; i++)
    {
      w[i].id = i;
      pthread_create (&t[i], 0, worker, &w[i]);
#ifdef AFTER
      total += w[i].done * 16;
      total += w[i].data;
#endif
    }
  for (int i = 0; i < N; i++)
    {
#if defined BEFORE1
      total += w[i].data + w[i].done;
      pthread_join (t[i], 0);
#elif defined BEFORE
      if (w[i].done)
        total += w[i].data;
      pthread_join (t[i], 0);
#elif defined OTHER
      pthread_join (t[i], 0);
      if (w[i + 1].done)
        total += w[i + 1].data;
#elif defined SWAP
      pthread_join (t[N - 1 - i], 0);
      if (w[i].done)
        total += w[i].data;
#else
      pthread_join (t[i], 0);
      if (w[i].done)
        total += w[i].data;
#endif
    }
  printf ("%ld\n", total);
  return 0;
}
