/* private_exported.c — the classic "hello" with thread arguments: an
 * exported array of structs, main fills element t and gives &array[t] to
 * thread t, which reads it; main never joins (pthread_exit).  In main's
 * unit, which calls no code of another unit, only the unit's code names
 * the exported array: main's element is the thread's own, as a static's
 * would be (private.cc creator_static): no fence.
 * Variants that share the elements (fenced on the weak targets):
 *   -DLATE     main writes element t again after creating thread t
 *   -DWATCHER  another thread reads element 0
 *   -DFOREIGN  main calls a function of another unit, whose code may name
 *              the array
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -fwmm-arch=power -S */
#include <pthread.h>
#include <stdio.h>
#define NUM_THREADS 8

struct thread_data { int thread_id; int sum; const char *message; };
struct thread_data thread_data_array[NUM_THREADS];
const char *messages[NUM_THREADS] = {
  "one", "two", "three", "four", "five", "six", "seven", "eight"
};

#ifdef FOREIGN
extern void log_start (int);
#endif

static void *
print_hello (void *threadarg)
{
  struct thread_data *my_data = threadarg;
  int taskid = my_data->thread_id;
  int sum = my_data->sum;
  const char *msg = my_data->message;
  printf ("Thread %d: %s  Sum=%d\n", taskid, msg, sum);
  pthread_exit (NULL);
}

#ifdef WATCHER
static void *
watch (void *arg)
{
  printf ("first sum %d\n", thread_data_array[0].sum);
  return arg;
}
#endif

int
main (void)
{
  pthread_t threads[NUM_THREADS];
  int sum = 0;
#ifdef WATCHER
  pthread_t w;
  pthread_create (&w, NULL, watch, NULL);
#endif
  for (int t = 0; t < NUM_THREADS; t++)
    {
      sum = sum + t;
      thread_data_array[t].thread_id = t;
      thread_data_array[t].sum = sum;
      thread_data_array[t].message = messages[t];
#ifdef FOREIGN
      log_start (t);
#endif
      pthread_create (&threads[t], NULL, print_hello, &thread_data_array[t]);
#ifdef LATE
      thread_data_array[t].sum = 0;
#endif
    }
  pthread_exit (NULL);
}
