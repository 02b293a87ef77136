/* sem_signal.c — a semaphore as a signal (flagpub.cc): the worker fills
 * a result and posts `done` once; main waits for it, then reads.  No
 * race: no fence.  Racy variants keep message passing's fences:
 *   -DLATE    the worker writes the result after its post
 *   -DEARLY   main reads the result before its wait
 *   -DTWICE   two workers post: main's wait may take either post
 *   -DONE     `done` starts at 1: the wait need not wait
 *   -DPOLL    main polls with sem_trywait until it returns 0 (no race)
 *   -DTRY     main tries once with sem_trywait, its result not tested
 *   -DTESTED  main tests sem_wait's result: reads where it is 0 (no race)
 *   -DEXPORT  `done` and the result exported, main calls another unit
 *             (report_progress) that may post or write them */
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>

#ifdef EXPORT
#define SCOPE
void report_progress (void);
#else
#define SCOPE static
#endif
SCOPE sem_t done;
SCOPE int count;
SCOPE long total;

static void *
worker (void *arg)
{
  long sum = 0;
  for (int i = 1; i <= 100; i++)
    sum += i;
#ifdef LATE
  sem_post (&done);
#endif
  count = 100;
  total = sum;
#ifndef LATE
  sem_post (&done);
#endif
  return arg;
}

/* the result, read in the order opposite to the worker's writes */
static void
report (void)
{
  long t = total;
  int c = count;
  printf ("%d %ld\n", c, t);
}

int
main (void)
{
  pthread_t t, u;
#ifdef ONE
  sem_init (&done, 0, 1);
#else
  sem_init (&done, 0, 0);
#endif
  pthread_create (&t, NULL, worker, NULL);
#ifdef TWICE
  pthread_create (&u, NULL, worker, NULL);
#endif
#ifdef EXPORT
  report_progress ();
#endif
#ifdef EARLY
  report ();
#endif
#if defined POLL
  while (sem_trywait (&done))
    ;
#elif defined TRY
  sem_trywait (&done);
#elif defined TESTED
  if (sem_wait (&done) == 0)
#else
  sem_wait (&done);
#endif
#ifndef EARLY
  report ();
#endif
  pthread_join (t, NULL);
#ifdef TWICE
  pthread_join (u, NULL);
#endif
  sem_destroy (&done);
  return 0;
}
