/* check_mpack.c — message passing with an acknowledgement, in a loop, the
 * consumer branching on the message before it acknowledges: the fence
 * that orders the message read before the acknowledgement can go before
 * the branch, where it also orders the message read before the next
 * round's flag read (one fence per ordering, not one per arm of the
 * branch; tests/plugin/cuts.sh).  The assertion checks every message. */
#include <assert.h>
#include <pthread.h>
int rounds = 2;   /* a variable: GCC does not unroll the loops */
int msg, flag, ack, errors;
void *producer(void *arg)
{
  for (int i = 1; i <= rounds; i++) {
    while (ack != i - 1)
      ;
    msg = i;
    flag = i;
  }
  return 0;
}
void *consumer(void *arg)
{
  for (int i = 1; i <= rounds; i++) {
    while (flag != i)
      ;
    int m = msg;
    if (m != i)
      errors++;
    assert(m == i);
    ack = i;
  }
  return 0;
}
int main(void)
{
  pthread_t p, c;
  pthread_create(&c, 0, consumer, 0);
  pthread_create(&p, 0, producer, 0);
  pthread_join(p, 0);
  pthread_join(c, 0);
  return 0;
}
