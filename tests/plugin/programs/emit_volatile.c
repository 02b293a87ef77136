/* emit_volatile.c — volatile per access, not per declaration: with
 * -fplugin-arg-wmmfence-debug-volatile=P0:N (N the load's index in the
 * IR dump) only P0's load of flag stays in its loop at -O2; P1's
 * identical loop is hoisted by GCC as usual. */
int flag;

__attribute__((wmmfence_thread)) void P0(void) { while (!flag) ; }
__attribute__((wmmfence_thread)) void P1(void) { while (!flag) ; }
