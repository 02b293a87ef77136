/* path_members.c — an access through a pointer to a record type reaches
 * only the members of the records of that type an object holds (plugin/
 * tbaa.cc, member_within; C11 6.5p7).  A global state `g` holds an
 * options record `g.o` among other members; the worker sets the verbose
 * flag through a pointer to the options (chosen at run time between
 * g's and a defaults record, as a `struct options *` parameter is), then
 * reads `g.count`; main writes `g.count` and reads `g.ret`.  The pointer
 * may point into g, but `p->verbose` is g.o.verbose there, never
 * `g.ret`: no store buffering, no fence.  Main reading `g.o.verbose`
 * (-DSAME) is store buffering, fenced in main and the worker; so is a
 * global whose `ret` lies in a char buffer that may hold the options
 * (-DBYTES: char storage may hold any object). */
#include <pthread.h>
#include <stdio.h>

struct options
{
  int verbose;
  int level;
};

static struct
{
  int count;
  struct options o;
#ifdef BYTES
  union { char raw[16]; int ret; } u;
#define RET u.ret
#else
  int ret;
#define RET ret
#endif
} g;

static struct options defaults;
static int r0;

static __attribute__ ((noinline)) void
set_verbose (struct options *p)
{
  p->verbose = 1;
}

static void *
worker (void *arg)
{
  set_verbose (arg ? &g.o : &defaults);
  r0 = g.count;
  return 0;
}

int
main (int argc, char **argv)
{
  pthread_t t;
  (void) argv;
  if (pthread_create (&t, 0, worker, argc > 0 ? &t : 0))
    return 1;
  g.count = 1;
#ifdef SAME
  int r = g.o.verbose;
#else
  int r = g.RET;
#endif
  pthread_join (t, 0);
  printf ("%d %d\n", r, r0);
  return 0;
}
