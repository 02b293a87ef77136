/* locks_recursive.c — store buffering through x and y, each side inside a
 * critical section of m that also walks a tree with a recursive helper
 * (`walk`, the shape of a red-black tree's `_M_erase`): the walk releases
 * nothing, so both sides stay protected and need no fence.  A recursive
 * function's releases are the least fixpoint of what its statements and
 * callees release (plugin/locks.cc least_releases); before 2026-11-29 the
 * lock analysis started from "may release anything" and a recursive call
 * never left it, so everything after `walk` was outside the section.
 *   -DRELEASE  the recursion unlocks m at its bottom (`drop`): both sides
 *              run unlocked after it and keep store buffering's fences
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -fwmm-arch=power -c locks_recursive.c
 */
#include <pthread.h>
#include <stdio.h>

struct node { struct node *left, *right; int value; };

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;   /* exported: unknown code may name it */
static struct node leaves[2] = { { NULL, NULL, 1 }, { NULL, NULL, 2 } };
static struct node root = { &leaves[0], &leaves[1], 3 };
int x, y, r0, r1;
static long sum;

static void
walk (struct node *n)
{
  if (!n)
    return;
  walk (n->left);
  sum += n->value;
  walk (n->right);
}

#ifdef RELEASE
static void
drop (int depth)
{
  if (depth == 0)
    {
      pthread_mutex_unlock (&m);
      return;
    }
  drop (depth - 1);
}
#define LEAVE() drop (2)
#else
#define LEAVE() ((void) 0)
#endif

void *
P0 (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  walk (&root);
  LEAVE ();
  x = 1;
  r0 = y;
#ifndef RELEASE
  pthread_mutex_unlock (&m);
#endif
  return NULL;
}

void *
P1 (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  walk (&root);
  LEAVE ();
  y = 1;
  r1 = x;
#ifndef RELEASE
  pthread_mutex_unlock (&m);
#endif
  return NULL;
}

int
main (void)
{
  pthread_t t0, t1;
  pthread_create (&t0, NULL, P0, NULL);
  pthread_create (&t1, NULL, P1, NULL);
  pthread_join (t0, NULL);
  pthread_join (t1, NULL);
  printf ("r0=%d r1=%d sum=%ld\n", r0, r1, sum);
  return 0;
}
