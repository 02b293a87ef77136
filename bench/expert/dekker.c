/* dekker.c — Dekker's mutual exclusion for two threads: raise your flag;
 * while the other's flag is up, back off if it is the other's turn and
 * wait for the turn; after the critical section give the turn away and
 * lower your flag.  Expert fences: smp_mb after raising the flag (the
 * store->load order x86 relaxes too), acquire on entry, release on exit.
 * Usage: dekker [ROUNDS]   exit 1 when the counter loses increments
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "barriers.h"

int wants0, wants1, turn, counter;
int rounds = 200000;

void *t0(void *arg)
{
  (void) arg;
  for (int i = 0; i < rounds; i++) {
    WRITE_ONCE(wants0, 1);
    smp_mb();
    while (READ_ONCE(wants1)) {
      if (READ_ONCE(turn) != 0) {
        WRITE_ONCE(wants0, 0);
        while (READ_ONCE(turn) != 0)
          ;
        WRITE_ONCE(wants0, 1);
        smp_mb();
      }
    }
    acq_barrier();
    counter++;
    rel_barrier();
    WRITE_ONCE(turn, 1);
    WRITE_ONCE(wants0, 0);
  }
  return 0;
}

void *t1(void *arg)
{
  (void) arg;
  for (int i = 0; i < rounds; i++) {
    WRITE_ONCE(wants1, 1);
    smp_mb();
    while (READ_ONCE(wants0)) {
      if (READ_ONCE(turn) != 1) {
        WRITE_ONCE(wants1, 0);
        while (READ_ONCE(turn) != 1)
          ;
        WRITE_ONCE(wants1, 1);
        smp_mb();
      }
    }
    acq_barrier();
    counter++;
    rel_barrier();
    WRITE_ONCE(turn, 0);
    WRITE_ONCE(wants1, 0);
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
  printf("dekker: %s\n", counter == 2 * rounds ? "ok" : "lost increments");
  return counter != 2 * rounds;
}
