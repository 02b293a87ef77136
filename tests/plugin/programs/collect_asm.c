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

/* dsb orders as dmb does with the same option (dsb st only stores);
   nsh orders only this processor's own accesses */
__attribute__((wmmfence_thread)) void arm_dsb(void)
{
  x = 5;
  asm volatile("dsb st" ::: "memory");
  y = 5;
  asm volatile("dsb ld" ::: "memory");
  x = 6;
  asm volatile("dmb nsh" ::: "memory");
  y = 6;
  asm volatile("dsb sy" ::: "memory");
  x = 7;
}

/* an xchg of two registers is no locked instruction (it was taken for a
   full fence); lock-prefixed or with memory it is one */
__attribute__((wmmfence_thread)) void x86_xchg(void)
{
  x = 8;
  asm volatile("xchg %%bx, %%bx" ::: "memory");
  y = 8;
  asm volatile("lock; orl $0, (%%rsp)" ::: "memory");
  x = 9;
}
