/* collect_calls.c — calls inside the unit are followed, unknown ones are
 * summarised (tests/plugin/collect.sh). */
#include <stdio.h>

int x, y;
extern void external(void);

static void set_x(void) { x = 1; }
static int get_y(void) { return y; }

__attribute__((wmmfence_thread)) void worker(void)
{
  set_x();
  int r = get_y();
  printf("%d\n", r);       /* I/O: no shared access */
  external();              /* unknown: may access anything */
}

__attribute__((wmmfence_thread(1))) void other(void)
{
  y = 1;
  int r = x;
  (void) r;
}
