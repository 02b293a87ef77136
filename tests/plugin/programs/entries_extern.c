/* entries_extern.c — pthread_create with a start routine defined in
 * another unit: that thread may call any function this unit exports, so
 * set_and_read is a thread entry with several instances, and main is
 * concurrent from the create on (store buffering with main). */
#include <pthread.h>

extern void *remote_worker (void *);

int x, y, r0, r1, before;

void set_and_read (void) { y = 1; r1 = x; }

int main (void)
{
  pthread_t t;
  before = 1;                    /* before the create: not concurrent */
  pthread_create (&t, 0, remote_worker, 0);
  x = 1;
  r0 = y;
  pthread_join (t, 0);
  return r0 + r1;
}
