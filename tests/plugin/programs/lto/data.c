/* data.c — the shared data (lto.h) and message passing through it:
 * publish() writes the data then the flag, consume() waits for the flag
 * and reads the data.
 * Example: publish (42) in one thread, consume () == 42 in another. */
#include "lto.h"

API int x, y, m, n, r0, r1, rm0, rm1, got;
static int data, flag;

API void
publish (int v)
{
  data = v;
  flag = 1;
}

API int
consume (void)
{
  while (!flag)
    ;
  return data;
}
