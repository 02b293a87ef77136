/* bakery.c — Lamport's bakery algorithm for N threads with plain int
 * globals: correct under SC only; with the wmmfence plugin also on weak
 * hardware.  Every thread enters the critical section ITER times and
 * increments a plain counter; the result must be N * ITER.
 * Usage: bakery [ITER]
 */
#include <pthread.h>
#include <stdio.h>
#include <sched.h>
#include <stdlib.h>

#define N 3

int choosing[N];
int number[N];
int counter;
int iterations = 5000;

static int max_number(void)
{
  int m = 0;
  for (int j = 0; j < N; j++)
    if (number[j] > m)
      m = number[j];
  return m;
}

void *worker(void *arg)
{
  int me = (int) (long) arg;
  for (int i = 0; i < iterations; i++)
    {
      choosing[me] = 1;
      number[me] = 1 + max_number();
      choosing[me] = 0;
      for (int j = 0; j < N; j++)
        {
          while (choosing[j])
            sched_yield ();
          while (number[j] != 0
                 && (number[j] < number[me]
                     || (number[j] == number[me] && j < me)))
            sched_yield ();
        }
      counter = counter + 1;   /* critical section */
      number[me] = 0;
    }
  return 0;
}

int main(int argc, char **argv)
{
  pthread_t t[N];
  if (argc > 1)
    iterations = atoi(argv[1]);
  for (long i = 0; i < N; i++)
    pthread_create(&t[i], 0, worker, (void *) i);
  for (int i = 0; i < N; i++)
    pthread_join(t[i], 0);
  if (counter != N * iterations)
    {
      printf("bakery: counter %d, expected %d\n", counter, N * iterations);
      return 1;
    }
  printf("bakery: ok\n");
  return 0;
}
