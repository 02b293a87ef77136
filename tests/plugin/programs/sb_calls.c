/* sb_calls.c — store buffering made wholly by calls of another unit: each
 * thread stores through set_x () / set_y () and loads through get_y () /
 * get_x (), none of which the unit sees.  Expected: a full fence between
 * the two calls in each thread, on every target (the store of one call
 * and the load of the next are W->R).  Until 2026-12-07 an unknown call
 * stood for one atomic read-modify-write on Power and Arm, and store
 * buffering through two atomic ones is forbidden with lwsync / dmb ishld
 * between them: the threads got those, which let this program's loads
 * both read 0.
 */
#include <pthread.h>
#include <stdio.h>

extern void set_x (void);
extern void set_y (void);
extern int get_x (void);
extern int get_y (void);

int r0, r1;

void *p0 (void *a)
{
  (void) a;
  set_x ();
  r0 = get_y ();
  return 0;
}

void *p1 (void *a)
{
  (void) a;
  set_y ();
  r1 = get_x ();
  return 0;
}

int main (void)
{
  pthread_t a, b;
  pthread_create (&a, 0, p0, 0);
  pthread_create (&b, 0, p1, 0);
  pthread_join (a, 0);
  pthread_join (b, 0);
  printf ("%d %d\n", r0, r1);
  return 0;
}
