/* libevent_del.c — a worker removes an event between two writes, as an
 * event-driven server's worker does: `x = 1; event_del (&ev); y = 1;`
 * against a reader of y then x.  libevent's event_del runs no callback
 * (only the loop does) and touches the event given (plugin/libfns.cc),
 * so the read of y cannot see a write of event_del's: message passing
 * through x and y only.  Variants:
 *   -DLOOP   the worker runs the event loop there instead
 *            (event_base_loop runs callbacks: a stand-in that touches
 *            what on_event does, y): message passing through the
 *            callback's write of y, fenced on the weak targets.
 *   -DLOOP -DQUIET  the callback writes nothing: the loop's stand-in
 *            cannot write y (tbaa.cc, callback_locations), no fence;
 *   -DLOOP -DCB_R1  the callback also writes r1, which the reader
 *            writes before reading x: store buffering, fenced on x86.
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -fwmm-arch=power -c libevent_del.c
 */
#include <pthread.h>
#include <event.h>

static struct event ev;
static struct event_base *base;
static int x, y, r1, r2;

static void
on_event (int fd, short what, void *arg)
{
  (void) fd, (void) what, (void) arg;
#ifndef QUIET
  y = 1;
#endif
#ifdef CB_R1
  r1 = 0;
#endif
}

static void *
worker (void *a)
{
  base = event_base_new ();
  event_assign (&ev, base, -1, 0, on_event, 0);
  event_add (&ev, 0);
  x = 1;
#ifdef LOOP
  event_base_loop (base, EVLOOP_ONCE);
#else
  event_del (&ev);
#endif
  return a;
}

static void *
reader (void *a)
{
  r1 = y;
  r2 = x;
  return a;
}

int
main (void)
{
  pthread_t p, q;
  pthread_create (&p, 0, worker, 0);
  pthread_create (&q, 0, reader, 0);
  pthread_join (p, 0);
  pthread_join (q, 0);
  return r1 + r2;
}
