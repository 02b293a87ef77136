/* spsc.c — a single-producer single-consumer ring buffer with plain ints:
 * the producer fills a slot and then publishes it by advancing head; the
 * consumer waits for head, reads the slot, and frees it by advancing tail.
 * No fences: with the wmmfence plugin the consumer sees every value, in
 * order, on weak hardware too.
 * Usage: spsc [COUNT]
 */
#include <pthread.h>
#include <stdio.h>
#include <sched.h>
#include <stdlib.h>

#define SIZE 64

int buffer[SIZE];
unsigned head, tail;
int count = 200000;
int errors;

void *producer(void *arg)
{
  (void) arg;
  for (int i = 1; i <= count; i++)
    {
      while (head - tail == SIZE)
        sched_yield ();           /* full */
      buffer[head % SIZE] = i;
      head = head + 1;
    }
  return 0;
}

void *consumer(void *arg)
{
  (void) arg;
  for (int i = 1; i <= count; i++)
    {
      while (tail == head)
        sched_yield ();           /* empty */
      int v = buffer[tail % SIZE];
      if (v != i)
        errors = errors + 1;
      tail = tail + 1;
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
  if (errors)
    {
      printf("spsc: %d values out of order\n", errors);
      return 1;
    }
  printf("spsc: ok\n");
  return 0;
}
