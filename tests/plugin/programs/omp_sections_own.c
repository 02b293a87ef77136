/* omp_sections_own.c — `#pragma omp parallel sections`: one section computes
 * a Fibonacci number, the other a factorial, each into its own global
 * (ompsingle.cc: each section runs once, in one thread of the team): no
 * fence (Power 1 lwsync before: the two stores taken for 2+2W between
 * two instances of the team function).  -DSB: the sections do store
 * buffering on a and b (two threads at once): a full fence in the team
 * function. */
#include <stdio.h>

long fibres, factres;
int a, b, r1, r2;

static long
fib (int n)
{
  return n < 2 ? n : fib (n - 1) + fib (n - 2);
}

int
main (void)
{
#pragma omp parallel sections
  {
#pragma omp section
    {
      fibres = fib (30);
#ifdef SB
      a = 1;
      r1 = b;
#endif
    }
#pragma omp section
    {
      long f = 1;
      for (int i = 2; i < 20; i++)
        f *= i;
      factres = f;
#ifdef SB
      b = 1;
      r2 = a;
#endif
    }
  }
  printf ("%ld %ld %d %d\n", fibres, factres, r1, r2);
  return 0;
}
