/* names.c — lto_tables/: a string read through a static table of string
 * literals.  Under -flto lto1 streams a table's initializer in only when
 * asked (wmm_decl_initial); unread, the table's slots held nothing known
 * and strlen's read could touch any variable whose address escapes (here
 * data and y), a store buffering with t1 the code does not have.
 * Expected: no fence, per unit and under -flto.
 */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static char *names[] = { "alpha", "beta", "gamma", NULL };
int data, y, r;
static size_t total;

static void *t0 (void *a)
{
  data = 1;
  total = strlen (names[(long) a]);
  return 0;
}

static void *t1 (void *a)
{
  (void) a;
  y = 1;
  r = data;
  return 0;
}

int main (void)
{
  pthread_t a, b;
  printf ("%p %p\n", (void *) &data, (void *) &y);
  pthread_create (&a, 0, t0, (void *) 1);
  pthread_create (&b, 0, t1, 0);
  pthread_join (a, 0);
  pthread_join (b, 0);
  printf ("%d %zu\n", r, total);
  return 0;
}
