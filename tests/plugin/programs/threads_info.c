/* threads_info.c — thread handles kept in the argument structs, the way
 * the pthread_create manual's example writes it: pthread_create
 * (&tinfo[i].thread_id, 0, worker, &tinfo[i]) after filling the struct,
 * then pthread_join (tinfo[i].thread_id, 0) and the result read from the
 * same struct.  Each worker touches only its own struct's other members:
 * no fence (private.cc, region.cc).  -DBUCKETS: the worker also counts
 * into a member array of its struct at variable indices (the index stays
 * in that member, which is not the struct's last): no fence either.
 * -DSELF: the worker also reads its own thread_id member (the create
 * writes it while the worker may run): a race, but no cycle; no fence
 * (the weak targets fenced the worker until 2026-12-01, when the read of
 * `tinfo->thread_id` stopped meeting `result`, another member).
 * -DMAINWRITE: main writes thread 0's number while thread 1 is created,
 * a race but no cycle (the worker reads only its own number, one address
 * through its argument: ir.h addr_key): no fence; with -DBUCKETS fenced.
 */
#include <pthread.h>
#include <stdio.h>
#define NT 4

struct thread_info {
  pthread_t thread_id;
  int thread_num;
#ifdef BUCKETS
  long buckets[8];
#endif
  long result;
};

static int table[NT][64];

static void *worker (void *arg)
{
  struct thread_info *tinfo = arg;
  long s = 0;
  for (int k = 0; k < 64; k++)
    {
      s += table[tinfo->thread_num][k];
#ifdef BUCKETS
      tinfo->buckets[table[tinfo->thread_num][k] % 8]++;
#endif
    }
#ifdef SELF
  s += tinfo->thread_id != 0;
#endif
  tinfo->result = s;
  return 0;
}

int main (void)
{
  struct thread_info tinfo[NT];
  for (int i = 0; i < NT; i++)
    for (int k = 0; k < 64; k++)
      table[i][k] = i + k;
  for (int i = 0; i < NT; i++)
    {
      tinfo[i].thread_num = i;
      pthread_create (&tinfo[i].thread_id, 0, worker, &tinfo[i]);
#ifdef MAINWRITE
      if (i == 1)
        tinfo[0].thread_num = 0;
#endif
    }
  long total = 0;
  for (int i = 0; i < NT; i++)
    {
      pthread_join (tinfo[i].thread_id, 0);
      total += tinfo[i].result;
    }
  printf ("%ld\n", total);
  return 0;
}
