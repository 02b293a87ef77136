/* heap_once_refs.c — one object allocated by main and handed to two
 * workers: each sums its payload (a loop, `o->payload[i]`, and
 * `o->payload[0]` again), stores the sum and drops its reference with an
 * atomic decrement of `o->refs`, the last one freeing it.  The refs
 * member is other memory than the payload words (heap_once.sh: no fence
 * on any target).
 * -DSB: one worker writes payload[i] and reads refs, the other updates
 * refs and reads payload[0]: store buffering through two members of
 * the object, a full fence in each on every target.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct obj { int refs; int payload[4]; };
long sums[2];
int seen;

static void put_ref(struct obj *o)
{
  if (__atomic_sub_fetch(&o->refs, 1, __ATOMIC_ACQ_REL) == 0)
    free(o);
}

#ifdef SB
static void *writer(void *p)
{
  struct obj *o = p;
  for (int i = 0; i < 4; i++)
    o->payload[i] = i + 1;
  seen = __atomic_load_n(&o->refs, __ATOMIC_RELAXED);
  return 0;
}

static void *updater(void *p)
{
  struct obj *o = p;
  __atomic_store_n(&o->refs, 5, __ATOMIC_RELAXED);
  sums[0] = o->payload[0];
  return 0;
}
#else
static void *use(void *p)
{
  struct obj *o = p;
  long s = 0;
  for (int i = 0; i < 4; i++)
    s += o->payload[i];
  sums[o->payload[0] & 1] = s;
  put_ref(o);
  return 0;
}
#endif

int main(void)
{
  pthread_t t[2];
  struct obj *o = malloc(sizeof *o);
  if (!o)
    return 1;
  o->refs = 2;
  for (int i = 0; i < 4; i++)
    o->payload[i] = i;
#ifdef SB
  pthread_create(&t[0], 0, writer, o);
  pthread_create(&t[1], 0, updater, o);
#else
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], 0, use, o);
#endif
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], 0);
  printf("%ld %ld %d\n", sums[0], sums[1], seen);
  return 0;
}
