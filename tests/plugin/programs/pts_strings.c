/* pts_strings.c — a worker raises x, then prints a level name from a
 * static table of string literals, `fputs (names[lvl & 1], stderr)`;
 * another thread writes a heap buffer, then reads x.  Store buffering
 * would need fputs's read to be the buffer: by points-to (threadlocal.cc;
 * the table's initializer holds only string literals, which are never
 * written) the name is no heap memory and no variable: no cycle, no
 * fence.  Variant:
 *   -DHEAP  main puts the heap buffer into the table: store buffering
 *           through it, a full fence in each thread.
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -c pts_strings.c
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static const char *names[] = { "info", "warn" };
static char *logbuf;
static int x, lvl, r2;

static void *
speaker (void *p)
{
  x = 1;
  fputs (names[lvl & 1], stderr);
  return p;
}

static void *
writer (void *p)
{
  logbuf[0] = 'a';
  r2 = x;
  return p;
}

int
main (int argc, char **argv)
{
  pthread_t p, q;
  logbuf = malloc (16);
#ifdef HEAP
  names[1] = logbuf;
#endif
  lvl = argc + (argv != 0);
  pthread_create (&p, 0, speaker, 0);
  pthread_create (&q, 0, writer, 0);
  pthread_join (p, 0);
  pthread_join (q, 0);
  return r2;
}
