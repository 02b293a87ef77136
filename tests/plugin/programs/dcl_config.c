/* dcl_config.c — lazy initialisation by double-checked locking, as code
 * written for x86 has it: a plain flag tested without the lock, tested
 * again with the mutex held, the config written and the flag set inside.
 * Two workers call the getter and read the config.  The block behind the
 * second test runs at most once (dclonce.cc), so the config and the flag
 * have one writer: message passing between the block and the fast path
 * is all that is left, one fence in each (tests/plugin/dcl.sh):
 * Power 2 lwsyncs (6 syncs, cost 12, before), ARMv8 2 dmb (6), ARMv7 2
 * dmb (6); none on x86.
 * Variants:
 *   -DNOLOCK   the second test without the mutex: two workers may both
 *              initialise (the block can run twice): fenced as before
 *   -DSTALE    the second test reads a value loaded before the mutex was
 *              taken: two workers may both have loaded 0 (fenced as
 *              before)
 *   -DRESET    a worker clears the flag again after its reads: the block
 *              may run again: fenced as before
 *   -DOUTSIDE  a worker also writes the config outside the block
 *   -DINITFN   the block calls a static `init_config ()` that writes the
 *              config (a function only the block calls): still two;
 *              -DINITFN -DOUTSIDE: a worker calls it outside the block
 *              too (fenced as before)
 *   -DATOMIC   the flag with C11 atomics (an acquire load for each test,
 *              a release store): the atomics' own barriers are all it
 *              needs, no fence added (six full fences before)
 *   -DLOOP     each worker calls the getter and reads the config twice,
 *              in a loop (with -fplugin-arg-wmmfence-max-cycles=0 the
 *              cycle search completes: two fences as without the loop)
 *   -DASSERT   the workers assert what they read (for the bundled BMC:
 *              the fenced code is safe, the code as written is not)
 */
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

struct config { int a, b, c; };
static struct config cfg;
#ifdef ATOMIC
static int initialized;
#define TEST_FLAG() __atomic_load_n (&initialized, __ATOMIC_ACQUIRE)
#define SET_FLAG() __atomic_store_n (&initialized, 1, __ATOMIC_RELEASE)
#else
static volatile int initialized;
#define TEST_FLAG() initialized
#define SET_FLAG() (initialized = 1)
#endif
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

#ifdef INITFN
static void __attribute__ ((noinline)) init_config (void)
{
  cfg.a = 1;
  cfg.b = 2;
  cfg.c = 3;
}
#endif

static void load_config (void)
{
  if (!TEST_FLAG ())
    {
#ifdef STALE
      int seen = TEST_FLAG ();
#endif
#ifndef NOLOCK
      pthread_mutex_lock (&m);
#endif
#ifdef STALE
      if (!seen)
#else
      if (!TEST_FLAG ())
#endif
        {
#ifdef INITFN
          init_config ();
#else
          cfg.a = 1;
          cfg.b = 2;
          cfg.c = 3;
#endif
          SET_FLAG ();
        }
#ifndef NOLOCK
      pthread_mutex_unlock (&m);
#endif
    }
}

static long sums[2];

static void *worker (void *arg)
{
  long *s = arg;
#ifdef LOOP
  for (int k = 0; k < 2; k++)
    {
#endif
  load_config ();
  int c = cfg.c, b = cfg.b, a = cfg.a;
#ifdef ASSERT
  assert (a == 1 && b == 2 && c == 3);
#endif
  *s += c * 100 + b * 10 + a;
#ifdef LOOP
    }
#endif
#ifdef RESET
  initialized = 0;
#endif
#if defined OUTSIDE && defined INITFN
  init_config ();
#elif defined OUTSIDE
  cfg.b = 5;
#endif
  return 0;
}

int main (void)
{
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create (&t[i], 0, worker, &sums[i]);
  for (int i = 0; i < 2; i++)
    pthread_join (t[i], 0);
  printf ("%ld %ld\n", sums[0], sums[1]);
  return 0;
}
