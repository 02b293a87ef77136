/* asm_deref.c — store buffering whose first store is an inline asm that
 * writes through a register operand holding &x (x86 "movl $1,(%0)",
 * Power "stw %1,0(%0)", ARM "str %1,[%0]"), as hand-written atomics and
 * drivers do.  The asm is a read and a write of what the register points
 * to: a full fence in each thread (tests/plugin/asm_deref.sh).  Before,
 * only memory operands were accesses and the store was not seen: no
 * fence.  -DNAMED: the operand is named (%[p]), which the plugin does not
 * follow: an unknown access, fenced too.
 */
#include <pthread.h>

int x, y, r0, r1;

#if defined __x86_64__
#define STORE_ONE(addr) __asm__ __volatile__ ("movl $1, (%0)" :: "r" (addr) : "memory")
#define STORE_NAMED(addr) __asm__ __volatile__ ("movl $1, (%[p])" :: [p] "r" (addr) : "memory")
#elif defined __powerpc64__
#define STORE_ONE(addr) __asm__ __volatile__ ("stw %1, 0(%0)" :: "b" (addr), "r" (1) : "memory")
#define STORE_NAMED(addr) __asm__ __volatile__ ("stw %[v], 0(%[p])" :: [p] "b" (addr), [v] "r" (1) : "memory")
#elif defined __aarch64__
#define STORE_ONE(addr) __asm__ __volatile__ ("str %w1, [%0]" :: "r" (addr), "r" (1) : "memory")
#define STORE_NAMED(addr) __asm__ __volatile__ ("str %w[v], [%[p]]" :: [p] "r" (addr), [v] "r" (1) : "memory")
#else
#define STORE_ONE(addr) __asm__ __volatile__ ("str %1, [%0]" :: "r" (addr), "r" (1) : "memory")
#define STORE_NAMED(addr) __asm__ __volatile__ ("str %[v], [%[p]]" :: [p] "r" (addr), [v] "r" (1) : "memory")
#endif

static void *
t0 (void *arg)
{
#ifdef NAMED
  STORE_NAMED (&x);
#else
  STORE_ONE (&x);
#endif
  r0 = y;
  return arg;
}

static void *
t1 (void *arg)
{
  y = 1;
  r1 = x;
  return arg;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, 0, t0, 0);
  pthread_create (&b, 0, t1, 0);
  pthread_join (a, 0);
  pthread_join (b, 0);
  return r0 + r1;
}
