/* box_lock.c — a heap struct with its mutex first and a pointer after
 * it: pthread_mutex_init (&b->lock) stores no pointer into the struct
 * (it is given a pthread_mutex_t), so `b->slot` still points to the int
 * allocated for it and the worker's `*b->slot = 1` touches that int
 * only, under -flto as per unit (tests/plugin/lto_sync_args.sh).
 */
#include <pthread.h>
#include <stdlib.h>
struct box { pthread_mutex_t lock; int *slot; };
static struct box *b;
int flag, other, seen, seen2;
static void *worker (void *a)
{
  (void) a;
  *b->slot = 1;
  seen = flag;
  return 0;
}
int main (void)
{
  pthread_t t;
  b = malloc (sizeof *b);
  pthread_mutex_init (&b->lock, NULL);
  b->slot = malloc (sizeof (int));
  pthread_create (&t, 0, worker, 0);
  flag = 1;
  seen2 = other;
  pthread_join (t, 0);
  return seen + seen2;
}
