/* overlap_parts.c — a statistics struct cleared as a whole
 * (`memset (&stats, 0, sizeof stats)`) and stamped by parts
 * (`gettimeofday (&stats.started, 0)`): its accesses overlap, so they are
 * at unknown addresses, but they touch nothing outside `stats`
 * (memloc.cc keep_within).  The worker stamps the struct, then reads
 * `ready`; main sets `ready`, then reads `count`: no cycle, no fence.
 * -DRACY: main reads the stamp instead of `count`, store buffering
 * through `stats.started` and `ready`: a full fence in each.
 * (overlap.sh) */
#include <pthread.h>
#include <string.h>
#include <sys/time.h>
static struct { long hits; struct timeval started; long misses; } stats;
int ready, count;   /* (exported: other units' pointers may reach them) */
static long seen;
static void *worker (void *arg)
{
  (void) arg;
  memset (&stats, 0, sizeof stats);
  gettimeofday (&stats.started, 0);
  seen = ready;
  return 0;
}
int main (void)
{
  pthread_t t;
  pthread_create (&t, 0, worker, 0);
  ready = 1;
#ifdef RACY
  long r = stats.started.tv_sec;
#else
  long r = count;
#endif
  pthread_join (t, 0);
  return (int) (r + seen);
}
