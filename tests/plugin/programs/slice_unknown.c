/* slice_unknown.c — message passing (data, flag) with a read through an
 * unrelated pointer between the reader's two loads: `*dp` is a double, so
 * by type-based alias analysis it touches neither flag nor data, and the
 * reader's pair (R flag, R data) is a slice (docs/placement.md) with an
 * access to an unknown address inside.  That access must not hide the
 * cycle: Power needs an lwsync in each thread, as without the read.
 */
#include <pthread.h>
int data, flag, r1, r2;
double *dp, dd;
void *P0(void *a) { data = 1; flag = 1; return a; }
void *P1(void *a) { r1 = flag; dd = *dp; r2 = data; return a; }
int main(void)
{
  pthread_t a, b;
  pthread_create(&a, 0, P0, 0);
  pthread_create(&b, 0, P1, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
