/* exc_paths.c — store buffering whose first thread reaches its load only
 * along an abnormal edge: a longjmp from a helper back to the thread's
 * setjmp (default), or a computed goto through a label table (-DGOTO).
 * The store and the load are in program order on that path, so each
 * thread needs a full fence (tests/plugin/exceptional.sh); the edges were
 * not followed before, and neither thread got one.  -DNOREAD: the code
 * the jump reaches reads nothing shared: no cycle, no fence.
 */
#include <pthread.h>
#include <setjmp.h>

int x, y, r0, r1;

#ifdef NOREAD
#define LOAD_Y 2
#else
#define LOAD_Y y
#endif

#ifdef GOTO
void *t0 (void *arg)
{
  static void *const next[] = { &&load, &&skip };
  x = 1;
  goto *next[(long) arg & 1];
load:
  r0 = LOAD_Y;
  return 0;
skip:
  r0 = 3;
  return 0;
}
#else
static jmp_buf back;

/* Leaves through a longjmp when told to (a failed check). */
static void __attribute__ ((noinline)) check (long v)
{
  if (v)
    longjmp (back, 1);
}

void *t0 (void *arg)
{
  if (setjmp (back) == 0)
    {
      x = 1;
      check ((long) arg);
      r0 = 3;
    }
  else
    r0 = LOAD_Y;
  return 0;
}
#endif

void *t1 (void *arg)
{
  (void) arg;
  y = 1;
  r1 = x;
  return 0;
}

int main (void)
{
  pthread_t a, b;
  pthread_create (&a, 0, t0, (void *) 1);
  pthread_create (&b, 0, t1, 0);
  pthread_join (a, 0);
  pthread_join (b, 0);
  return r0 + r1;
}
