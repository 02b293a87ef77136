/* hidden_sb.c — store buffering on a static struct `s` (p0 by name)
 * against a thread that writes and reads through a pointer (p1).  When
 * nothing takes the address of `s` (not exported, no `&s` anywhere) no
 * pointer can reach it, as GCC's may_be_aliased says: p1's accesses are
 * other memory and neither thread needs a fence.  Each variant lets the
 * pointer reach `s`, and store buffering is back (a full fence in p0 and
 * p1):
 *   TAKEN_BODY  main points `mem` at `s`
 *   TAKEN_INIT  `mem`'s static initializer is `&s`
 *   PUBLIC      `s` is exported (another unit may point `mem` at it)
 *   SECTION     `s` is placed in a named section (the linker's bounds of
 *               the section are pointers to it)
 *   INT         p1's accesses are `int`s (typed: the alias sets agree)
 * hidden.sh */
#include <pthread.h>

#ifdef PUBLIC
struct pair { int x, y; } s;
#elif defined SECTION
static struct pair { int x, y; } s __attribute__ ((section ("wmm_pairs"), used));
#else
static struct pair { int x, y; } s;
#endif
int r0, r1;
#ifdef INT
typedef int word;
#else
typedef char word;
#endif
#ifdef TAKEN_INIT
word *mem = (word *) &s;
#else
word *mem;
#endif

static void *
p0 (void *a)
{
  s.x = 1;
  r0 = s.y;
  return a;
}

static void *
p1 (void *a)
{
  word *m = mem;
  m[sizeof (int) / sizeof (word)] = 1;
  r1 = m[0];
  return a;
}

int
main (int argc, char **argv)
{
  pthread_t a, b;
  (void) argv;
  static word buf[16];
  mem = argc > 5 ? mem : buf;
#ifdef TAKEN_BODY
  if (argc > 1)
    mem = (word *) &s;
#endif
  pthread_create (&a, 0, p0, 0);
  pthread_create (&b, 0, p1, 0);
  pthread_join (a, 0);
  pthread_join (b, 0);
  return r0 + r1;
}
