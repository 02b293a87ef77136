/* peterson.c — Peterson's mutual exclusion for two threads with plain int
 * globals (no fences, no atomics): correct under SC only; with the wmmfence
 * plugin also on weak hardware.  The critical section increments a plain
 * counter; the result must be 2N.
 * Usage: peterson [N]
 */
#include <pthread.h>
#include <stdio.h>
#include <sched.h>
#include <stdlib.h>

int interested[2];
int victim;
int counter;
int iterations = 100000;

void *worker(void *arg)
{
  int me = (int) (long) arg, other = 1 - me;
  for (int i = 0; i < iterations; i++)
    {
      interested[me] = 1;
      victim = me;
      while (interested[other] && victim == me)
        sched_yield ();
      counter = counter + 1;   /* critical section */
      interested[me] = 0;
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
      printf("peterson: counter %d, expected %d\n", counter, 2 * iterations);
      return 1;
    }
  printf("peterson: ok\n");
  return 0;
}
