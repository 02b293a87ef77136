/* null_guard.c — a reader that takes a slow path only while a pointer is
 * still null: `p = ptr; if (!p) r = data;`.  A writer sets data, then
 * publishes a pointer that cannot be null: the address of a declared
 * object, or a fresh object it has dereferenced (-DDEREF) or tested
 * (-DTESTED) before the store.  A reader that reads the new pointer does
 * not go on to read data, so message passing through data and ptr has no
 * execution: value guards with a non-null store (collect.cc
 * nonzero_pointer, guards.c), no fence on any target.
 *   -DMAYBE  the pointer stored is a fresh object never tested (it may be
 *            null): message passing's fences in the writer and the
 *            reader on the weak targets;
 *   -DAFTER  the reader also reads data after the test: the same.
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -fwmm-arch=power -c null_guard.c
 */
#include <pthread.h>
#include <stdlib.h>
#include <stdio.h>

struct node { int v; };
static struct node obj;
static struct node *ptr;
static int data;
static int seen = -1;

static void *
writer (void *arg)
{
  (void) arg;
  data = 42;
#if defined DEREF || defined TESTED || defined MAYBE
  struct node *n = malloc (sizeof *n);
#ifdef DEREF
  n->v = 7;
#elif defined TESTED
  if (!n)
    abort ();
#endif
  ptr = n;
#else
  ptr = &obj;
#endif
  return NULL;
}

static void *
reader (void *arg)
{
  (void) arg;
  struct node *p = ptr;
  if (!p)
    seen = data;
#ifdef AFTER
  seen += data;
#endif
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, writer, NULL);
  pthread_create (&b, NULL, reader, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  printf ("%d %d\n", seen, obj.v);
  return 0;
}
