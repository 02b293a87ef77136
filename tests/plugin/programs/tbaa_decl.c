/* tbaa_decl.c — a member read through a struct pointer against globals
 * that cannot hold such a struct (GCC's test of a pointer access against
 * a declaration, indirect_ref_may_alias_decl_p): t1 writes a char flag
 * and reads x, t2 writes x and reads m->ready.  Store buffering would
 * need m->ready to be the flag; a `struct msg` (8 bytes) is no part of a
 * 1-byte char, whatever the char was accessed with (tbaa.cc): no cycle,
 * no fence.  Variants:
 *   -DBIG   the flag is the first byte of a 64-byte char array (alias
 *           set 0, large enough for a struct msg: the struct may live
 *           there) — store buffering, a full fence in each thread;
 *   -DLONG  the flag is a `long` written as bytes (memset): 8 bytes, as
 *           large as a struct msg, but a long's alias set conflicts with
 *           none of struct msg's: no fence.
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -c tbaa_decl.c
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

struct msg { int ready; int payload; };
#if defined BIG
char flag[64];
#define SET_FLAG() (flag[0] = 1)
#elif defined LONG
long flag;
#define SET_FLAG() memset (&flag, 1, 1)
#else
char flag;
#define SET_FLAG() (flag = 1)
#endif
int x;
struct msg *m;
int r1, r2;

static void *
t1 (void *a)
{
  SET_FLAG ();
  r1 = x;
  return a;
}

static void *
t2 (void *a)
{
  x = 1;
  r2 = m->ready;
  return a;
}

int
main (void)
{
  pthread_t p, q;
  m = calloc (1, sizeof *m);
  pthread_create (&p, 0, t1, 0);
  pthread_create (&q, 0, t2, 0);
  pthread_join (p, 0);
  pthread_join (q, 0);
  return r1 + r2;
}
