/* publish_tso.c — a connection made and filled before it is published with a
 * plain store (code written for x86): the acceptor writes the fresh
 * object's state and then reads a global; the worker, once it has the
 * object, writes the global and reads the state.  The store-buffering
 * cycle between them cannot happen on x86-TSO: the worker can only see the
 * object after the publication, which x86 makes visible after the
 * acceptor's earlier write.  No mfence on x86 (from=sc).
 * -DLATE: the acceptor writes the state again after publishing: a real
 * store buffering, one mfence per thread. */
#include <pthread.h>
#include <stdlib.h>

struct conn { int state; int fd; };
struct conn *conn;
int limit = 64, busy;

void *acceptor(void *arg)
{
  (void) arg;
  struct conn *c = calloc(1, sizeof *c);
  if (!c)
    return 0;
  c->state = 1;
  c->fd = busy > limit ? -1 : 3;
  conn = c;
#ifdef LATE
  c->state = 2;
  if (busy > limit)
    c->fd = -1;
#endif
  return 0;
}

void *worker(void *arg)
{
  (void) arg;
  struct conn *c;
  while (!(c = conn))
    ;
  busy = 1;
  if (c->state == 0)
    abort();
  return 0;
}

int main(void)
{
  pthread_t a, w;
  pthread_create(&a, 0, acceptor, 0);
  pthread_create(&w, 0, worker, 0);
  pthread_join(a, 0);
  pthread_join(w, 0);
  return 0;
}
