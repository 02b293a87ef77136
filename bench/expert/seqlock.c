/* seqlock.c — a sequence lock: the one writer makes the sequence odd,
 * writes a pair of equal values and makes it even; a reader retries until
 * it reads the same even sequence before and after the pair, and must then
 * see an equal pair.  Expert fences: smp_wmb around the writer's data,
 * smp_rmb around the reader's (the kernel's write_seqcount_begin/end and
 * read_seqcount_begin/retry).
 * Usage: seqlock [WRITES]   exit 1 when a torn pair is accepted
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "barriers.h"

int seq, data_a, data_b, done, torn;
int writes = 200000;

void *writer(void *arg)
{
  (void) arg;
  for (int i = 1; i <= writes; i++) {
    WRITE_ONCE(seq, seq + 1);
    smp_wmb();
    data_a = i;
    data_b = i;
    smp_wmb();
    WRITE_ONCE(seq, seq + 1);
  }
  WRITE_ONCE(done, 1);
  return 0;
}

void *reader(void *arg)
{
  (void) arg;
  while (!READ_ONCE(done)) {
    int s1, s2, a, b;
    do {
      s1 = READ_ONCE(seq);
      smp_rmb();
      a = data_a;
      b = data_b;
      smp_rmb();
      s2 = READ_ONCE(seq);
    } while ((s1 & 1) || s1 != s2);
    if (a != b)
      torn++;
  }
  return 0;
}

int main(int argc, char **argv)
{
  pthread_t w, r;
  if (argc > 1)
    writes = atoi(argv[1]);
  pthread_create(&r, 0, reader, 0);
  pthread_create(&w, 0, writer, 0);
  pthread_join(w, 0);
  pthread_join(r, 0);
  printf("seqlock: %s\n", torn ? "torn pair" : "ok");
  return torn != 0;
}
