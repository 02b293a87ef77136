/* check_spsc.c — a single-producer single-consumer ring of four slots: the
 * producer puts 1 and 2, the consumer takes what it finds and asserts the
 * FIFO order (the k-th value taken is k) (tests/plugin/check.sh). */
#include <assert.h>
#include <pthread.h>
int buf[4];
int head, tail;
void put(int v)
{
  int t = tail;
  buf[t & 3] = v;
  tail = t + 1;
}
void *producer(void *a)
{
  put(1);
  put(2);
  return 0;
}
void *consumer(void *a)
{
  for (int k = 0; k < 2; k++) {
    int h = head;
    if (tail != h) {
      int v = buf[h & 3];
      assert(v == h + 1);
      head = h + 1;
    }
  }
  return 0;
}
int main(void)
{
  pthread_t a, b;
  pthread_create(&a, 0, producer, 0);
  pthread_create(&b, 0, consumer, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
