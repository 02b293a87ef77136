/* from_paths.c — store buffering whose first thread takes one of two
 * paths between its store and its load, written for x86: after a retry
 * (`again`) a full fence, the first time none.  Under x86-TSO the path
 * without the fence keeps store buffering allowed (the other thread's
 * fence alone forbids nothing), and on the path with it both threads
 * already have a full fence on every target: from=tso needs no fence
 * (tests/plugin/from_paths.sh).  -DRMW puts an atomic addition there in
 * place of the fence: a full fence to x86-TSO, none on Power or Arm, so
 * that path keeps a fence on the weak targets.
 * Example: gcc -O2 -fplugin=wmmfence.so -fplugin-arg-wmmfence-from=tso
 *            -fplugin-arg-wmmfence-arch=power -S from_paths.c
 */
#include <pthread.h>

int x, y, r0, r1, again, tries;

void *first(void *arg)
{
  (void) arg;
  *(volatile int *) &x = 1;
  if (again) {
#ifdef RMW
    __atomic_fetch_add (&tries, 1, __ATOMIC_RELAXED);
#else
    __atomic_thread_fence (__ATOMIC_SEQ_CST);
#endif
  }
  r0 = *(volatile int *) &y;
  return 0;
}

void *second(void *arg)
{
  (void) arg;
  *(volatile int *) &y = 1;
  __atomic_thread_fence (__ATOMIC_SEQ_CST);
  r1 = *(volatile int *) &x;
  return 0;
}

int main(int argc, char **argv)
{
  pthread_t a, b;
  (void) argv;
  again = argc > 1;
  pthread_create (&a, 0, first, 0);
  pthread_create (&b, 0, second, 0);
  pthread_join (a, 0);
  pthread_join (b, 0);
  return r0 + r1 + tries;
}
