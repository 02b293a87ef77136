/* c_array.c — store buffering between two threads created into fixed
 * elements of an array and joined in a loop over it; main then reads
 * both locations alone (no fence).  PARTIAL: the loop joins t[0] only,
 * t[1] after main's reads (main keeps its fences).  threads_arrays.sh */
#include <pthread.h>

int x, y, r0, r1, s0, s1;

static void *p0 (void *a) { x = 1; r0 = y; return a; }
static void *p1 (void *a) { y = 1; r1 = x; return a; }

int
main (void)
{
  pthread_t t[2];
  pthread_create (&t[0], 0, p0, 0);
  pthread_create (&t[1], 0, p1, 0);
#ifdef PARTIAL
  for (int i = 0; i < 1; i++)
    pthread_join (t[i], 0);
#else
  for (int i = 0; i < 2; i++)
    pthread_join (t[i], 0);
#endif
  s0 = x;
  s1 = y;
#ifdef PARTIAL
  pthread_join (t[1], 0);
#endif
  return r0 + r1 + s0 + s1;
}
