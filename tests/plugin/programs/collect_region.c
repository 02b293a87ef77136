/* collect_region.c — only the part of main that runs while its threads run
 * is concurrent: before the first create and after the last join it is not. */
#include <pthread.h>
#include <stdio.h>

int x, y, result;

void *P(void *arg) { (void) arg; x = 1; result = y; return 0; }

int main(void)
{
  pthread_t a, b;
  x = 10;                        /* before the threads: not concurrent */
  pthread_create(&a, 0, P, 0);
  y = 1;                         /* concurrent with a */
  pthread_create(&b, 0, P, 0);
  pthread_join(a, 0);
  y = 2;                         /* b still runs: concurrent */
  pthread_join(b, 0);
  printf("%d %d\n", x, result);  /* after the last join: not concurrent */
  return 0;
}
