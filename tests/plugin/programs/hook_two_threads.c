/* hook_two_threads.c — store buffering through a job table's function
 * member, run by two different thread functions: t0 calls put (x) then
 * get (y) through `j[k].fn`, t1 put (y) then get (x); each call may call
 * either function (entries.cc: the member's stored values).  Each
 * thread's store must be ordered before its load by a full fence: in
 * the thread between its two calls, in put after the store, or in get
 * before the load.  Until 2026-12-07 the placement shared one candidate
 * list of positions between the threads for the callees' (store, load)
 * pair (pairs.c prerow_get), so a fence between t0's calls counted for
 * t1 too: ARMv7 fenced t0 only.
 */
#include <pthread.h>
#include <stdio.h>

struct job { void (*fn) (int *, int); int *p; };
static int x, y, res[2];

static void put_impl (int *p, int v) { __atomic_store_n (p, v, __ATOMIC_RELAXED); }
static void get_impl (int *p, int v) { res[v] = __atomic_load_n (p, __ATOMIC_RELAXED); }

static void *t0 (void *a)
{
  struct job *j = a;
  j[0].fn (j[0].p, 1);
  j[1].fn (j[1].p, 0);
  return 0;
}

static void *t1 (void *a)
{
  struct job *j = a;
  j[0].fn (j[0].p, 1);
  j[1].fn (j[1].p, 1);
  return 0;
}

int main (void)
{
  static struct job ja[2], jb[2];
  ja[0].fn = put_impl; ja[0].p = &x; ja[1].fn = get_impl; ja[1].p = &y;
  jb[0].fn = put_impl; jb[0].p = &y; jb[1].fn = get_impl; jb[1].p = &x;
  pthread_t a, b;
  pthread_create (&a, 0, t0, ja);
  pthread_create (&b, 0, t1, jb);
  pthread_join (a, 0);
  pthread_join (b, 0);
  printf ("%d %d\n", res[0], res[1]);
  return 0;
}
