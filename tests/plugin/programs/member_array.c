/* member_array.c — Lamport's ring in one struct: an array member `slot`
 * and the indices `head` and `tail` beside it (acquire / release
 * builtins on the indices, plain slot accesses at a computed index).  An
 * index cannot leave the array it indexes (C 6.5.6), so `q.slot[t % 64]`
 * touches member slot only, never q.head or q.tail
 * (tests/plugin/member_ranges.sh).  -DWHOLE: the consumer reads its slot
 * through an int pointer to the whole struct with a computed index, which
 * may reach the indices.
 */
#include <pthread.h>
struct ring { int slot[64]; unsigned head, tail; } q;
int out[1000];
static void *producer (void *arg)
{
  for (unsigned i = 0; i < 1000; i++)
    {
      unsigned t = __atomic_load_n (&q.tail, __ATOMIC_RELAXED);
      while (t - __atomic_load_n (&q.head, __ATOMIC_ACQUIRE) == 64)
        ;
      q.slot[t % 64] = (int) i;
      __atomic_store_n (&q.tail, t + 1, __ATOMIC_RELEASE);
    }
  return arg;
}
static void *consumer (void *arg)
{
  for (unsigned i = 0; i < 1000; i++)
    {
      unsigned h = __atomic_load_n (&q.head, __ATOMIC_RELAXED);
      while (__atomic_load_n (&q.tail, __ATOMIC_ACQUIRE) == h)
        ;
#ifdef WHOLE
      out[i] = ((int *) &q)[h % 66];
#else
      out[i] = q.slot[h % 64];
#endif
      __atomic_store_n (&q.head, h + 1, __ATOMIC_RELEASE);
    }
  return arg;
}
int main (void)
{
  pthread_t a, b;
  pthread_create (&a, 0, producer, 0);
  pthread_create (&b, 0, consumer, 0);
  pthread_join (a, 0);
  pthread_join (b, 0);
  return out[999] != 999;
}
