/* omp_single_section.c — store buffering between a `single nowait` body
 * and a section of the `sections` construct after it: one thread may take
 * the single while another takes the section, both at once.  Each body
 * runs once, in one thread of the team, so two instances of one body
 * never meet (ompsingle.cc); but the single's body and the section meet,
 * and the placement must keep a full fence on each side (on every
 * target).  Until 2026-12-07 both bodies were marked as made once, which
 * dropped every edge between them: no fence at all.
 * Example: gcc -O2 -fopenmp -fplugin=wmmfence.so -fwmm-arch=power -c omp_single_section.c
 */
#include <stdio.h>

int x, y, r0, r1;

int
main (void)
{
#pragma omp parallel num_threads (2)
  {
#pragma omp single nowait
    {
      x = 1;
      r0 = y;
    }
#pragma omp sections
    {
#pragma omp section
      {
        y = 1;
        r1 = x;
      }
    }
  }
  printf ("%d %d\n", r0, r1);
  return 0;
}
