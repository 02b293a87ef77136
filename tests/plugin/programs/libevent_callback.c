/* libevent_callback.c — a connection registered with event_set and read
 * by its callback in the thread that runs the loop, as event-driven
 * servers do: main makes the connection, registers it, starts the loop
 * thread, then sets an exported flag and reads an exported counter; the
 * callback counts the bytes into the connection and reads the flag.
 * libevent calls on_read (fd, events, c) with the argument event_set was
 * given and never touches it (threadlocal.cc event_registration), so
 * `c->bytes` is the connection's own member, not any memory code outside
 * may reach: no cycle, no fence.
 * Variants:
 *   -DGETTER  the program also asks libevent for the argument back
 *             (event_get_callback_arg): the callback's argument may be
 *             anything that escaped, the exported counter too: store
 *             buffering, a fence in main and in the callback (x86);
 *   -DVERSION the program asks libevent for its version, which gives
 *             no argument back: no fence in main;
 *   -DSHARED  the callback also adds to the counter: store buffering
 *             through the flag and the counter, fenced;
 *   -DSB      main, once the loop runs, sets the connection's state and
 *             reads its byte count while the callback counts bytes and
 *             reads the state: store buffering through the connection,
 *             which the loop's thread reaches through event_set alone
 *             (shared all the same: a fence in main and in the callback).
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -c libevent_callback.c
 */
#include <event.h>
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

struct conn {
  struct event ev;
  int fd;
  int state;
  long bytes;
};

int verbose;
long total;

static void
on_read (evutil_socket_t fd, short which, void *arg)
{
  struct conn *c = arg;
  char buf[64];
  (void) which;
  ssize_t n = read (fd, buf, sizeof buf);
  if (n > 0)
    c->bytes += n;
  else
    c->state = 1;
#ifdef SHARED
  total += n;
#endif
  if (verbose)
    c->state = 2;
#ifdef SB
  if (c->state == 3)
    total = 1;
#endif
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
  event_set (&c->ev, c->fd, EV_READ | EV_PERSIST, on_read, c);
  event_base_set (base, &c->ev);
  event_add (&c->ev, NULL);
#ifdef GETTER
  if (event_get_callback_arg (&c->ev) != c)
    return 1;
#endif
#ifdef VERSION
  /* (a string back: no callback argument) */
  if (!event_get_version ())
    return 1;
#endif
  pthread_create (&t, NULL, loop, base);
#ifdef SB
  /* store buffering with the callback through the connection itself */
  c->state = 3;
  long early = c->bytes;
#else
  long early = 0;
#endif
  verbose = 1;
  long seen = total + early;
  pthread_join (t, NULL);
  return (int) (seen + c->bytes);
}
