/* bank_transfer.c — the classic bank: an array of accounts, each with its
 * own mutex; a transfer takes the locks of accounts[min (from, to)] and
 * accounts[max (from, to)] (index order, no deadlock) and moves money
 * between accounts[from] and accounts[to] (locks.cc min_max_own:
 * each of the two elements is one of the two locked).  No race: no
 * fence.  Racy variants keep their fences:
 *   -DONE_LOCK  only the lower account's lock is taken
 *   -DOTHER     the second lock is max (from, n) for another n
 *   -DAUDIT     an auditor sums the balances without the locks */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define NACC 10
#define NTHR 4

struct account
{
  pthread_mutex_t lock;
  long balance;
};
struct account accounts[NACC];

void
transfer (int from, int to, long amount, int n)
{
  int a = from < to ? from : to;
#ifdef OTHER
  int b = from < n ? n : from;
#else
  int b = from < to ? to : from;
  (void) n;
#endif
  pthread_mutex_lock (&accounts[a].lock);
#ifndef ONE_LOCK
  pthread_mutex_lock (&accounts[b].lock);
#endif
  accounts[from].balance -= amount;
  accounts[to].balance += amount;
#ifndef ONE_LOCK
  pthread_mutex_unlock (&accounts[b].lock);
#endif
  pthread_mutex_unlock (&accounts[a].lock);
}

void *
worker (void *arg)
{
  unsigned seed = (unsigned) (long) arg;
  for (int i = 0; i < 10000; i++)
    {
      int f = rand_r (&seed) % NACC, t = rand_r (&seed) % NACC;
      if (f != t)
        transfer (f, t, rand_r (&seed) % 100, rand_r (&seed) % NACC);
    }
  return NULL;
}

#ifdef AUDIT
void *
auditor (void *arg)
{
  long total = 0;
  for (int i = NACC - 1; i >= 0; i--)
    total += accounts[i].balance;
  printf ("audit %ld\n", total);
  return arg;
}
#endif

int
main (void)
{
  pthread_t th[NTHR];
  for (int i = 0; i < NACC; i++)
    {
      pthread_mutex_init (&accounts[i].lock, NULL);
      accounts[i].balance = 1000;
    }
  for (long i = 0; i < NTHR; i++)
    pthread_create (&th[i], NULL, worker, (void *) i);
#ifdef AUDIT
  pthread_t au;
  pthread_create (&au, NULL, auditor, NULL);
  pthread_join (au, NULL);
#endif
  for (int i = 0; i < NTHR; i++)
    pthread_join (th[i], NULL);
  long total = 0;
  for (int i = 0; i < NACC; i++)
    total += accounts[i].balance;
  printf ("total %ld\n", total);
  return 0;
}
