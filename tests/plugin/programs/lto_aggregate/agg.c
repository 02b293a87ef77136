/* agg.c — store buffering between a whole-struct copy and an enum
 * (lto.sh, 10): under -flto the compile step makes every shared access
 * volatile and marks its type, which GCC allows for no struct, union or
 * enum type; such accesses must compile without a warning (-Werror) and
 * stay ordered at the link step: a fence in each thread. */
#include <pthread.h>
#include <stdio.h>

struct pair { int a, b; };
enum state { IDLE, READY };

struct pair shared;
enum state st;
struct pair r_pair;
enum state r_st;

static void *
writer (void *arg)
{
  struct pair mine = { 1, 2 };
  (void) arg;
  shared = mine;
  r_st = st;
  return NULL;
}

static void *
reader (void *arg)
{
  (void) arg;
  st = READY;
  r_pair = shared;
  return NULL;
}

int
main (void)
{
  pthread_t t1, t2;
  pthread_create (&t1, NULL, writer, NULL);
  pthread_create (&t2, NULL, reader, NULL);
  pthread_join (t1, NULL);
  pthread_join (t2, NULL);
  printf ("%d %d %d\n", r_pair.a, r_pair.b, (int) r_st);
  return 0;
}
