/* publish_tso_local.c — a request on the client's stack, filled before its
 * address is published with a plain store (code written for x86): the
 * client writes the request and reads a global, the server, once it has
 * the address, writes the global and reads the request.  On x86-TSO the
 * client's writes are visible before the publication: no mfence (the
 * client's own seq_cst fence in its wait loop stays).
 * -DLATE: the client fills the request again after publishing it: real
 * store buffering, one mfence per thread. */
#include <pthread.h>
#include <stdlib.h>
struct req { int id; int state; };
struct req *pending;
int busy;
void *client(void *arg)
{
  (void) arg;
  struct req r;
  r.id = 7;
  r.state = busy;
  pending = &r;
#ifdef LATE
  r.id = 7;
  r.state = busy;
#endif
  while (r.state != 2)
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
  return 0;
}
void *server(void *arg)
{
  (void) arg;
  struct req *q;
  while (!(q = pending))
    ;
  busy = 1;
  if (q->id != 7)
    abort();
  q->state = 2;
  return 0;
}
int main(void)
{
  pthread_t a, b;
  pthread_create(&a, 0, client, 0);
  pthread_create(&b, 0, server, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
