/* sem_lock.c — store buffering between two threads that each run their
 * store and load under a binary semaphore used as a lock (initialised to
 * 1, every post made by the thread that waited): no fence is needed.
 * Variants that make the semaphore no lock keep SB's full fences:
 *   INIT2      sem_init (&s, 0, 2): two threads may hold it at once;
 *   EXTRA_POST p1 posts once more than it waits;
 *   EXPORTED   the semaphore is a global other units may post;
 *   NO_INIT    no sem_init in this unit;
 *   PTR_POST   posts through a helper given the semaphore's address, and
 *              main's post of `ready` goes through it too (the helper's
 *              semaphore may be either: its post is of an unknown one);
 *   PTR_ONE    the same helper, only ever given &s: a post of s (a lock,
 *              no fence);
 *   NOLOCK     p1 does not take the semaphore at all;
 *   POST_ONLY  s starts at 0 and neither thread waits: each only posts it
 *              after its store and load (a signal, as to a waiting main).
 *              Both ran "under" s until 2026-11-29: a function that posts
 *              on every path was taken to hold the semaphore at entry,
 *              as one that unlocks a mutex must hold it, and SB got no
 *              fence.
 * WRAPPED: the wait and post go through static wrappers (still a lock);
 * TRYWAIT: p0 spins on sem_trywait (held where it returned 0).
 * A second semaphore `ready`, initialised to 0 and posted by main, only
 * signals (it is no lock) and must not spoil the first.  semaphores.sh */
#include <pthread.h>
#include <semaphore.h>

#ifdef EXPORTED
sem_t s;
#else
static sem_t s;
#endif
static sem_t ready;
int x, y, r0, r1;

#if defined PTR_POST || defined PTR_ONE
static void __attribute__ ((noinline)) up (sem_t *p) { sem_post (p); }
#define UP() up (&s)
#else
#define UP() sem_post (&s)
#endif
#ifdef WRAPPED
static void down_s (void) { sem_wait (&s); }
static void up_s (void) { sem_post (&s); }
#define DOWN() down_s ()
#undef UP
#define UP() up_s ()
#else
#define DOWN() sem_wait (&s)
#endif

static void *
p0 (void *a)
{
  sem_wait (&ready);
#ifdef POST_ONLY
#elif defined TRYWAIT
  while (sem_trywait (&s) != 0)
    ;
#else
  DOWN ();
#endif
  x = 1;
  r0 = y;
  UP ();
  return a;
}

static void *
p1 (void *a)
{
#ifdef NOLOCK
  y = 1;
  r1 = x;
#elif defined POST_ONLY
  y = 1;
  r1 = x;
  UP ();
#else
  DOWN ();
  y = 1;
  r1 = x;
  UP ();
#endif
#ifdef EXTRA_POST
  sem_post (&s);
#endif
  return a;
}

int
main (void)
{
  pthread_t a, b;
#ifndef NO_INIT
#ifdef INIT2
  sem_init (&s, 0, 2);
#elif defined POST_ONLY
  sem_init (&s, 0, 0);
#else
  sem_init (&s, 0, 1);
#endif
#endif
  sem_init (&ready, 0, 0);
  pthread_create (&a, 0, p0, 0);
  pthread_create (&b, 0, p1, 0);
#ifdef PTR_POST
  up (&ready);
#else
  sem_post (&ready);
#endif
  pthread_join (a, 0);
  pthread_join (b, 0);
  return r0 + r1;
}
