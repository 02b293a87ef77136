/* stop_flag.c — a worker polls a stop flag that main sets when it is done
 * with the data (the usual `while (!stop)` loop).  Main writes the data
 * and then the flag; the worker reads the data only while it has not seen
 * the flag, so message passing from main's data to the worker's reads
 * through the flag cannot happen: after reading stop = 1 the worker
 * leaves the loop (value guards, docs/placement.md).  Variants that make
 * the order matter again:
 *   -DAFTER     the worker reads the data after the loop too (it must see
 *               42 once it has seen the flag: message passing);
 *   -DNONCONST  main stores a value it does not know (argc) into the flag;
 *   -DSB        main reads the worker's `busy` after setting the flag and
 *               the worker writes it before polling again: store buffering
 *               (a full fence in each, on every target).
 * -DRELAXED: the flag is read and written with relaxed __atomic builtins
 * (as C11's atomic_load_explicit and C++'s std::atomic<bool> compile),
 * with the same answers.
 * Usage: stop_flag   prints the sum's sign and what the worker saw after
 */
#include <pthread.h>
#include <stdio.h>

#ifdef RELAXED
int stop;
#define STOP() __atomic_load_n (&stop, __ATOMIC_RELAXED)
#define SET_STOP(v) __atomic_store_n (&stop, (v), __ATOMIC_RELAXED)
#else
volatile int stop;
#define STOP() stop
#define SET_STOP(v) (stop = (v))
#endif
int data, seen, busy;
long total;

void *worker(void *arg)
{
  long sum = 0;
  (void) arg;
  while (!STOP ()) {
    sum += data;
#ifdef SB
    busy = 1;
#endif
  }
#ifdef AFTER
  seen = data;
#endif
  total = sum;
  return 0;
}

int main(int argc, char **argv)
{
  pthread_t t;
  int saw = 0;
  (void) argv;
  pthread_create(&t, 0, worker, 0);
  data = 42;
#ifdef NONCONST
  SET_STOP (argc);
#else
  SET_STOP (1);
#endif
#ifdef SB
  saw = busy;
#endif
  pthread_join(t, 0);
  printf("%d %d %d\n", total >= 0, seen, saw + (argc > 7));
  return 0;
}
