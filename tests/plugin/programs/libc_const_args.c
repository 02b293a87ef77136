/* libc_const_args.c — what a library call may store into the memory its
 * arguments reach (threadlocal.cc unknown_arg, stores_nothing_through): nothing
 * where its parameter points to const (inet_ntop's source), nothing
 * through an integer narrower than an address (fprintf's "%x" of a
 * pointer's low bits).  Two workers each make a connection and its
 * value array, print its address, then do store buffering on the array
 * through the pointer read back from the connection: the arrays are the
 * workers' own, no fence (x86 before 2026-12-06: 2 mfences, the library
 * taken to store memory of its own into the connection, so the pointer
 * read back could be any escaped memory; ARMv7 keeps them: an unsigned
 * can hold an address there).
 * Variants (fenced in worker, the array pointer may come from the
 * library):
 *   -DPTON  inet_pton writes the address into the connection (`void *`);
 *   -DWIDE  fprintf is given the whole address as an unsigned long.
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -c libc_const_args.c
 */
#include <arpa/inet.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

struct conn { struct in_addr addr; int fd; int *vals; };

static void *
worker (void *arg)
{
  struct conn *c = calloc (1, sizeof *c);
  char text[64] = "127.0.0.1";
  if (!c)
    return NULL;
  c->vals = calloc (2, sizeof (int));
#ifdef PTON
  inet_pton (AF_INET, text, &c->addr);
#else
  inet_ntop (AF_INET, &c->addr, text, sizeof text);
#endif
#ifdef WIDE
  fprintf (stderr, "%s %lx\n", text, (unsigned long) (uintptr_t) c);
#else
  fprintf (stderr, "%s %x\n", text, (unsigned) (uintptr_t) c);
#endif
  int *p = c->vals;
  int r;
  if (!p)
    return NULL;
  if (arg)
    {
      p[0] = 1;
      r = p[1];
    }
  else
    {
      p[1] = 1;
      r = p[0];
    }
  return (void *) (long) r;
}

int
main (void)
{
  pthread_t t1, t2;
  pthread_create (&t1, NULL, worker, (void *) 1);
  pthread_create (&t2, NULL, worker, NULL);
  pthread_join (t1, NULL);
  pthread_join (t2, NULL);
  return 0;
}
