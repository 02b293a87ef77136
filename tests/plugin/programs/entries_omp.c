/* entries_omp.c — store buffering between two OpenMP sections (-fopenmp):
 * the outlined main._omp_fn.0 is a thread entry with several instances;
 * GOMP_parallel_sections returns after the team ends, so main's code
 * before and after the construct is not concurrent.  A task (GOMP_task)
 * may outlive its creator: main is concurrent after the single region. */
int x, y, r0, r1, before, after, shared_sum;

int main (void)
{
  int local = 0;
  before = 1;
#pragma omp parallel sections shared(local)
  {
#pragma omp section
    { x = 1; r0 = y; local = 1; }
#pragma omp section
    { y = 1; r1 = x; local = 2; }
  }
  after = local;
  return r0 + r1 + after;
}
