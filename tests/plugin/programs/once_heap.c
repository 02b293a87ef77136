/* once_heap.c — a table built on the heap by a pthread_once routine
 * (`t = malloc (...); t->vals = calloc (...); ... tbl = t;`) and read by
 * the workers after their once call: the routine's objects are reached
 * only in it and by reads after a once call, which its completion
 * happens before, so nothing needs a fence (tests/plugin/idioms.sh).
 * -DLATE: the workers also write the table after the once call and read
 * another entry (store buffering between two workers: fenced);
 * -DPEEK: a monitor thread reads the table without a once call while it
 * may be under construction (message passing: fenced on the weak
 * targets). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
struct table { int n; int *vals; };
static struct table *tbl;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static void init_table(void) {
  struct table *t = malloc(sizeof *t);
  if (!t) abort();
  t->n = 16;
  t->vals = calloc(16, sizeof *t->vals);
  if (!t->vals) abort();
  for (int i = 0; i < 16; i++) t->vals[i] = i * i;
  tbl = t;
}
static int get(int i) {
  pthread_once(&once, init_table);
  return tbl->vals[i % tbl->n];
}
static void *user(void *a) {
  long s = 0, id = (long)a;
  for (int i = 0; i < 100; i++) s += get(i);
#ifdef LATE
  tbl->vals[id] = 1;
  s += tbl->vals[1 - id];
#endif
  return (void *)s;
}
#ifdef PEEK
static void *monitor(void *a) {
  struct table *t = tbl;
  return t ? (void *)(long)t->vals[t->n - 1] : a;
}
#endif
int main(void) {
  pthread_t t[3];
  for (long i = 0; i < 2; i++) pthread_create(&t[i], 0, user, (void *)i);
#ifdef PEEK
  pthread_create(&t[2], 0, monitor, 0);
  pthread_join(t[2], 0);
#endif
  for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
  printf("%d\n", get(3));
  return 0;
}
