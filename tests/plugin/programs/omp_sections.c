/* omp_sections.c — store buffering between two OpenMP sections (a team
 * whose threads take sections from libgomp: GOMP_sections_start / next
 * hand out numbers and touch no data of the program, the switch's trap
 * none either): fenced on every target (x86: the two mfences of store
 * buffering, inside the team's loop over sections). */
#include <stdio.h>

int x, y, r1, r2;

int main (void)
{
#pragma omp parallel sections
  {
#pragma omp section
    { x = 1; r1 = y; }
#pragma omp section
    { y = 1; r2 = x; }
  }
  printf ("%d %d\n", r1, r2);
  return 0;
}
