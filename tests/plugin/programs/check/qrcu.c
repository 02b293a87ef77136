/* qrcu.c — quick-RCU-style reader counters: a reader picks the current
 * index, counts itself in on that index's counter (an atomic add), checks
 * the index again and reads the current object; the updater publishes the
 * new object, flips the index and waits for the old index's readers before
 * freeing the old object.  The reader asserts the object it reads is not
 * freed (tests/plugin/check_goal.sh).  The updater's flip and its read of
 * the counter form a store-buffering test: unsafe on every weak model
 * unfenced, safe under SC and fenced. */
#include <assert.h>
#include <pthread.h>
int idx, ctr0, ctr1, cur = 1, alive1 = 1, alive2 = 1;
void *reader(void *a)
{
  int i = idx;
  if (i == 0) __sync_fetch_and_add(&ctr0, 1); else __sync_fetch_and_add(&ctr1, 1);
  if (idx == i) {
    int c = cur;
    if (c == 1) assert(alive1);
    else assert(alive2);
  }
  if (i == 0) __sync_fetch_and_sub(&ctr0, 1); else __sync_fetch_and_sub(&ctr1, 1);
  return 0;
}
void *updater(void *a)
{
  cur = 2;
  idx = 1;
  while (ctr0 != 0) ;
  alive1 = 0;
  return 0;
}
int main(void)
{
  pthread_t a, b;
  pthread_create(&a, 0, reader, 0);
  pthread_create(&b, 0, updater, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
