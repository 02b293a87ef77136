/* gen_programs.h — random concurrent programs in the IR, for differential
 * testing of the model checkers (tests/unit/bmc_random.c) and for the
 * size/time benchmarks (bench/bench_bmc.sh).  Programs have 2–4 threads of
 * loads, stores, fences of the arch, addr/data dependencies, forward
 * branches on loaded values, counted and spin loops, RMWs or load/store
 * exclusives, C11 access annotations, and an exists/~exists/forall
 * condition over registers and final memory.
 *
 * Example:
 *   uint64_t rng = 42;
 *   wmm_gen_opts o = wmm_gen_opts_default(WMM_ARCH_PPC);
 *   wmm_program *p = wmm_gen_program(&o, &rng, "gen42");
 *   ... wmm_check(p, ...), wmm_bmc(p, ...) ...
 *   wmm_program_free(p);
 */
#ifndef WMMFENCE_GEN_PROGRAMS_H
#define WMMFENCE_GEN_PROGRAMS_H

#include <stdint.h>

#include "ir.h"

typedef struct wmm_gen_opts {
  wmm_arch arch;        /* which fences and atomics appear */
  int threads;          /* 0: 2..4 at random */
  int nlocs;            /* 0: 2..3 at random */
  int len;              /* items per thread (0: 2..5 at random) */
  int branches;         /* forward branches on loaded values */
  int loops;            /* counted loops and spin loops */
  int deps;             /* addr / data dependencies (herd's x^x idiom) */
  int fences;
  int atomics;          /* RMW, load/store exclusives */
  int c11;              /* acquire / release / seq_cst annotations */
  int silent;           /* the last location only ever gets plain stores
                           of 1 (no load, RMW or annotation reaches it): a
                           silent location of the placement (aeg.h) */
  int blind;            /* the last location only ever gets blind
                           additions (WMM_ACC_BLIND RMWs of a constant, no
                           register written: no load or other store reaches
                           it): a blindly updated location (aeg.h) */
  int handoff;          /* the last location is a flag: P0 ends with a plain
                           store of 1 to it, P1 begins with a spin loop
                           that leaves once it reads a value other than 0
                           (a value guard on the branch), nothing else
                           writes it (syncread.c's flag hand-offs) */
} wmm_gen_opts;

wmm_gen_opts wmm_gen_opts_default(wmm_arch a);

/* A random number in [0, n) from the xorshift state *rng. */
unsigned wmm_gen_rand(uint64_t *rng, unsigned n);

/* A new random program (NULL when out of memory). */
wmm_program *wmm_gen_program(const wmm_gen_opts *o, uint64_t *rng,
                             const char *name);

#endif
