/* atomics_fence.c — __atomic_thread_fence with an order that is a parameter
 * (tests/plugin/atomics.sh): fence() is only called with seq_cst, so it is
 * a full fence and store buffering P0/P1 needs nothing more; fence_entry's
 * order comes from outside the unit: relaxed, no fence credited, so its two
 * instances need full fences. */
#include <pthread.h>

int x, y, z, w, r0, r1, r2;

static void fence(int mo)
{
  __atomic_thread_fence(mo);
}

void *P0(void *a)
{
  (void) a;
  x = 1;
  fence(__ATOMIC_SEQ_CST);
  r0 = y;
  return 0;
}

void *P1(void *a)
{
  (void) a;
  y = 1;
  fence(__ATOMIC_SEQ_CST);
  r1 = x;
  return 0;
}

__attribute__((wmmfence_thread)) void fence_entry(int mo, int side)
{
  if (side)
    {
      z = 1;
      __atomic_thread_fence(mo);
      r2 = w;
    }
  else
    {
      w = 1;
      __atomic_thread_fence(mo);
      r2 = z;
    }
}

int main(void)
{
  pthread_t a, b;
  pthread_create(&a, 0, P0, 0);
  pthread_create(&b, 0, P1, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return r0 + r1;
}
