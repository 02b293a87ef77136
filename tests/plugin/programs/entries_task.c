/* entries_task.c — an OpenMP task created outside any parallel region may
 * run while its creator goes on: the task's outlined function is a thread
 * entry, and main is concurrent from GOMP_task to its end. */
int x, y, r0, r1, before;

int main (void)
{
  before = 1;
#pragma omp task
  { y = 1; r1 = x; }
  x = 1;
  r0 = y;
#pragma omp taskwait
  return r0 + r1;
}
