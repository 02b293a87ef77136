/* barriers.h — the barriers of the programs in bench/expert/, in three
 * builds of the same source:
 *   -DEXPERT  the fences an expert writes, per architecture, with the
 *             mapping well-kept libraries use (Linux's smp_mb / smp_wmb /
 *             smp_rmb and acquire/release as barriers: x86 mfence only for
 *             smp_mb; power sync / lwsync; armv8 dmb ish / ishst / ishld;
 *             armv7 dmb ish / ishst), accesses through READ_ONCE /
 *             WRITE_ONCE (volatile);
 *   -DX86     the code as written and tested on x86: only the full fences
 *             x86 itself needs (store->load order: Dekker, Peterson), as
 *             C11 seq_cst fences; for wmmfence with from=tso;
 *   (neither) no fence at all: for wmmfence with from=sc.
 * smp_mb__before_atomic / smp_mb__after_atomic make a relaxed RMW fully
 * ordered (Linux's cmpxchg): nothing on x86, whose locked RMWs already are.
 * smp_wmb_strong orders two stores for a reader that sees the second
 * store overwritten by another thread's (the R shape: Peterson's flag and
 * turn): sync on Power, where lwsync is not enough (R+lwsync+sync is
 * allowed), dmb ishst on ARMv8 and ARMv7 (litmus/README.md).
 * Example: aarch64-linux-gnu-gcc-12 -O2 -DEXPERT -S mp_flag.c
 */
#ifndef BENCH_EXPERT_BARRIERS_H
#define BENCH_EXPERT_BARRIERS_H

#ifdef EXPERT
#define READ_ONCE(x) (*(volatile __typeof__(x) *) &(x))
#define WRITE_ONCE(x, v) (*(volatile __typeof__(x) *) &(x) = (v))
#define ASM(s) __asm__ __volatile__(s ::: "memory")
#if defined(__x86_64__)
#define smp_mb() ASM("mfence")
#define smp_mb__before_atomic() ASM("")
#define smp_mb__after_atomic() ASM("")
#define smp_wmb() ASM("")
#define smp_wmb_strong() ASM("")
#define smp_rmb() ASM("")
#define acq_barrier() ASM("")
#define rel_barrier() ASM("")
#elif defined(__powerpc64__)
#define smp_mb() ASM("sync")
#define smp_wmb() ASM("lwsync")
#define smp_wmb_strong() ASM("sync")
#define smp_rmb() ASM("lwsync")
#define acq_barrier() ASM("lwsync")
#define rel_barrier() ASM("lwsync")
#elif defined(__aarch64__)
#define smp_mb() ASM("dmb ish")
#define smp_wmb() ASM("dmb ishst")
#define smp_wmb_strong() ASM("dmb ishst")
#define smp_rmb() ASM("dmb ishld")
#define acq_barrier() ASM("dmb ishld")
#define rel_barrier() ASM("dmb ish")
#elif defined(__arm__)
#define smp_mb() ASM("dmb ish")
#define smp_wmb() ASM("dmb ishst")
#define smp_wmb_strong() ASM("dmb ishst")
#define smp_rmb() ASM("dmb ish")
#define acq_barrier() ASM("dmb ish")
#define rel_barrier() ASM("dmb ish")
#else
#error "unknown architecture"
#endif
#ifndef smp_mb__before_atomic
#define smp_mb__before_atomic() smp_mb()
#define smp_mb__after_atomic() smp_mb()
#endif
#else
#define READ_ONCE(x) (x)
#define WRITE_ONCE(x, v) ((x) = (v))
#ifdef X86
#define smp_mb() __atomic_thread_fence(__ATOMIC_SEQ_CST)
#else
#define smp_mb() ((void) 0)
#endif
#define smp_wmb() ((void) 0)
#define smp_wmb_strong() ((void) 0)
#define smp_rmb() ((void) 0)
#define smp_mb__before_atomic() ((void) 0)
#define smp_mb__after_atomic() ((void) 0)
#define acq_barrier() ((void) 0)
#define rel_barrier() ((void) 0)
#endif

#endif
