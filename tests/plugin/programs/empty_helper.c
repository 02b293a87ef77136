/* empty_helper.c — store buffering between two threads whose store and
 * load are separated by a call of a small helper that touches no memory
 * (a check on its argument, as debug and tracing helpers are; libstdc++'s
 * std::__is_constant_evaluated inside every std::atomic operation is
 * another).  GCC inlines the helper everywhere, main included, so a fence
 * placed inside it would be copied to each call: the fence goes into each
 * thread instead, and main gets none (tests/plugin/empty_helpers.sh).
 * -DTOUCH: the helper also counts its calls in a global (a helper with
 * memory accesses: a fence may go inside it).  -DBARRIER: the helper has
 * a compiler barrier (a fence, no access: its calls stay, it gets no
 * fence either).
 */
#include <pthread.h>

int x, y, r0, r1, level;
#ifdef TOUCH
int calls;
#endif

static inline int quiet (int v)
{
#ifdef TOUCH
  calls++;
#endif
#ifdef BARRIER
  __asm__ __volatile__ ("" ::: "memory");
#endif
  return v < 3;
}

static void *t0 (void *a)
{
  x = 1;
  if (quiet (2))
    r0 = y;
  return a;
}

static void *t1 (void *a)
{
  y = 1;
  if (quiet (1))
    r1 = x;
  return a;
}

int main (void)
{
  pthread_t a, b;
  pthread_create (&a, 0, t0, 0);
  pthread_create (&b, 0, t1, 0);
  pthread_join (a, 0);
  pthread_join (b, 0);
  return r0 + r1 + quiet (5) + quiet (level) + quiet (level + 1);
}
