/* slices_fresh_row.c — a matrix product with one thread per row, as
 * tutorials write it: main mallocs an int for each thread, stores the
 * row number into it and passes it to pthread_create; the worker reads
 * `*(int *) arg`, frees it and fills row i of C (claims.cc
 * fresh_member_ids: a fresh object of each iteration holding the loop's
 * counter is the thread's own number).  No fence (Power 1 lwsync
 * before).  The variants keep their fences:
 *   -DONCE  one int allocated before the loop for every thread (main
 *           overwrites it while threads read it: two may fill one row,
 *           2+2W on its elements, which x86 forbids: no fence there)
 *   -DHALF  the number stored is i / 2: two threads fill one row
 *   -DNEXT  a thread also writes the first element of the next row
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define N 64
int A[N][N], B[N][N], C[N][N];

static void *
mult_row (void *arg)
{
  int i = *(int *) arg;
#ifndef ONCE
  free (arg);
#endif
  for (int j = 0; j < N; j++)
    {
      int s = 0;
      for (int k = 0; k < N; k++)
        s += A[i][k] * B[k][j];
      C[i][j] = s;
    }
#ifdef NEXT
  if (i + 1 < N)
    C[i + 1][0] = 0;
#endif
  return NULL;
}

int
main (void)
{
  pthread_t th[N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      {
        A[i][j] = i + j;
        B[i][j] = i - j;
      }
#ifdef ONCE
  int *row = malloc (sizeof (int));
#endif
  for (int i = 0; i < N; i++)
    {
#ifndef ONCE
      int *row = malloc (sizeof (int));
#endif
      if (!row)
        return 1;
#ifdef HALF
      *row = i / 2;
#else
      *row = i;
#endif
      pthread_create (&th[i], NULL, mult_row, row);
    }
  for (int i = 0; i < N; i++)
    pthread_join (th[i], NULL);
  long tr = 0;
  for (int i = 0; i < N; i++)
    tr += C[i][i];
  printf ("%ld\n", tr);
  return 0;
}
