/* workers_names.c — workers in main's local array of structs with a
 * char array member main sets before each create; a worker reads its
 * id and writes its result, main reads the results after the joins.  A
 * char access names `ws[k].name[0]`, but `w->id` through the thread's
 * pointer is an int member at its own offset of a struct worker, never
 * part of another member's bytes (tbaa.cc may_touch: the access-path test
 * also for locations char accesses name): no fence.  -DRACE: main
 * writes element 0's id and reads its result while worker 0 runs, the
 * worker reading its name after its result (store buffering through
 * the name's byte and the result): fenced. */
#include <pthread.h>
#include <stdio.h>

struct worker {
  pthread_t tid;
  int id;
  long result;
  char name[24];
};

static void *run(void *arg)
{
  struct worker *w = arg;
  long s = 0;
  for (int i = 0; i < 1000 * (w->id + 1); i++)
    s += i ^ w->id;
  w->result = s;
#ifdef RACE
  if (w->name[0] == 'b')
    w->result = 0;
#endif
  return NULL;
}

int main(void)
{
  struct worker ws[4];
  for (int i = 0; i < 4; i++) {
    ws[i].id = i;
    ws[i].name[0] = 'a';
    ws[i].name[1] = 0;
    pthread_create(&ws[i].tid, NULL, run, &ws[i]);
  }
#ifdef RACE
  ws[0].name[0] = 'b';
  if (ws[0].result)
    puts("early");
#endif
  long total = 0;
  for (int i = 0; i < 4; i++) {
    pthread_join(ws[i].tid, NULL);
    total += ws[i].result;
  }
  printf("%ld\n", total);
  return 0;
}
