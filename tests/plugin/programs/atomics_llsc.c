/* atomics_llsc.c — load-linked / store-conditional loops written as inline
 * asm (tests/plugin/atomics.sh, -S only): each is one read-modify-write of
 * its memory operand, with the fences written around it; `odd` has a
 * load-linked and no store-conditional and keeps the plain model. */
int x, y, z;

__attribute__((wmmfence_thread)) void llsc(void)
{
  int t, r;
#if defined(__powerpc__)
  asm volatile("lwsync\n1:\tlwarx %0,0,%3\n\taddi %1,%0,1\n"
               "\tstwcx. %1,0,%3\n\tbne- 1b\n\tisync"
               : "=&r"(r), "=&r"(t), "+m"(x) : "r"(&x) : "cc", "memory");
  y = r;
  asm volatile("lwarx %0,0,%2" : "=&r"(r), "+m"(z) : "r"(&z) : "memory");
#elif defined(__aarch64__)
  asm volatile("1:\tldaxr %w0, %2\n\tadd %w0, %w0, #1\n"
               "\tstlxr %w1, %w0, %2\n\tcbnz %w1, 1b"
               : "=&r"(r), "=&r"(t), "+Q"(x) :: "memory");
  y = r;
  asm volatile("ldxr %w0, %1" : "=&r"(r), "+Q"(z) :: "memory");
#elif defined(__arm__)
  asm volatile("dmb ish\n1:\tldrex %0, [%3]\n\tadd %0, %0, #1\n"
               "\tstrex %1, %0, [%3]\n\tteq %1, #0\n\tbne 1b\n\tdmb ish"
               : "=&r"(r), "=&r"(t), "+Qo"(x) : "r"(&x) : "cc", "memory");
  y = r;
  asm volatile("ldrex %0, [%2]" : "=&r"(r), "+Qo"(z) : "r"(&z) : "memory");
#else
  r = t = 0;
  y = r;
#endif
  x = r + t;
}
