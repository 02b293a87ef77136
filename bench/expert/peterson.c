/* peterson.c — Peterson's mutual exclusion for two threads: raise your
 * flag, give the turn away, wait while the other wants in and has the turn.
 * The store->load order between the turn and the other's flag is what x86
 * breaks too, so even x86 code has a full fence there.  Expert fences:
 * smp_mb before the wait, acquire after it, release before lowering the
 * flag, and an order between the flag and turn stores that the R shape
 * needs on Power and Arm (smp_wmb_strong; without it both threads may
 * enter: litmus/peterson-*.litmus).
 * Usage: peterson [ROUNDS]   exit 1 when the counter loses increments
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "barriers.h"

int flag0, flag1, turn, counter;
int rounds = 200000;

void *t0(void *arg)
{
  (void) arg;
  for (int i = 0; i < rounds; i++) {
    WRITE_ONCE(flag0, 1);
    smp_wmb_strong();
    WRITE_ONCE(turn, 1);
    smp_mb();
    while (READ_ONCE(flag1) && READ_ONCE(turn) == 1)
      ;
    acq_barrier();
    counter++;
    rel_barrier();
    WRITE_ONCE(flag0, 0);
  }
  return 0;
}

void *t1(void *arg)
{
  (void) arg;
  for (int i = 0; i < rounds; i++) {
    WRITE_ONCE(flag1, 1);
    smp_wmb_strong();
    WRITE_ONCE(turn, 0);
    smp_mb();
    while (READ_ONCE(flag0) && READ_ONCE(turn) == 0)
      ;
    acq_barrier();
    counter++;
    rel_barrier();
    WRITE_ONCE(flag1, 0);
  }
  return 0;
}

int main(int argc, char **argv)
{
  pthread_t a, b;
  if (argc > 1)
    rounds = atoi(argv[1]);
  pthread_create(&a, 0, t0, 0);
  pthread_create(&b, 0, t1, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  printf("peterson: %s\n", counter == 2 * rounds ? "ok" : "lost increments");
  return counter != 2 * rounds;
}
