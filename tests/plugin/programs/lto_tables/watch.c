/* watch.c — lto_tables/: a counter whose address is also in a table's
 * initializer.  t1 only adds to `hits` (a blind counter, were that all:
 * counters.cc), but t2 reads it through the table: store buffering
 * between t1's addition and load of y and t2's store of y and load of
 * hits.  Under -flto the table's initializer must be read in
 * (wmm_decl_initial) to see that it names the counter; unread, the
 * counter was taken out and t2's fence was missed.
 * Expected: x86 an mfence in t2 (t1's locked addition is a full fence),
 * per unit and under -flto alike.
 */
#include <pthread.h>
#include <stdio.h>

static int hits, y, r1, r2;
static int *const watch[] = { &hits, &y };

static void *t1 (void *a)
{
  (void) a;
  __atomic_fetch_add (&hits, 1, __ATOMIC_RELAXED);
  r1 = __atomic_load_n (&y, __ATOMIC_RELAXED);
  return 0;
}

static void *t2 (void *a)
{
  __atomic_store_n (&y, 1, __ATOMIC_RELAXED);
  r2 = __atomic_load_n (watch[(long) a], __ATOMIC_RELAXED);
  return 0;
}

int main (void)
{
  pthread_t p, c;
  pthread_create (&p, 0, t1, 0);
  pthread_create (&c, 0, t2, 0);
  pthread_join (p, 0);
  pthread_join (c, 0);
  printf ("%d %d\n", r1, r2);
  return 0;
}
