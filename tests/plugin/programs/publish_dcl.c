/* publish_dcl.c — double-checked initialisation as C11 code writes it: the
 * fast path loads the table pointer with acquire; the slow path takes the
 * mutex, loads it again (relaxed: the mutex orders it), builds the table
 * and publishes it with a release store.  The builder's writes before the
 * release store are private (publish.cc: a slot every store of which is a
 * release and every load an acquire, or a load under a lock held at every
 * store), and the readers only read the table: no fence for the table on
 * any target.  The relaxed counter of lookups is only added to while
 * the threads run and read after the joins: a blind counter
 * (counters.cc), no fence for it either (its order with the table
 * pointer had lwsync / dmb ishld / dmb pairs on the weak targets).
 *   -DRELAXED_STORE  the publication is a relaxed store: the table's
 *                    fields keep message passing's fences;
 *   -DRELAXED_LOAD   the fast path loads relaxed: the same.
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -fwmm-arch=power -c publish_dcl.c
 */
#include <stdatomic.h>
#include <pthread.h>
#include <stdlib.h>
#include <stdio.h>
struct table { int n; int vals[32]; };
static _Atomic(struct table *) table_ptr;
static pthread_mutex_t init_mu = PTHREAD_MUTEX_INITIALIZER;
static atomic_long lookups;
static struct table *get_table(void)
{
#ifdef RELAXED_LOAD
  struct table *t = atomic_load_explicit(&table_ptr, memory_order_relaxed);
#else
  struct table *t = atomic_load_explicit(&table_ptr, memory_order_acquire);
#endif
  if (!t) {
    pthread_mutex_lock(&init_mu);
    t = atomic_load_explicit(&table_ptr, memory_order_relaxed);
    if (!t) {
      t = malloc(sizeof *t);
      t->n = 32;
      for (int i = 0; i < 32; i++) t->vals[i] = i * i;
#ifdef RELAXED_STORE
      atomic_store_explicit(&table_ptr, t, memory_order_relaxed);
#else
      atomic_store_explicit(&table_ptr, t, memory_order_release);
#endif
    }
    pthread_mutex_unlock(&init_mu);
  }
  return t;
}
static void *user(void *arg)
{
  long s = 0;
  for (int i = 0; i < 1000; i++) {
    struct table *t = get_table();
    s += t->vals[i % t->n];
    atomic_fetch_add_explicit(&lookups, 1, memory_order_relaxed);
  }
  *(long *)arg = s;
  return NULL;
}
int main(void)
{
  pthread_t a, b; long ra, rb;
  pthread_create(&a, NULL, user, &ra);
  pthread_create(&b, NULL, user, &rb);
  pthread_join(a, NULL); pthread_join(b, NULL);
  printf("%ld %ld %ld\n", ra, rb, atomic_load(&lookups));
  return 0;
}
