/* threads_members.c — workers in a local array of structs holding their
 * handle, the address of a global input array stored into each element
 * (`ws[i].src = data`) before the create: storing another object's
 * address is no touch of the element's address, so each element stays
 * its thread's: no fence (tests/plugin/idioms.sh).  -DRACE: main and
 * worker 0 do store buffering on element 0 while it runs: fenced. */
#include <pthread.h>
#include <stdio.h>
struct worker { pthread_t tid; const int *src; long sum; int id, stop, seen; };
static int data[64];
static void *consume(void *arg) {
  struct worker *w = arg;
  for (int i = 0; i < 64; i++) w->sum += w->src[i];
#ifdef RACE
  w->seen = 1;
  if (w->stop) w->sum = 0;
#endif
  return NULL;
}
int main(void) {
  struct worker ws[4];
  for (int i = 0; i < 64; i++) data[i] = i;
  for (int i = 0; i < 4; i++) {
    ws[i].src = data; ws[i].sum = 0; ws[i].id = i; ws[i].stop = ws[i].seen = 0;
    pthread_create(&ws[i].tid, NULL, consume, &ws[i]);
  }
#ifdef RACE
  ws[0].stop = 1;
  if (ws[0].seen) puts("seen");
#endif
  long total = 0;
  for (int i = 0; i < 4; i++) { pthread_join(ws[i].tid, NULL); total += ws[i].sum; }
  printf("%ld\n", total);
  return 0;
}
