/* hook_alloc.c — allocation through hooks (`my_alloc = malloc`, `my_free
 * = free`, static, assigned nowhere else): the calls are calls of malloc
 * and free, which touch no shared memory, so p0 reads y with nothing
 * before it and store buffering cannot happen: no fence anywhere (before,
 * each call was unknown code that may store x: a full fence in p0 and
 * p1).  Each variant lets the hook hold unknown code, and both fences
 * are back:
 *   EXPORTED    the hooks are exported (another unit may assign them)
 *   SETTER      an exported function assigns its parameter to them
 *   COPIED      main copies a hook's value into a global
 *   ADDRESS     main assigns a hook through a pointer
 *   POOL        a hook holds pool_get, a function of another unit
 * hooks.sh */
#include <pthread.h>
#include <stdlib.h>

typedef void *(*alloc_fn) (size_t);
typedef void (*free_fn) (void *);
extern void *pool_get (size_t);
#ifdef EXPORTED
alloc_fn my_alloc = malloc;
free_fn my_free = free;
#else
static alloc_fn my_alloc = malloc;
static free_fn my_free = free;
#endif
int x, y, r0, r1;
#ifdef COPIED
alloc_fn saved;
#endif

#ifdef SETTER
void
set_alloc (alloc_fn a, free_fn f)
{
  my_alloc = a;
  my_free = f;
}
#endif

static void *
p0 (void *a)
{
  void *m = my_alloc (16);
  r0 = y;
  my_free (m);
  return a;
}

static void *
p1 (void *a)
{
  y = 1;
  r1 = x;
  return a;
}

int
main (int argc, char **argv)
{
  pthread_t a, b;
  (void) argc;
  (void) argv;
#ifdef COPIED
  saved = my_alloc;
#endif
#ifdef ADDRESS
  alloc_fn *where = &my_alloc;
  if (argc > 2)
    *where = malloc;
#endif
#ifdef POOL
  if (argc > 3)
    my_alloc = pool_get;
#endif
  pthread_create (&a, 0, p0, 0);
  pthread_create (&b, 0, p1, 0);
  pthread_join (a, 0);
  pthread_join (b, 0);
  return r0 + r1;
}
