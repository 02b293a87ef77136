/* tbaa_mp.c — message passing through a heap object published through a
 * global pointer: the producer fills m->payload then raises m->ready, the
 * consumer reads m->ready then m->payload (the address of the object is
 * set before the threads start).  By C's aliasing rules (GCC's alias sets
 * under -fstrict-aliasing) the int fields are neither `box` (a pointer) nor
 * `got` (an int that cannot hold a struct msg): only message passing
 * through the heap object remains (docs/plugin.md, "Type-based alias
 * analysis").  Variants (-D):
 *   TBAA_CHAR         the fields are char: set 0, but members of *m, whose
 *                     alias set (struct msg) and size GCC still uses
 *                     against box and got;
 *   TBAA_MAY_ALIAS    the fields' type has the may_alias attribute;
 *   TBAA_CONS_NOSTRICT the consumer is compiled without strict aliasing
 *                     (optimize attribute): its reads may touch
 *                     anything, the producer's writes still no `box`.
 */
#include <pthread.h>
#include <stdlib.h>
#if defined TBAA_CHAR
typedef char field_t;
#elif defined TBAA_MAY_ALIAS
typedef int __attribute__ ((may_alias)) field_t;
#else
typedef int field_t;
#endif
#ifdef TBAA_CONS_NOSTRICT
#define CONS_ATTR __attribute__ ((optimize ("no-strict-aliasing")))
#else
#define CONS_ATTR
#endif
struct msg { field_t ready; field_t payload; };
struct msg *box;
int got;
double scale = 1.0;   /* read-only: a location of another type */

void *prod(void *a)
{
  struct msg *m = box;
  m->payload = 42 * (int) scale;
  m->ready = 1;
  return a;
}

CONS_ATTR void *cons(void *a)
{
  struct msg *m = box;
  if (m->ready)
    got = m->payload;
  return a;
}

int main(void)
{
  pthread_t t[2];
  box = calloc(1, sizeof *box);
  if (!box)
    return 1;
  pthread_create(&t[0], 0, prod, 0);
  pthread_create(&t[1], 0, cons, 0);
  pthread_join(t[0], 0);
  pthread_join(t[1], 0);
  return got != 42;
}
