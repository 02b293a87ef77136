/* bank_pointers.c — the bank with transfers between account pointers,
 * locking in address order (`first = from < to ? from : to`, which GCC
 * makes MIN_EXPR <from, to>, and MAX_EXPR for the second): the account
 * each of from and to points to is one of the two locked (locks.cc
 * min_max_own).  No race: no fence.  Racy variants keep their
 * fences:
 *   -DONE_LOCK  only the first account's lock is taken
 *   -DFEE       a fee is also added to a third account, whose lock is
 *               not held
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
static struct account accounts[NACC];

static void
transfer (struct account *from, struct account *to, long amount,
          struct account *fee)
{
  struct account *first = from < to ? from : to;
  struct account *second = from < to ? to : from;
  pthread_mutex_lock (&first->lock);
#ifndef ONE_LOCK
  pthread_mutex_lock (&second->lock);
#endif
  if (from->balance >= amount)
    {
      from->balance -= amount;
      to->balance += amount;
#ifdef FEE
      fee->balance += 1;
#else
      (void) fee;
#endif
    }
#ifndef ONE_LOCK
  pthread_mutex_unlock (&second->lock);
#endif
  pthread_mutex_unlock (&first->lock);
}

static void *
teller (void *arg)
{
  unsigned seed = (unsigned) (long) arg;
  for (int i = 0; i < 10000; i++)
    {
      int a = rand_r (&seed) % NACC, b = rand_r (&seed) % NACC;
      if (a != b)
        transfer (&accounts[a], &accounts[b], rand_r (&seed) % 50,
                  &accounts[rand_r (&seed) % NACC]);
    }
  return NULL;
}

#ifdef AUDIT
static void *
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
  pthread_t t[NTHR];
  for (int i = 0; i < NACC; i++)
    {
      pthread_mutex_init (&accounts[i].lock, NULL);
      accounts[i].balance = 1000;
    }
  for (long i = 0; i < NTHR; i++)
    pthread_create (&t[i], NULL, teller, (void *) i);
#ifdef AUDIT
  pthread_t a;
  pthread_create (&a, NULL, auditor, NULL);
  pthread_join (a, NULL);
#endif
  for (int i = 0; i < NTHR; i++)
    pthread_join (t[i], NULL);
  long total = 0;
  for (int i = 0; i < NACC; i++)
    total += accounts[i].balance;
  printf ("total %ld\n", total);
  return 0;
}
