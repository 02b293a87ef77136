/* mp_flag.c — message passing with a flag, round after round: the producer
 * writes the message, then raises the flag; the consumer waits for the
 * flag, reads the message, and acknowledges.  Build variants: barriers.h.
 * Usage: mp_flag [ROUNDS]   exit 1 when a stale message is read
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "barriers.h"

int msg, flag, ack;
int rounds = 100000, errors;

void *producer(void *arg)
{
  (void) arg;
  for (int i = 1; i <= rounds; i++) {
    while (READ_ONCE(ack) != i - 1)
      ;
    acq_barrier();
    msg = i;
    rel_barrier();
    WRITE_ONCE(flag, i);
  }
  return 0;
}

void *consumer(void *arg)
{
  (void) arg;
  for (int i = 1; i <= rounds; i++) {
    while (READ_ONCE(flag) != i)
      ;
    acq_barrier();
    if (msg != i)
      errors++;
    rel_barrier();
    WRITE_ONCE(ack, i);
  }
  return 0;
}

int main(int argc, char **argv)
{
  pthread_t p, c;
  if (argc > 1)
    rounds = atoi(argv[1]);
  pthread_create(&c, 0, consumer, 0);
  pthread_create(&p, 0, producer, 0);
  pthread_join(p, 0);
  pthread_join(c, 0);
  printf("mp_flag: %s\n", errors ? "stale message" : "ok");
  return errors != 0;
}
