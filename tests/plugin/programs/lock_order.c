/* lock_order.c — a bank transfer that takes two accounts' locks in
 * address order through lock wrappers, the usual way to avoid deadlock:
 * `first = from < to ? from : to` (GCC's MIN_EXPR of the pointers),
 * `second` the other, `acct_lock (first); acct_lock (second);`.  Every
 * balance is read and written under its account's lock: no fence on any
 * target (locks.cc: the wrapper's lock of its parameter is the caller's
 * lock of the object `first` points to; holding the locks of *MIN and
 * *MAX of (from, to) holds both accounts').
 * Racy variants that keep store buffering's full fence in transfer on
 * every target (transfer (a, b) beside transfer (b, a)):
 *   -DONE    only the first lock is taken;
 *   -DSAME   the first lock is taken twice (a recursive mutex), never the
 *            second;
 *   -DEARLY  the second lock is released before the credit.
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -fwmm-arch=power -c lock_order.c
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define NACC 16
#define NT 4

struct account
{
  pthread_mutex_t lock;
  long balance;
};

static struct account accts[NACC];

static void
acct_lock (struct account *a)
{
  if (pthread_mutex_lock (&a->lock))
    abort ();
}

static void
acct_unlock (struct account *a)
{
  if (pthread_mutex_unlock (&a->lock))
    abort ();
}

static void
transfer (struct account *from, struct account *to, long amount)
{
  struct account *first = from < to ? from : to;
  struct account *second = from < to ? to : from;
  acct_lock (first);
#if defined SAME
  acct_lock (first);
#elif !defined ONE
  acct_lock (second);
#endif
  from->balance -= amount;
#ifdef EARLY
  acct_unlock (second);
#endif
  to->balance += amount;
#if defined SAME
  acct_unlock (first);
#elif !defined ONE && !defined EARLY
  acct_unlock (second);
#endif
  acct_unlock (first);
}

static void *
teller (void *arg)
{
  unsigned seed = (unsigned) (long) arg;
  for (int i = 0; i < 10000; i++)
    {
      int a = rand_r (&seed) % NACC, b = rand_r (&seed) % NACC;
      if (a != b)
        transfer (&accts[a], &accts[b], rand_r (&seed) % 10);
    }
  return NULL;
}

int
main (void)
{
  pthread_t t[NT];
  pthread_mutexattr_t attr;
  pthread_mutexattr_init (&attr);
  pthread_mutexattr_settype (&attr, PTHREAD_MUTEX_RECURSIVE);
  for (int i = 0; i < NACC; i++)
    {
      pthread_mutex_init (&accts[i].lock, &attr);
      accts[i].balance = 1000;
    }
  for (long i = 0; i < NT; i++)
    pthread_create (&t[i], NULL, teller, (void *) i);
  for (int i = 0; i < NT; i++)
    pthread_join (t[i], NULL);
  long total = 0;
  for (int i = 0; i < NACC; i++)
    total += accts[i].balance;
  printf ("%ld\n", total);
  return total != NACC * 1000;
}
