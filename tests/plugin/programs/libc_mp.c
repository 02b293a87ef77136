/* libc_mp.c — message passing whose message the C library reads or
 * writes: prod fills buf and sets flag; cons, having seen the flag,
 * reads buf through printf ("%s") (default), atoi (-DATOI) or strtol with
 * an end pointer (-DSTRTOL); -DSPRINTF: prod formats buf with snprintf.
 * The library's reads and writes of buf are accesses of buf, so message
 * passing keeps its fences on the weak targets (one lwsync / dmb per
 * side; x86 needs none).  -DLOCAL: cons prints a string of its own after
 * the flag: nothing to order.  (Before 2026-11-28 the library calls' buffer
 * accesses were not collected: no fence at all, a missed fence.) */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

char buf[16];
int flag;
long got;

void *prod (void *a)
{
#ifdef SPRINTF
  snprintf (buf, sizeof buf, "%d", 42);
#else
  buf[0] = '4';
  buf[1] = '2';
  buf[2] = 0;
#endif
  flag = 1;
  return a;
}

void *cons (void *a)
{
  if (flag)
    {
#if defined ATOI
      got = atoi (buf);
#elif defined STRTOL
      char *end;
      got = strtol (buf, &end, 10);
#elif defined LOCAL
      char mine[4] = "ok";
      printf ("%s\n", mine);
#else
      printf ("%s\n", buf);
#endif
    }
  return a;
}

int main (void)
{
  pthread_t p, c;
  pthread_create (&p, 0, prod, 0);
  pthread_create (&c, 0, cons, 0);
  pthread_join (p, 0);
  pthread_join (c, 0);
  return (int) got;
}
