/* check_sb.c — store buffering with no assertion: the property is
 * robustness (no execution that SC forbids) (tests/plugin/check.sh). */
#include <pthread.h>
int x, y, r0, r1;
void *p0(void *a) { x = 1; r0 = y; return 0; }
void *p1(void *a) { y = 1; r1 = x; return 0; }
int main(void)
{
  pthread_t a, b;
  pthread_create(&a, 0, p0, 0);
  pthread_create(&b, 0, p1, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
