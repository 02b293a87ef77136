/* publish_list.c — work items handed over through a stack under a mutex
 * kept with it in a struct: the producer fills a fresh item and pushes it
 * (`it->next = top; top = it`), the consumer pops under the lock and reads
 * the item after unlocking.  The fields written before the push are
 * private to the producer: no fence.
 * -DPEEK: a second consumer reads the top item's fields without the lock:
 * a real race, message passing between the fields keeps its fences.
 * -DKEEP: the producer keeps the item in a global as well: fences. */
#include <pthread.h>
#include <stdlib.h>

struct item { struct item *next; int key; int val; };

static struct {
  pthread_mutex_t lock;
  struct item *top;
} stack = { PTHREAD_MUTEX_INITIALIZER, 0 };
#ifdef KEEP
struct item *kept;
#endif
int bad;

static void push(struct item *it)
{
  pthread_mutex_lock(&stack.lock);
  it->next = stack.top;
  stack.top = it;
  pthread_mutex_unlock(&stack.lock);
}

static struct item *pop(void)
{
  pthread_mutex_lock(&stack.lock);
  struct item *it = stack.top;
  if (it)
    stack.top = it->next;
  pthread_mutex_unlock(&stack.lock);
  return it;
}

void *producer(void *arg)
{
  (void) arg;
  for (int i = 1; i <= 1000; i++) {
    struct item *it = malloc(sizeof *it);
    if (!it)
      abort();
    it->key = i;
    it->val = 3 * i;
#ifdef KEEP
    kept = it;
#endif
    push(it);
  }
  return 0;
}

void *consumer(void *arg)
{
  (void) arg;
  for (int n = 0; n < 1000;) {
    struct item *it = pop();
    if (!it)
      continue;
    n++;
    int v = it->val;
    int k = it->key;
    if (v != 3 * k)
      bad = 1;
    free(it);
  }
  return 0;
}

#ifdef PEEK
void *peeker(void *arg)
{
  (void) arg;
  for (int n = 0; n < 1000; n++) {
    struct item *it = stack.top;
    if (it && it->val != 3 * it->key)
      bad = 1;
  }
  return 0;
}
#endif

int main(void)
{
  pthread_t t1, t2;
  pthread_create(&t1, 0, producer, 0);
  pthread_create(&t2, 0, consumer, 0);
#ifdef PEEK
  pthread_t t3;
  pthread_create(&t3, 0, peeker, 0);
  pthread_join(t3, 0);
#endif
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return bad;
}
