/* fresh_msgs.c — two producers (one start routine, two threads) each fill
 * a message of their own and publish it with a plain store; a consumer
 * waits for each and reads its fields.  The messages are never freed, so
 * one producer's writes before its publication never touch the other's
 * message (plugin/publish.cc, WMM_ACC_FRESH): message passing needs
 * lwsync / dmb, no full fence.  Variants that free the messages (FREE: the
 * consumer calls free; FREE_HOOK: through a pointer to free; FREE_WRAP:
 * through a helper of the unit; RETIRE: hands them to a function of
 * another unit) keep the full fences: a freed message's memory may be the
 * other producer's next one. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct msg {
  int id;
  int len;
  long sum;
};

static struct msg *slot[2];

#ifdef FREE_HOOK
static void (*release_msg) (void *) = free;
#endif
#ifdef FREE_WRAP
static void drop (struct msg *m) { free (m); }
#endif
#ifdef RETIRE
extern void retire (struct msg *m);
#endif

static void *
producer (void *arg)
{
  long k = (long) arg;
  struct msg *m = malloc (sizeof *m);
  if (!m)
    return 0;
  m->id = (int) k;
  m->len = 10 + (int) k;
  m->sum = 3 * k;
  slot[k] = m;
  return 0;
}

static void *
consumer (void *arg)
{
  long total = 0;
  (void) arg;
  for (int k = 0; k < 2; k++)
    {
      struct msg *m;
      while (!(m = *(struct msg *volatile *) &slot[k]))
        ;
      total += m->id + m->len + m->sum;
#if defined FREE
      free (m);
#elif defined FREE_HOOK
      release_msg (m);
#elif defined FREE_WRAP
      drop (m);
#elif defined RETIRE
      retire (m);
#endif
    }
  return (void *) total;
}

int
main (void)
{
  pthread_t p[2], c;
  void *r;
  pthread_create (&c, 0, consumer, 0);
  for (long k = 0; k < 2; k++)
    pthread_create (&p[k], 0, producer, (void *) k);
  for (int k = 0; k < 2; k++)
    pthread_join (p[k], 0);
  pthread_join (c, &r);
  printf ("%ld\n", (long) r);
  return r != (void *) 27;
}
