/* once_init.c — a table initialised by a pthread_once routine and read by
 * the threads after their pthread_once call (plugin/oncepub.cc): the
 * routine runs once and every call returns after it, so the table and
 * its length race with nothing: no fence.  The variants keep their
 * fences: -DWRITE (a thread writes the table after the once call), -DEARLY
 * (a thread reads the length and the table before it), -DTWO (the routine on two
 * controls: it may run twice, at once), -DEXPORTED (another unit may call
 * the routine), -DC11 (call_once of <threads.h>: no fence either).
 */
#include <pthread.h>
#ifdef C11
#include <threads.h>
static once_flag once = ONCE_FLAG_INIT;
#define ONCE(f) call_once (&once, f)
#else
static pthread_once_t once = PTHREAD_ONCE_INIT;
#ifdef TWO
static pthread_once_t once2 = PTHREAD_ONCE_INIT;
#endif
#define ONCE(f) pthread_once (&once, f)
#endif

static int table[64];
static int length;
long sums[4];

#ifndef EXPORTED
static
#endif
void init_table (void)
{
  for (int i = 0; i < 64; i++)
    table[i] = i * i;
  length = 64;
}

static void *worker (void *arg)
{
  long me = (long) arg, sum = 0;
#ifdef EARLY
  if (length)
    sum = table[0];
#endif
#ifdef TWO
  if (me & 1)
    pthread_once (&once2, init_table);
  else
#endif
  ONCE (init_table);
  for (int i = 0; i < length; i++)
    sum += table[i];
#ifdef WRITE
  table[me] = (int) sum;
#endif
  sums[me] = sum;
  return 0;
}

int main (void)
{
  pthread_t t[4];
  for (long i = 0; i < 4; i++)
    pthread_create (&t[i], 0, worker, (void *) i);
  for (int i = 0; i < 4; i++)
    pthread_join (t[i], 0);
  return (int) sums[0];
}
