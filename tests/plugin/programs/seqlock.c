/* seqlock.c — a sequence lock with plain int globals: one writer makes the
 * sequence odd, writes a pair of equal values, makes it even; readers retry
 * until they read the same even sequence before and after the data, and
 * then must see an equal pair.  No fences: with the wmmfence plugin the
 * readers never accept a torn pair on weak hardware.
 * Usage: seqlock [WRITES]
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define READERS 2

int seq;
int data_a, data_b;
int done;
int torn;
int writes = 100000;

void *writer(void *arg)
{
  (void) arg;
  for (int i = 1; i <= writes; i++)
    {
      seq = seq + 1;     /* odd: writing */
      data_a = i;
      data_b = i;
      seq = seq + 1;     /* even: stable */
    }
  done = 1;
  return 0;
}

void *reader(void *arg)
{
  (void) arg;
  int last = 0;
  while (!done)
    {
      int s1, a, b, s2;
      do
        {
          s1 = seq;
          a = data_a;
          b = data_b;
          s2 = seq;
        }
      while ((s1 & 1) || s1 != s2);
      if (a != b || a < last)
        torn = torn + 1;
      last = a;
    }
  return 0;
}

int main(int argc, char **argv)
{
  pthread_t w, r[READERS];
  if (argc > 1)
    writes = atoi(argv[1]);
  for (int i = 0; i < READERS; i++)
    pthread_create(&r[i], 0, reader, 0);
  pthread_create(&w, 0, writer, 0);
  pthread_join(w, 0);
  for (int i = 0; i < READERS; i++)
    pthread_join(r[i], 0);
  if (torn || data_a != writes || seq != 2 * writes)
    {
      printf("seqlock: torn reads %d, last write %d, seq %d\n", torn, data_a,
             seq);
      return 1;
    }
  printf("seqlock: ok\n");
  return 0;
}
