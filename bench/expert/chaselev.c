/* chaselev.c — the Chase–Lev work-stealing deque (fixed-size array), with
 * the fences of the C11 version by Lê, Pop, Cohen and Zappa Nardelli
 * (PPoPP 2013): the owner pushes and takes at the bottom, thieves steal at
 * the top with a compare-and-swap.  Expert fences: release fence before
 * push publishes bottom; a full fence in take between lowering bottom and
 * reading top (needed on x86 too) and in steal between reading top and
 * bottom; acquire on the thieves' reads of top and bottom; the CAS fully
 * ordered (Linux's cmpxchg: a locked instruction on x86).
 * The owner pushes 1..COUNT and takes every third time; two thieves steal.
 * Every value must be obtained exactly once (count and sum).
 * Usage: chaselev [COUNT]   exit 1 when a value is lost or taken twice
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "barriers.h"

#if defined(EXPERT) && !defined(__x86_64__)
#define steal_mb() smp_mb()   /* the C11 seq_cst fence of steal */
#elif defined(EXPERT)
#define steal_mb() ASM("")    /* load->load: x86 keeps it */
#else
#define steal_mb() ((void) 0)
#endif

#define SIZE 1024
#define EMPTY 0L

long buffer[SIZE];
long top, bottom;
int count = 1000000, done;
long taken_count[3], taken_sum[3];

/* 0 when the deque is full. */
static int push(long x)
{
  long b = bottom;
  long t = READ_ONCE(top);
  acq_barrier();
  if (b - t >= SIZE)
    return 0;
  buffer[b % SIZE] = x;
  rel_barrier();
  WRITE_ONCE(bottom, b + 1);
  return 1;
}

static long take(void)
{
  long b = bottom - 1;
  WRITE_ONCE(bottom, b);
  smp_mb();
  long t = READ_ONCE(top);
  long x = EMPTY;
  if (t <= b) {
    x = buffer[b % SIZE];
    if (t == b) {
      smp_mb__before_atomic();
      if (!__atomic_compare_exchange_n(&top, &t, t + 1, 0, __ATOMIC_RELAXED,
                                       __ATOMIC_RELAXED))
        x = EMPTY;
      smp_mb__after_atomic();
      WRITE_ONCE(bottom, b + 1);
    }
  } else
    WRITE_ONCE(bottom, b + 1);
  return x;
}

static long steal(void)
{
  long t = READ_ONCE(top);
  acq_barrier();
  steal_mb();
  long b = READ_ONCE(bottom);
  acq_barrier();
  if (t >= b)
    return EMPTY;
  long x = READ_ONCE(buffer[t % SIZE]);
  smp_mb__before_atomic();
  if (!__atomic_compare_exchange_n(&top, &t, t + 1, 0, __ATOMIC_RELAXED,
                                   __ATOMIC_RELAXED))
    x = EMPTY;
  smp_mb__after_atomic();
  return x;
}

static void record(int who, long x)
{
  if (x != EMPTY) {
    taken_count[who]++;
    taken_sum[who] += x;
  }
}

void *owner(void *arg)
{
  (void) arg;
  for (long i = 1; i <= count; i++) {
    while (!push(i))
      record(0, take());
    if (i % 3 == 0)
      record(0, take());
  }
  long x;
  while ((x = take()) != EMPTY || READ_ONCE(bottom) > READ_ONCE(top))
    record(0, x);
  WRITE_ONCE(done, 1);
  return 0;
}

void *thief(void *arg)
{
  int who = (int) (long) arg;
  while (!READ_ONCE(done))
    record(who, steal());
  return 0;
}

int main(int argc, char **argv)
{
  pthread_t o, t1, t2;
  if (argc > 1)
    count = atoi(argv[1]);
  pthread_create(&t1, 0, thief, (void *) 1L);
  pthread_create(&t2, 0, thief, (void *) 2L);
  pthread_create(&o, 0, owner, 0);
  pthread_join(o, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  long n = taken_count[0] + taken_count[1] + taken_count[2];
  long sum = taken_sum[0] + taken_sum[1] + taken_sum[2];
  int ok = n == count && sum == (long) count * (count + 1) / 2;
  printf("chaselev: %s (%ld values)\n", ok ? "ok" : "lost or duplicated value", n);
  return !ok;
}
