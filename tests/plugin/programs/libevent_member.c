/* libevent_member.c — a connection struct holds its libevent event, as an
 * event-driven server's does: a worker re-arms it, `event_del
 * (&c->event); r1 = c->sfd;`, while main writes the descriptor and reads
 * the flags, `c->sfd = 1; r2 = c->flags;`.  event_del takes a `struct
 * event *`: it touches the struct event the argument names, the member
 * `event` of *c (tbaa.cc: wmm_tbaa_of_record_arg), never c->flags, so
 * there is no cycle (the worker never touches flags): no fence.
 * Variants:
 *   -DFLAGS  the worker also writes c->flags: store buffering through
 *            sfd and flags, a full fence in each thread on x86;
 *   -DCAST   the worker passes `(struct event *) &c->flags` (an int
 *            cast to the event type, not a struct event object): any
 *            type, store buffering with main's read of flags, fenced.
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -c libevent_member.c
 */
#include <pthread.h>
#include <stdlib.h>
#include <event.h>

struct conn {
  int sfd;
  short ev_flags;
  struct event event;
  int flags;
};

static struct conn *conn;
static int r1, r2;

static void *
worker (void *a)
{
  struct conn *c = a;
#ifdef CAST
  event_del ((struct event *) &c->flags);
#else
  event_del (&c->event);
#endif
#ifdef FLAGS
  c->flags = 2;
#endif
  r1 = c->sfd;
  return a;
}

int
main (void)
{
  pthread_t p;
  conn = calloc (1, sizeof *conn);
  pthread_create (&p, 0, worker, conn);
  conn->sfd = 1;
  r2 = conn->flags;
  pthread_join (p, 0);
  return r1 + r2;
}
