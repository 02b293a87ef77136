/* collect_asm.c — fence instructions written as inline asm (text only: the
 * test compiles with -S and never assembles). */
int x, y;

__attribute__((wmmfence_thread)) void power_fences(void)
{
  x = 1;
  asm volatile("lwsync" ::: "memory");
  y = 1;
  asm volatile("sync" ::: "memory");
  x = 2;
}

__attribute__((wmmfence_thread)) void arm_fences(void)
{
  x = 3;
  asm volatile("dmb ishst" ::: "memory");
  y = 3;
  asm volatile("dmb ish" ::: "memory");
  x = 4;
}
