/* status_flag.c — an exit status every thread may set: workers fill their
 * own rows and record a failure in `failed`; main may stop them after a
 * time limit (`stop`, which they poll) and records that as a failure too.
 * `failed` is only ever stored 1 while the workers run and read after the
 * joins: the order of its stores cannot be seen, no fence orders them.
 *   -DPEEK  main reads `failed` while the workers run: fenced
 *   -DCODE  a worker stores an error code (2), main 1: fenced
 * Usage: status_flag [SECONDS]
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define NT 4
#define N 256

static int failed;               /* exit status: 1 once anything failed */
static volatile int stop;        /* main asks the workers to stop early */
static double rows[NT][N];

static double compute(long k, int i)
{
  return (double) (k * N + i) - (i == N - 1 && k == NT ? 1e9 : 0);
}

static void *worker(void *arg)
{
  long k = (long) arg;
  for (int i = 0; i < N && !stop; i++) {
    double v = compute(k, i);
    if (v < 0) {
#ifdef CODE
      failed = 2;
#else
      failed = 1;
#endif
      continue;
    }
    rows[k][i] = v;
  }
  return 0;
}

int main(int argc, char **argv)
{
  pthread_t t[NT];
  for (long k = 0; k < NT; k++)
    if (pthread_create(&t[k], 0, worker, (void *) k) != 0)
      return 2;
  if (argc > 1) {
    sleep(atoi(argv[1]));
    stop = 1;
    failed = 1;
  }
#ifdef PEEK
  if (failed)
    stop = 1;
#endif
  for (long k = 0; k < NT; k++)
    pthread_join(t[k], 0);
  double sum = 0;
  for (int k = 0; k < NT; k++)
    for (int i = 0; i < N; i++)
      sum += rows[k][i];
  printf("%g\n", sum);
  return failed;
}
