/* libevent_embedded.c — a connection with its struct event inside, as
 * event-driven servers embed it, registered with event_set,
 * event_base_set and event_add and re-armed from its callback (which
 * reads the event's base back, as memcached's update_event does).
 * libevent writes only the event's own members and hands the callback
 * only its argument (threadlocal.cc libevent_event_arg): the rest of the
 * connection is the program's.  The callback writes through the
 * connection's `out` pointer (to `hits`) and reads `ready`; main sets
 * `ready` and reads `other`, which only the connection's `name` points
 * to: no location in common, no fence in main (before 2026-12-06 the
 * connection escaped with its event and `out` could be `other`: an
 * mfence).  (The callback keeps fences of its own: it re-arms its event,
 * libevent's accesses, and may run in several instances.)
 * Variants:
 *   -DSB     main reads `hits` instead: store buffering with the
 *            callback through `out`, fenced in main and in on_read;
 *   -DPOKE   the program writes a member of the event itself (libevent's
 *            own): the events escape as any argument does, and `out`
 *            may point anywhere code outside reaches, `other` too: main
 *            fenced as with -DSB.
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -c libevent_embedded.c
 */
#include <event.h>
#include <pthread.h>
#include <stdlib.h>

struct conn {
  int fd;
  struct event ev;
  int *out;
  const int *name;
  short flags;
};

static int hits, other, ready;

static void
on_read (evutil_socket_t fd, short which, void *arg)
{
  struct conn *c = arg;
  struct event_base *base = c->ev.ev_base;
  (void) which;
  *c->out = 1;
  if (ready)
    {
      event_del (&c->ev);
      event_set (&c->ev, fd, EV_READ, on_read, c);
      event_base_set (base, &c->ev);
      event_add (&c->ev, NULL);
    }
}

static void *
loop (void *arg)
{
  event_base_dispatch (arg);
  return NULL;
}

int
main (void)
{
  struct event_base *base = event_base_new ();
  struct conn *c = calloc (1, sizeof *c);
  pthread_t t;
  if (!base || !c)
    return 1;
  c->out = &hits;
  c->name = &other;
  c->flags = EV_READ | EV_PERSIST;
  event_set (&c->ev, c->fd, c->flags, on_read, c);
  event_base_set (base, &c->ev);
#ifdef POKE
  c->ev.ev_fd = c->fd;
#endif
  event_add (&c->ev, NULL);
  pthread_create (&t, NULL, loop, base);
  ready = 1;
#ifdef SB
  int seen = hits;
#else
  int seen = other;
#endif
  pthread_join (t, NULL);
  return seen;
}
