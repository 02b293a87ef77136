/* refcount_tail.c — a reference-counted object whose payload is a
 * trailing array: readers sum `o->data[i]` while others take and drop
 * references with atomics on `o->refs`.  An element of the trailing array
 * (its extent unknown: it may run past the struct) is still no other
 * member of the struct, so the count's read-modify-writes meet no data
 * read: no fence on any target (tests/plugin/idioms.sh).  -DSB: main and
 * the readers do store buffering on `o->flag` and `o->data[7]`: fenced. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
struct obj { int refs; int flag; int data[8]; };
static struct obj *obj_new(void) {
  struct obj *o = calloc(1, sizeof *o);
  if (!o) exit(1);
  o->refs = 1;
  for (int i = 0; i < 8; i++) o->data[i] = i;
  return o;
}
static void obj_get(struct obj *o) { __atomic_fetch_add(&o->refs, 1, __ATOMIC_RELAXED); }
static void obj_put(struct obj *o) { if (__atomic_sub_fetch(&o->refs, 1, __ATOMIC_ACQ_REL) == 0) free(o); }
static void *reader(void *arg) {
  struct obj *o = arg;
  long s = 0;
  for (int i = 0; i < 8; i++) s += o->data[i];
#ifdef SB
  o->data[7] = 1;
  if (o->flag) s++;
#endif
  obj_put(o);
  return (void *)s;
}
int main(void) {
  struct obj *o = obj_new();
  pthread_t t[3];
  for (int i = 0; i < 3; i++) { obj_get(o); pthread_create(&t[i], 0, reader, o); }
#ifdef SB
  o->flag = 1;
  if (o->data[7]) puts("7");
#endif
  obj_put(o);
  for (int i = 0; i < 3; i++) pthread_join(t[i], 0);
  return 0;
}
