/* pgsql.c — the PostgreSQL latch/flag token ring (seed 000, section 5):
 * workers in a ring wait for their latch, reset it, and if they hold the
 * token (flag) pass it to the next worker and set that worker's latch.
 * On Power without fences a worker can see its latch set before the flag
 * (the "mp" idiom) and the token is lost: the ring starves.  With the
 * wmmfence plugin every pass arrives.  Plain int arrays, no fences.
 * Usage: pgsql [ROUNDS]   (each worker holds the token ROUNDS times)
 */
#include <pthread.h>
#include <stdio.h>
#include <sched.h>
#include <stdlib.h>

#define WORKERS 3

int latch[WORKERS];
int flag[WORKERS];
int work_done;
int lost;
int rounds = 2000;

void *worker(void *arg)
{
  int i = (int) (long) arg, next = (i + 1) % WORKERS;
  for (int held = 0; held < rounds;)
    {
      while (!latch[i])
        sched_yield ();
      latch[i] = 0;
      if (flag[i])
        {
          flag[i] = 0;
          work_done = work_done + 1;   /* the work of the token holder */
          held++;
          flag[next] = 1;
          latch[next] = 1;
        }
      else
        lost = lost + 1;   /* woken without the token: starvation */
    }
  return 0;
}

int main(int argc, char **argv)
{
  pthread_t t[WORKERS];
  if (argc > 1)
    rounds = atoi(argv[1]);
  flag[0] = 1;
  latch[0] = 1;
  for (long i = 0; i < WORKERS; i++)
    pthread_create(&t[i], 0, worker, (void *) i);
  for (int i = 0; i < WORKERS; i++)
    pthread_join(t[i], 0);
  if (work_done != WORKERS * rounds || lost)
    {
      printf("pgsql: work %d, expected %d, lost wake-ups %d\n", work_done,
             WORKERS * rounds, lost);
      return 1;
    }
  printf("pgsql: ok\n");
  return 0;
}
