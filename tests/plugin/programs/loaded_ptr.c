/* loaded_ptr.c — store buffering that needs a pointer read from memory to
 * reach a static.  p0 writes x and reads through the pointer its argument
 * holds; p1 writes y and reads through its own.  main takes the addresses
 * of x and y (a unit helper clears them) but never stores them anywhere:
 * a pointer read from memory cannot hold them (tbaa.cc, never_kept), the
 * threads read heap memory main filled before the creates, and no thread
 * needs a fence.  Each variant lets a pointer reach the statics, and store
 * buffering is back (a full fence in p0 and p1):
 *   STORED    main stores &y and &x into the arguments (x86 and every
 *             target: both threads fenced)
 *   PARAM     each thread hands the peer's address to a helper by
 *             parameter (an address in a parameter, never in memory)
 *   RETURNED  a helper returns the peer's address
 *   PUBLIC    x, y and the argument structs are exported (another unit
 *             may store the statics' addresses there; exporting x and y
 *             alone is not enough since 2026-11-30: no other unit reaches
 *             the arguments, which only the threads they start are given:
 *             PUBLIC_XY, no fence)
 * Also the usual worker pool (WORKERS): per-thread argument structs whose
 * `data` member points into one heap array main filled: no fence.
 * loaded.sh */
#include <pthread.h>
#include <stdlib.h>

#if defined PUBLIC || defined PUBLIC_XY
int x, y;
#else
static int x, y;
#endif
static int r0, r1;

struct arg {
  int *peer;
  int *data;
};
#ifdef PUBLIC
struct arg args[2];
#endif

static void
reset (int *p)
{
  *p = 0;
}

#ifdef PARAM
static int
peek (int *p)
{
  return *p;
}
#define PEER(a, other) peek (&other)
#elif defined RETURNED
static int *
peer_of (int k)
{
  return k ? &y : &x;
}
#define PEER(a, other) (*peer_of ((&other == &y)))
#else
#define PEER(a, other) (*(a)->peer)
#endif

static void *
p0 (void *v)
{
  struct arg *a = v;
  x = 1;
  r0 = PEER (a, y) + a->data[2];
  return 0;
}

static void *
p1 (void *v)
{
  struct arg *a = v;
  y = 1;
  r1 = PEER (a, x) + a->data[3];
  return 0;
}

#ifdef WORKERS
struct work {
  int *data;
  int n;
  long sum;
};

static pthread_mutex_t total_lock = PTHREAD_MUTEX_INITIALIZER;
static long total;

static void *
worker (void *v)
{
  struct work *w = v;
  long s = 0;
  for (int i = 0; i < w->n; i++)
    s += w->data[i];
  w->sum = s;
  pthread_mutex_lock (&total_lock);
  total += s;
  pthread_mutex_unlock (&total_lock);
  return 0;
}

int
main (void)
{
  pthread_t th[4];
  struct work w[4];
  int *data = malloc (sizeof (int) * 4000);
  if (!data)
    return 1;
  for (int i = 0; i < 4000; i++)
    data[i] = i;
  for (int t = 0; t < 4; t++)
    {
      w[t].data = data + t * 1000;
      w[t].n = 1000;
      w[t].sum = 0;
      pthread_create (&th[t], 0, worker, &w[t]);
    }
  long check = 0;
  for (int t = 0; t < 4; t++)
    {
      pthread_join (th[t], 0);
      check += w[t].sum;
    }
  free (data);
  return check != total;
}
#else
int
main (void)
{
#ifndef PUBLIC
  static struct arg args[2];
#endif
  pthread_t a, b;
  int *data = malloc (4 * sizeof *data);
  if (!data)
    return 1;
  for (int i = 0; i < 4; i++)
    data[i] = i;
  reset (&x);
  reset (&y);
#ifdef STORED
  args[0].peer = &y;
  args[1].peer = &x;
#else
  args[0].peer = data;
  args[1].peer = data + 1;
#endif
  args[0].data = args[1].data = data;
  pthread_create (&a, 0, p0, &args[0]);
  pthread_create (&b, 0, p1, &args[1]);
  pthread_join (a, 0);
  pthread_join (b, 0);
  free (data);
  return r0 + r1;
}
#endif
