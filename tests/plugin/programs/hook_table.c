/* hook_table.c — commands dispatched through a read-only table of
 * { name, handler } pairs, as command-line tools and servers write them:
 * `cmds[i].fn (&r)` can only call a function of the table's initializer
 * (entries.cc table_targets), here two handlers that fill the worker's
 * own request.  Each worker hands its answer back through its exit value.
 * Expected: no fence on any target.  -DWRITABLE (the table not const:
 * code may store any function there) and -DFOREIGN (one handler of
 * another unit) leave the call unknown code: fenced.
 */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

struct req { int a, b; };

static void do_get (struct req *r) { r->a = 1; r->b = 2; }
static void do_set (struct req *r) { r->b = 3; r->a = 4; }
#ifdef FOREIGN
extern void do_other (struct req *r);
#endif
#ifdef WRITABLE
#define TABLE_CONST
#else
#define TABLE_CONST const
#endif

static TABLE_CONST struct {
  const char *name;
  void (*fn) (struct req *);
} cmds[] = {
  { "get", do_get },
  { "set", do_set },
#ifdef FOREIGN
  { "other", do_other },
#endif
};

static void *worker (void *arg)
{
  struct req r = { 0, 0 };
  for (unsigned i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
    if (!strcmp (cmds[i].name, (const char *) arg))
      cmds[i].fn (&r);
  return (void *) (long) (r.a * 10 + r.b);
}

int main (void)
{
  pthread_t t[2];
  void *res[2];
  pthread_create (&t[0], 0, worker, "get");
  pthread_create (&t[1], 0, worker, "set");
  pthread_join (t[0], &res[0]);
  pthread_join (t[1], &res[1]);
  printf ("%ld %ld\n", (long) res[0], (long) res[1]);
  return 0;
}
