/* acq_helper.c — message passing whose acquire load sits in a small
 * helper (`ready ()`, out of line, called by the wait loop), as code with
 * accessors is written.  The helper's acquire (Power: ld; cmp; beq;
 * isync, ARMv7: ldr; dmb) orders the caller's later loads after it
 * returns: no fence on any target (tests/plugin/acq_helper.sh).  Before, a
 * pair whose second access was in another code unit got no credit for
 * the helper's ctrl+isync, and Power had an lwsync in ready ().
 * -DCOUNT: two producers each count down a counter with a release
 * fetch_sub and the consumer waits for zero (a release sequence: the last
 * decrement reads the first): no fence either.  -DRELAXED: the helper's
 * load is relaxed: the consumer needs a fence on the weak targets.
 */
#include <pthread.h>

#ifdef RELAXED
#define ORDER __ATOMIC_RELAXED
#else
#define ORDER __ATOMIC_ACQUIRE
#endif

int data[2], r0, r1;
#ifdef COUNT
int pending = 2;
static __attribute__ ((noinline)) int ready (void) { return __atomic_load_n (&pending, ORDER) == 0; }
static void *producer (void *arg)
{
  long id = (long) arg;
  data[id] = 10 + id;
  __atomic_fetch_sub (&pending, 1, __ATOMIC_RELEASE);
  return 0;
}
#else
int flag;
static __attribute__ ((noinline)) int ready (void) { return __atomic_load_n (&flag, ORDER); }
static void *producer (void *arg)
{
  (void) arg;
  data[0] = 10;
  data[1] = 11;
  __atomic_store_n (&flag, 1, __ATOMIC_RELEASE);
  return 0;
}
#endif

static void *consumer (void *arg)
{
  (void) arg;
  while (!ready ())
    ;
  r0 = data[0];
  r1 = data[1];
  return 0;
}

int main (void)
{
  pthread_t p0, p1, c;
  pthread_create (&c, 0, consumer, 0);
  pthread_create (&p0, 0, producer, (void *) 0);
#ifdef COUNT
  pthread_create (&p1, 0, producer, (void *) 1);
  pthread_join (p1, 0);
#else
  (void) p1;
#endif
  pthread_join (p0, 0);
  pthread_join (c, 0);
  return r0 + r1;
}
