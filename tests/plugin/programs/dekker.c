/* dekker.c — Dekker's mutual exclusion for two threads, written with plain
 * int globals and no fences: correct under SC only.  Compiled with the
 * wmmfence plugin it must also be correct on x86-TSO, Power and ARM.
 * Each thread enters the critical section N times and increments a plain
 * counter there; the final count must be 2N.
 * Usage: dekker [N]   (exit 0 and "dekker: ok" when correct)
 */
#include <pthread.h>
#include <stdio.h>
#include <sched.h>
#include <stdlib.h>

int flag[2];
int turn;
int counter;
int iterations = 100000;

void *worker(void *arg)
{
  int me = (int) (long) arg, other = 1 - me;
  for (int i = 0; i < iterations; i++)
    {
      flag[me] = 1;
      while (flag[other])
        if (turn != me)
          {
            flag[me] = 0;
            while (turn != me)
              sched_yield ();
            flag[me] = 1;
          }
      counter = counter + 1;   /* critical section */
      turn = other;
      flag[me] = 0;
    }
  return 0;
}

int main(int argc, char **argv)
{
  pthread_t t[2];
  if (argc > 1)
    iterations = atoi(argv[1]);
  for (long i = 0; i < 2; i++)
    pthread_create(&t[i], 0, worker, (void *) i);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], 0);
  if (counter != 2 * iterations)
    {
      printf("dekker: counter %d, expected %d\n", counter, 2 * iterations);
      return 1;
    }
  printf("dekker: ok\n");
  return 0;
}
