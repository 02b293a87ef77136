/* atomics_spinlock.c — a test-and-set spinlock written with x86 inline asm
 * (tests/plugin/atomics.sh): xchg on the lock is one locked read-modify-
 * write (a full fence), so the critical sections need no mfence.  count()
 * is a lock-prefixed fetch-add, also one RMW; twice() has two locked
 * instructions on two operands and keeps the plain model. */
#include <pthread.h>

int lock, x, y, cnt, a2, b2;

static void acquire(void)
{
  int v;
  do
    {
      v = 1;
      asm volatile("xchgl %0,%1" : "=r"(v), "+m"(lock) : "0"(v) : "memory");
    }
  while (v);
}

static void release(void)
{
  asm volatile("" ::: "memory");
  lock = 0;
}

static void count(void)
{
  int one = 1;
  asm volatile("lock; xaddl %0,%1" : "+r"(one), "+m"(cnt) :: "memory");
}

static void twice(void)
{
  asm volatile("lock; incl %0\n\tlock; incl %1" : "+m"(a2), "+m"(b2));
}

void *P0(void *a)
{
  (void) a;
  acquire();
  x = 1;
  y = 2;
  release();
  count();
  twice();
  return 0;
}

void *P1(void *a)
{
  acquire();
  int r = y;
  int s = x;
  release();
  count();
  return (void *) (long) (r + s);
}

int main(void)
{
  pthread_t a, b;
  pthread_create(&a, 0, P0, 0);
  pthread_create(&b, 0, P1, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return x;
}
