/* a.c — part of the static library libab.a of tests/report/program.sh:
 * message passing between two threads (fences on Power and ARM). */
#include <pthread.h>
int a_data, a_flag, a_r1, a_r2;
static void *a_writer(void *arg) { a_data = 1; a_flag = 1; return arg; }
static void *a_reader(void *arg) { a_r1 = a_flag; a_r2 = a_data; return arg; }
int a_run(void)
{
  pthread_t t0, t1;
  pthread_create(&t0, 0, a_writer, 0);
  pthread_create(&t1, 0, a_reader, 0);
  pthread_join(t0, 0);
  pthread_join(t1, 0);
  return a_r1 + a_r2;
}
