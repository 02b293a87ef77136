/* spsc.c — Lamport's single-producer single-consumer ring: the producer
 * fills a free slot and publishes it by advancing head; the consumer waits
 * for head, reads the slot and frees it by advancing tail.  Expert fences
 * as in the kernel's circular-buffer notes: release before each index
 * update, acquire after the consumer reads head (the producer's read of
 * tail orders its slot write by a control dependency).
 * Usage: spsc [COUNT]   exit 1 when a value arrives out of order
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "barriers.h"

#define SIZE 64

int buffer[SIZE];
unsigned head, tail;
int count = 1000000, errors;

void *producer(void *arg)
{
  (void) arg;
  for (int i = 1; i <= count; i++) {
    unsigned h = head;
    while (h - READ_ONCE(tail) == SIZE)
      ;                              /* full */
    buffer[h % SIZE] = i;
    rel_barrier();
    WRITE_ONCE(head, h + 1);
  }
  return 0;
}

void *consumer(void *arg)
{
  (void) arg;
  for (int i = 1; i <= count; i++) {
    unsigned t = tail;
    while (READ_ONCE(head) == t)
      ;                              /* empty */
    acq_barrier();
    if (buffer[t % SIZE] != i)
      errors++;
    rel_barrier();
    WRITE_ONCE(tail, t + 1);
  }
  return 0;
}

int main(int argc, char **argv)
{
  pthread_t p, c;
  if (argc > 1)
    count = atoi(argv[1]);
  pthread_create(&c, 0, consumer, 0);
  pthread_create(&p, 0, producer, 0);
  pthread_join(p, 0);
  pthread_join(c, 0);
  printf("spsc: %s\n", errors ? "values out of order" : "ok");
  return errors != 0;
}
