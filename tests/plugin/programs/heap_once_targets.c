/* heap_once_targets.c — an object allocated once (heaponce.cc: its
 * members are locations of their own) meets no access through a pointer
 * that cannot point to it (tbaa.cc heap_once_target): main fills a
 * control block, a worker reads it and counts the spaces of a text
 * through a char pointer into another allocation.  The char reads once
 * touched the block's members too (message passing: lwsyncs on Power);
 * now no fence.  -DALIAS: the text is the block itself: the fences stay.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

struct ctl { int a; int b; };
static struct ctl *ctl;
static char *text;
static long count;

static void *worker(void *arg) {
  (void)arg;
  int b = ctl->b;
  long n = 0;
  for (char *p = text; *p; p++)
    if (*p == ' ')
      n++;
  count = n + b;
  return NULL;
}

int main(void) {
  pthread_t t;
  ctl = calloc(1, sizeof *ctl);
  if (!ctl) return 1;
#ifdef ALIAS
  text = (char *) ctl;
#else
  text = malloc(8);
  if (!text) return 1;
  strcpy(text, "a b c d");
#endif
  pthread_create(&t, 0, worker, 0);
  ctl->a = 1;
  ctl->b = 1;
  pthread_join(t, 0);
  return (int) count;
}
