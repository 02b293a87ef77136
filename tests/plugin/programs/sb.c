/* sb.c — store buffering with plain globals (options.sh, emit.sh). */
#include <pthread.h>
#include <stdio.h>

int x, y, r0, r1;

void *P0(void *arg) { (void) arg; x = 1; r0 = y; return 0; }
void *P1(void *arg) { (void) arg; y = 1; r1 = x; return 0; }

int main(void)
{
  pthread_t a, b;
  pthread_create(&a, 0, P0, 0);
  pthread_create(&b, 0, P1, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  printf("%d %d\n", r0, r1);
  return 0;
}
