/* affinity.c — worker threads pin themselves to a CPU before they work, as
 * benchmarks and servers do: CPU_ZERO / CPU_SET on a local cpu_set_t (a
 * store at a computed offset into it), sched_setaffinity
 * (syscall (SYS_gettid), ...), sched_getcpu; then each adds into a
 * counter under a mutex.  The affinity calls touch only the mask they
 * are given (libfns.cc), a system call given nothing but its number
 * touches no memory of the program, and the mask stays the thread's own
 * (memloc.cc: an offset of any size from a local's address stays inside
 * it): no fence.  Variants that keep fences:
 *   -DSB    after pinning, the workers do store buffering on two globals
 *           (P0 writes x and reads y, P1 the other way round);
 *   -DKEEP  the mask is a global both workers fill (CPU_SET on shared
 *           memory, read by sched_setaffinity): store buffering on it.
 * Usage: affinity   prints the count
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static long count;
int x, y, rx, ry;
#ifdef KEEP
cpu_set_t mask;
#endif

static int pin (int cpu)
{
#ifndef KEEP
  cpu_set_t mask;
#endif
  CPU_ZERO (&mask);
  CPU_SET (cpu % 2, &mask);
  return (int) sched_setaffinity ((pid_t) syscall (SYS_gettid), sizeof mask,
                                  &mask);
}

static void *P0 (void *arg)
{
  (void) arg;
  pin (0);
#ifdef SB
  x = 1;
  rx = y;
#endif
  pthread_mutex_lock (&m);
  count += sched_getcpu () >= 0;
  pthread_mutex_unlock (&m);
  return 0;
}

static void *P1 (void *arg)
{
  (void) arg;
  pin (1);
#ifdef SB
  y = 1;
  ry = x;
#endif
  pthread_mutex_lock (&m);
  count += sched_getcpu () >= 0;
  pthread_mutex_unlock (&m);
  return 0;
}

int main (void)
{
  pthread_t a, b;
  pthread_create (&a, 0, P0, 0);
  pthread_create (&b, 0, P1, 0);
  pthread_join (a, 0);
  pthread_join (b, 0);
  printf ("%ld %d\n", count, rx + ry);
  return 0;
}
