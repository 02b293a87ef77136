/* varargs_logged.c — objects handed to a variadic function of the unit,
 * which reads them with va_arg (a logger, as servers have: memcached's
 * logger_log hands its va_list to a formatting callback).  Before
 * 2026-12-06 every variadic argument escaped to code outside; now what
 * va_arg reads is what the calls gave (threadlocal.cc: a function's
 * varargs node, va_start's va_list, VA_ARG).
 * Two workers each make a job, log it and use it: `j->a = 1; r = j->b;`
 * and the other order: a job only its worker reaches is private, no
 * fence.
 * Variants:
 *   -DPUBLISH  the logger also keeps the last job in a global, through
 *              a helper given the va_list (vkeep): the jobs are shared,
 *              and the two workers' store buffering through them is
 *              fenced (x86: an mfence in worker);
 *   -DOUTSIDE  the logger hands its va_list to vfprintf's cousin in the
 *              library that may keep it (an unknown `vsink`): the
 *              arguments escape, fenced as -DPUBLISH.
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -c varargs_logged.c
 */
#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>

struct job { int a, b; };

static int logged;
#ifdef PUBLISH
static struct job *last;

static void __attribute__ ((noinline))
vkeep (va_list ap)
{
  last = va_arg (ap, struct job *);
}
#endif
#ifdef OUTSIDE
void vsink (const char *fmt, va_list ap);
#endif

static void __attribute__ ((noinline))
log_event (int kind, ...)
{
  va_list ap;
  va_start (ap, kind);
#ifdef PUBLISH
  va_list keep;
  va_copy (keep, ap);
  vkeep (keep);
  va_end (keep);
#endif
#ifdef OUTSIDE
  vsink ("job", ap);
#else
  struct job *j = va_arg (ap, struct job *);
  __atomic_fetch_add (&logged, kind + j->a, __ATOMIC_RELAXED);
#endif
  va_end (ap);
}

static void *
worker (void *arg)
{
  struct job *j = calloc (1, sizeof *j);
  int r;
  if (!j)
    return NULL;
  log_event (1, j);
  if (arg)
    {
      j->a = 1;
      r = j->b;
    }
  else
    {
      j->b = 1;
      r = j->a;
    }
#ifdef PUBLISH
  j = last;
  if (j)
    {
      if (arg)
        {
          j->a = 2;
          r += j->b;
        }
      else
        {
          j->b = 2;
          r += j->a;
        }
    }
#endif
  return (void *) (long) r;
}

int
main (void)
{
  pthread_t t1, t2;
  pthread_create (&t1, NULL, worker, (void *) 1);
  pthread_create (&t2, NULL, worker, NULL);
  pthread_join (t1, NULL);
  pthread_join (t2, NULL);
  return logged;
}
