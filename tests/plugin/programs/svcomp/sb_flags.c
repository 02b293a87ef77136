/* sb_flags.c — store buffering in SV-COMP's style: each thread raises its
 * flag and reads the other's; both reading 0 is reach_error.  Safe under
 * SC, a weak-memory counterexample under TSO and weaker models.
 * expect: sc=safe tso=unsafe power=unsafe */
extern void abort(void);
void reach_error(void) { }
#include <pthread.h>
int x, y, r0 = 1, r1 = 1;
void *p0(void *arg) { x = 1; r0 = y; return 0; }
void *p1(void *arg) { y = 1; r1 = x; return 0; }
int main(void)
{
  pthread_t a, b;
  pthread_create(&a, 0, p0, 0);
  pthread_create(&b, 0, p1, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  if (r0 == 0 && r1 == 0) { ERROR: reach_error(); }
  return 0;
}
