/* locks_hidden.c — store buffering under a static lock on static data,
 * with code the unit cannot see running outside the lock: a hook called
 * through a pointer and a write through a pointer read from memory.
 * Neither can touch x or y: their addresses never leave the unit, so
 * they stay protected by m and need no fence (locks.sh).  Soundness
 * twins keep the fences of SB:
 *   -DESCAPE     x's address is given to unknown code (register_obj);
 *   -DCALLBACK   an exported function writes x without the lock, and the
 *                hook may call it back;
 *   -DRELEASE    an exported function releases m, and the hook, called
 *                inside the critical section, may call it back;
 *   -DPARAM      a helper the unit calls (not collected in place) writes
 *                through its parameter, given &x outside the lock (y's
 *                address is still taken nowhere: y stays protected, and
 *                only P1 keeps a fence). */
#include <pthread.h>
#include <stdlib.h>
struct node { int v; struct node *next; };
struct node *pool;
void (*hook) (void);
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int x, y;
int r0, r1;
#ifdef ESCAPE
extern void register_obj (int *);
#endif
#ifdef CALLBACK
void poke (void) { x = 5; }
#endif
#ifdef RELEASE
void drop (void) { pthread_mutex_unlock (&m); }
#endif
#ifdef PARAM
__attribute__ ((noinline)) static void
set_many (int *p, int v)
{
  /* more statements than the plugin collects at a call site */
  for (int i = 0; i < 3; i++) { if (v > i) v--; else v++; }
  v = v * 3 + 1; v ^= 5; v += 7; v = v * 3 + 1; v ^= 5; v += 7;
  v = v * 3 + 1; v ^= 5; v += 7; v = v * 3 + 1; v ^= 5; v += 7;
  v = v * 3 + 1; v ^= 5; v += 7; v = v * 3 + 1; v ^= 5; v += 7;
  v = v * 3 + 1; v ^= 5; v += 7; v = v * 3 + 1; v ^= 5; v += 7;
  v = v * 3 + 1; v ^= 5; v += 7; v = v * 3 + 1; v ^= 5; v += 7;
  v = v * 3 + 1; v ^= 5; v += 7; v = v * 3 + 1; v ^= 5; v += 7;
  *p = v;
}
#endif

void *
P0 (void *a)
{
  (void) a;
  pthread_mutex_lock (&m);
#ifdef RELEASE
  hook ();
#endif
  x = 1;
  r0 = y;
  pthread_mutex_unlock (&m);
  hook ();
  return 0;
}

void *
P1 (void *a)
{
  (void) a;
  pthread_mutex_lock (&m);
  y = 1;
  r1 = x;
  pthread_mutex_unlock (&m);
  struct node *n = pool;
  n->v = 2;
#ifdef PARAM
  set_many (&x, r1);
#endif
  return 0;
}

int
main (void)
{
  pthread_t a, b;
  pool = malloc (sizeof *pool);
#ifdef ESCAPE
  register_obj (&x);
#endif
  pthread_create (&a, 0, P0, 0);
  pthread_create (&b, 0, P1, 0);
  pthread_join (a, 0);
  pthread_join (b, 0);
  return r0 + r1;
}
