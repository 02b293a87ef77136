/* sealed_args.c — the threads reach the shared data through a context
 * struct, a local of main given to them as the thread argument:
 * `struct ctx c = { &data, &flag, &seen }` (sealed_args.sh).  Message
 * passing: the writer stores *c->data, then *c->flag; the reader spins on
 * *c->flag, then copies *c->data to *c->seen.  Only main writes c, the
 * threads only read it: each member holds one address (sealedargs.cc), so
 * *c->seen is `seen`, which no other thread touches, and the reader needs
 * one fence, before its read of data, not a second before its store.
 * -DLEAK: the writer also gives its context to a function of another
 * unit, which may change the members: they may point anywhere.
 * -DSB: store buffering through the members instead (P0: *c->x = 1,
 * r0 = *c->y; P1: y = 1, r1 = x): a full fence in each thread.
 * -DGLOBAL: the context is a static object of the unit, `static struct
 * ctx cfg = { &data, ... }`, that the threads read by name: only its
 * initializer writes it, one fence in each thread; with -DTAKEN main also
 * gives its address to a function of another unit, which may change the
 * members (the reader's second fence stays).
 */
#include <pthread.h>
#include <stdio.h>

struct ctx { int *data, *flag, *seen, *x, *y; };
int data, flag, seen, x, y, r0, r1;

#if defined LEAK || defined TAKEN
void note (struct ctx *);
#endif
#ifdef GLOBAL
static struct ctx cfg = { &data, &flag, &seen, &x, &y };
#define M(f) cfg.f
#else
#define M(f) c->f
#endif

static void *writer (void *arg)
{
  struct ctx *c = arg;
  (void) c;
#ifdef SB
  *M (x) = 1;
  r0 = *M (y);
#else
  *M (data) = 42;
  *(volatile int *) M (flag) = 1;
#endif
#ifdef LEAK
  note (c);
#endif
  return NULL;
}

static void *reader (void *arg)
{
  struct ctx *c = arg;
  (void) c;
#ifdef SB
  y = 1;
  r1 = x;
#else
  while (!*(volatile int *) M (flag))
    ;
  *M (seen) = *M (data);
#endif
  return NULL;
}

int main (void)
{
  struct ctx c = { &data, &flag, &seen, &x, &y };
  pthread_t a, b;
#ifdef TAKEN
  note (&cfg);
#endif
  pthread_create (&a, NULL, writer, &c);
  pthread_create (&b, NULL, reader, &c);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  printf ("%d %d %d\n", seen, r0, r1);
  return 0;
}
