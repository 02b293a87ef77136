/* callsite_mp.c — message passing through small inline accessors of
 * relaxed atomics, the way C code wraps them: put (&data, 1); put (&flag,
 * 1) in the writer, while (!get (&flag)); got = get (&data) in the reader
 * (callsite_fences.sh).  The fences belong between the calls, in the
 * writer and the reader (one each), not inside put and get, where every
 * call would run one (and GCC copies each into every call it inlines:
 * four fences, one in the reader's spin loop).
 * -DTHREE: the writer puts data, then aux, then flag, and the reader
 * gets data, then aux after the flag: one fence in the writer, before the
 * flag's put, orders both data and aux before it (one inside put would
 * run in all three calls).
 */
#include <pthread.h>
#include <stdio.h>

static inline void put (int *p, int v) { __atomic_store_n (p, v, __ATOMIC_RELAXED); }
static inline int get (int *p) { return __atomic_load_n (p, __ATOMIC_RELAXED); }

int data, aux, flag, got, got_aux;

static void *writer (void *a)
{
  (void) a;
  put (&data, 1);
#ifdef THREE
  put (&aux, 1);
#endif
  put (&flag, 1);
  return 0;
}

static void *reader (void *a)
{
  (void) a;
  while (!get (&flag))
    ;
  got = get (&data);
#ifdef THREE
  got_aux = get (&aux);
#endif
  return 0;
}

int main (void)
{
  pthread_t w, r;
  pthread_create (&r, 0, reader, 0);
  pthread_create (&w, 0, writer, 0);
  pthread_join (w, 0);
  pthread_join (r, 0);
  printf ("%d %d\n", got, got_aux);
  return 0;
}
