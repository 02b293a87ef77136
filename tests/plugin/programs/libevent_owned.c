/* libevent_owned.c — an object the loop's thread reaches only as the
 * argument event_set was given: main allocates a box, registers a timer
 * whose callback sets the box's flag and reads its data, starts the
 * thread that runs the loop, then writes the data and reads the flag.
 * Store buffering through the box: libevent hands the argument to the
 * callback in the loop's thread (threadlocal.cc event_registration), so
 * the box is shared though no global and no code outside reaches it: a
 * fence in main and one in the callback on x86.
 * Variants:
 *   -DHELPER  the timer is armed by a helper given the callback as a
 *             pointer (the loop's call of it taken as an indirect call
 *             through that pointer): fenced the same.
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -c libevent_owned.c
 */
#include <event.h>
#include <pthread.h>
#include <stdlib.h>

struct box {
  int data;
  int flag;
};

static struct event timer;
int seen;

static void
on_timer (evutil_socket_t fd, short which, void *arg)
{
  struct box *b = arg;
  (void) fd;
  (void) which;
  b->flag = 1;
  seen = b->data;
}

#ifdef HELPER
static void __attribute__ ((noinline))
arm (struct event *e, void (*cb) (evutil_socket_t, short, void *), void *arg)
{
  event_set (e, -1, EV_TIMEOUT, cb, arg);
}
#endif

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
  struct box *b = calloc (1, sizeof *b);
  struct timeval tv = { 0, 1000 };
  pthread_t t;
  if (!base || !b)
    return 1;
#ifdef HELPER
  arm (&timer, on_timer, b);
#else
  event_set (&timer, -1, EV_TIMEOUT, on_timer, b);
#endif
  event_base_set (base, &timer);
  event_add (&timer, &tv);
  pthread_create (&t, NULL, loop, base);
  b->data = 1;
  int f = b->flag;
  pthread_join (t, NULL);
  return f + seen;
}
