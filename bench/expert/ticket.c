/* ticket.c — a ticket lock: take a ticket with an atomic increment, wait
 * until it is served, leave by serving the next one.  Two threads increment
 * a plain counter under the lock.  The increment is a relaxed atomic RMW in
 * every build (a locked instruction on x86); expert fences: acquire after
 * the wait, release before serving the next ticket.
 * Usage: ticket [ROUNDS]   exit 1 when the counter loses increments
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "barriers.h"

unsigned next_ticket, now_serving;
int counter, rounds = 200000;

static void lock(void)
{
  unsigned me = __atomic_fetch_add(&next_ticket, 1, __ATOMIC_RELAXED);
  while (READ_ONCE(now_serving) != me)
    ;
  acq_barrier();
}

static void unlock(void)
{
  rel_barrier();
  WRITE_ONCE(now_serving, now_serving + 1);
}

void *worker(void *arg)
{
  (void) arg;
  for (int i = 0; i < rounds; i++) {
    lock();
    counter++;
    unlock();
  }
  return 0;
}

int main(int argc, char **argv)
{
  pthread_t a, b;
  if (argc > 1)
    rounds = atoi(argv[1]);
  pthread_create(&a, 0, worker, 0);
  pthread_create(&b, 0, worker, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  printf("ticket: %s\n", counter == 2 * rounds ? "ok" : "lost increments");
  return counter != 2 * rounds;
}
