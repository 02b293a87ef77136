#!/usr/bin/env bash
# captures.sh — data only one thread reaches, in shapes real code has
# (docs/plugin.md, "Private data"), on every target (x86-64, ppc64le,
# aarch64, armv7), fences counted per function in the -O2 assembly:
#   cxx_lambda.cc      lambdas run by std::threads read their captures from
#                      the thread's own state; std::max on locals returns
#                      a reference to a local: no fence added.  -DREF,
#                      -DPTR (store buffering through captured references
#                      or a captured pointer): both lambdas fenced; -DMAX
#                      (std::max hands back a reference to a shared
#                      global): fenced
#   cxx_blocking_queue.cc  a std::mutex / condition_variable /
#                      std::queue blocking queue between a producer and a
#                      consumer std::thread, joined by main: no fence (the
#                      exception paths destroy a running std::thread
#                      first: std::terminate); -DDETACH (main detaches the
#                      consumer, then store buffering with it): main and
#                      the consumer fenced on every target
#   cxx_print_mp.cc    message passing through a static message and a
#                      std::atomic<bool> (release / acquire) between two
#                      std::threads, the consumer printing with std::cout:
#                      no fence (the library code cannot reach the
#                      statics); -DCALLBACK (store buffering through a
#                      qsort comparator run inside the library call):
#                      the comparator and the other thread fenced
#   ret_param.c        a C helper returning one of its pointer parameters,
#                      called on locals: no fence; -DGLOBAL, -DOTHER (it
#                      may return a global's address): both sides fenced;
#                      -DLOOKUP, a helper given a local's address that
#                      returns a pointer not derived from it: no fence,
#                      with -DRET (it may return its parameter, kept in
#                      a local): no fence either (threadlocal.cc); -DRET
#                      -DPUBLISH (what it returns stored into the pointer
#                      P1 reads through): fenced
#   private_helpers.c  two workers, each a local state whose caches helpers
#                      with pointer parameters allocate (also through an
#                      xmalloc wrapper, -DWRAPPER): no fence; the cache in
#                      a global, an integer, a static struct's member,
#                      memcpy'd out, the state kept: the worker fenced
#   private_escapes.c  a fresh cell's address handed to the other thread
#                      (a global, a pipe, a union, a struct's integer
#                      member assigned or memcpy'd, a helper): both fenced
#   omp_for.c          OpenMP parallel for loops over static arrays (each
#                      thread of a team its own block of a[i]): no fence;
#                      -DPUBLIC (exported arrays, no code of another
#                      unit called): none either; -DHAND, -DNOWAIT,
#                      -DSHIFT, -DORPHAN (blocks that may overlap, another
#                      thread's element, an orphaned loop after a nowait
#                      one): the team's writes fenced on the weak
#                      targets (x86-TSO needs none); -DPUBLIC -DFOREIGN
#                      (another unit's code may run beside the team):
#                      the reading team fenced on every target; -DDYNAMIC
#                      (dynamic, guided and runtime schedules: chunks
#                      handed out by libgomp): no fence, with -DSHIFT
#                      the team's writes fenced on the weak targets;
#                      -DPHASES (two loops of one region over a, apart
#                      by the first's barrier): no fence
#   omp_heap.c         OpenMP loops over vectors main allocates, in
#                      helpers taking them as pointer parameters (saxpy,
#                      a dot product): no fence; -DSAME (one vector in two
#                      parameters), -DPUBLIC (exported helpers, no code of
#                      another unit called): none either; -DNEIGHBOUR
#                      (y[n - 1 - i] read too), -DESCAPE (the vector also
#                      in a global the loop reads), -DPUBLIC -DFOREIGN
#                      (another unit's code may run the helpers beside
#                      the team): the team fenced on every target
#   omp_matrix.c       a matrix product over malloc'd row-major vectors
#                      (c[i * n + j], helpers) and over static 2-D arrays,
#                      Jacobi sweeps into a second grid copied back by a
#                      second parallel loop (heap and static), a double
#                      buffer swapped between sweeps: no fence; -DINPLACE,
#                      -DGINPLACE, -DSAMEBUF (one sweep updates its grid in
#                      place: the neighbours' rows are other threads'): the
#                      sweep's team fenced on every target
#   omp_array_reduction.c  a histogram by an array reduction (each
#                      thread's local copy cleared and added in by a
#                      pointer walk): no fence; -DSHARED (every thread
#                      increments the shared array): the team fenced on
#                      every target
#   omp_nbody.c        an n-body step over calloc'd body structs: every
#                      position read, each thread's own accelerations
#                      written, then each body moved by its thread: no
#                      fence; -DWRITEX (the first loop also moves its own
#                      body while the others read every x): the team
#                      fenced on every target
#   omp_blocks.c       a team sharing an array out by hand (lo = id *
#                      (N / nt), the last thread to N): no fence (also
#                      -DEVEN); -DWIDE, -DFIRST, -DSHRINK, -DAFTER: the
#                      team fenced on the weak targets
#   omp_spmd.c         the tutorials' SPMD pi (sum[id] of main's array,
#                      i = id; i += nthrds), chunked static schedules over
#                      a static array, a cyclic loop over a malloc'd
#                      vector: no fence; -DNEXT (a thread reads its
#                      neighbour's sum): the team fenced on every target;
#                      -DSHIFT (the chunked loop writes a[i + 1] too):
#                      fenced on the weak targets
#   omp_sections.c     store buffering between two OpenMP sections: the
#                      team's function fenced on every target
#   omp_sections_own.c two sections, each storing its own result: no
#                      fence; -DSB (store buffering between the
#                      sections): fenced
#   omp_single_section.c  store buffering between a `single nowait` body
#                      and a section: fenced on every target
#   omp_single.c       a table filled in a `single` region, read by a
#                      shared-out loop: no fence; -DNOWAIT (single nowait,
#                      read at once by every thread): fenced on every target
#   omp_critical.c     an OpenMP team updating a maximum and its index
#                      inside a critical section (unnamed, or -DNAMED):
#                      no fence; -DSPLIT (odd and even elements under two
#                      named sections: no common lock): fenced on the weak
#                      targets; -DOUTSIDE (no section): fenced everywhere
#   omp_locks.c        the same under an OpenMP lock (main's omp_lock_t,
#                      omp_set_lock / omp_unset_lock; -DNEST a nestable
#                      lock taken twice, -DTEST a spin on omp_test_lock):
#                      no fence; -DTWO (odd and even elements under two
#                      locks): fenced on the weak targets; -DOUTSIDE:
#                      fenced everywhere
#   omp_histogram.c    a double reduction (an atomic compare-and-swap on
#                      sum's bytes), then local histograms merged under a
#                      critical section: no fence; -DOUTSIDE (the merge
#                      without it): fenced
#   omp_tasks.c        OpenMP tasks (a recursive Fibonacci, taskwait): no
#                      fence on any target; -DEARLY (a and b read before
#                      the taskwait), -DHANDON (handed on to tasks the
#                      taskwait does not wait for): fib fenced on the weak
#                      targets; -DRACE (two tasks in store buffering):
#                      both tasks fenced on every target
#   barrier_rounds.c   a stencil between pthread_barrier_waits (reads of
#                      the neighbours' elements and writes of the own slice
#                      in different rounds): no fence on x86 (barriers.sh
#                      checks the costs where the rule does not apply);
#                      -DSAMEROUND (store buffering in one round): fenced
#                      on every target
#   pool_fnptr.c       a thread pool on main's stack whose workers call
#                      `t->fn (t->arg)`: no fence; -DHEADER (the task
#                      type from a header): the worker fenced on the weak
#                      targets
#   slices_block.c     each thread adds vectors over its block [id * C,
#                      id * C + C) (or to (id + 1) * C, -DEND; the last
#                      thread to the end, -DREST; an int counter from
#                      id * N / T below (id + 1) * N / T, -DINTDIV): no
#                      fence; -DOVERLAP, -DSAME, -DNEIGHBOUR, -DSTEP,
#                      -DREST_EARLY, -DREST_NE, -DINTDIV_WIDE (blocks that
#                      may meet): the worker fenced on the weak targets
#   slices_members.c   the same over the block [r->lo, r->hi) main stores
#                      into each thread's argument struct: no fence (also
#                      -DPLUS); -DOVERLAP, -DSHARED, -DLATER, -DNEIGHBOUR:
#                      the worker fenced on the weak targets
#   slices_rows.c      a matrix in one array, `c[i * N + j]` (0 <= j < N),
#                      over each thread's block of rows (its number, or
#                      -DMEMBERS the struct's bounds): no fence; -DWIDE
#                      (j to N inclusive), -DNEXT (row i + 1): the worker
#                      fenced on the weak targets
#   slices_runtime.c   blocks of a size the command line sets (`id * N /
#                      nthreads`, `id * chunk`, or -DMEMBERS main's
#                      bounds in each thread's struct), into a declared or
#                      a malloc'd array: no fence; -DWIDE, -DMORE,
#                      -DCHANGE, -DLATE: the worker fenced on the weak
#                      targets
#   cxx_chunks.cc      std::thread lambdas capturing their block [lo, hi)
#                      by value (size_t, `N * t / nt`, nt from
#                      hardware_concurrency): no fence (armhf: fenced,
#                      32-bit size_t); -DWIDE, -DNEXT: fenced on the weak
#                      targets; the same over main's std::vector captured
#                      by reference (-DVECTOR), and -DVECTOR -DGROW (main
#                      appends while the lambdas run): fenced
#   slices_unsigned.c  main's size_t blocks `(size_t) N * t / nthreads`
#                      (t unsigned, or -DINT an int counter from 0) in
#                      each thread's struct, a size_t
#                      counter in the worker: no fence; -DWIDE, -DNARROW
#                      (32-bit products), -DWIDENED (an unsigned counter
#                      tested widened): the worker fenced on the weak
#                      targets
#   heap_rows.c        the same product over malloc'd matrices held by
#                      static pointers (freed after the joins): no fence;
#                      -DALIAS, -DMOVE, -DFREE_EARLY, -DESCAPE, -DNEXT,
#                      -DPASS: the worker (or the helper) fenced on the
#                      weak targets
#   slices_tutorial.c  the blocks written as tutorials do: the number in
#                      the argument struct read twice, the last thread to
#                      the end; `(long) arg` with the block clamped inward
#                      (-DCLAMP); a malloc'd range per thread, freed by the
#                      worker (-DHEAP): no fence; -DFIRST_REST,
#                      -DCLAMP_WIDE, -DHEAP_ONCE, -DHEAP_OVERLAP: the worker
#                      fenced on the weak targets
#   slices_fresh_row.c one thread per row of a matrix product, its row
#                      number in an int main mallocs for it (`*row = i`):
#                      no fence; -DONCE (one int for all, overwritten:
#                      two workers may fill one row, 2+2W on its
#                      elements), -DHALF (two threads per row), -DNEXT (a
#                      write into the next row): the worker fenced on the
#                      weak targets; on x86, which forbids 2+2W, -DONCE
#                      needs none (its fence there came from taking C's
#                      elements for the malloc'd int: a declared object
#                      is no part of one allocated, tbaa.cc)
#   cxx_thread_ids.cc  C++ workers numbered by their std::thread argument
#                      (`ts.emplace_back (worker, t)`, or `std::thread
#                      (worker, t)` into an array: -DARRAY; a lambda
#                      capturing t, `[t] { ... }`: -DLAMBDA; two threads
#                      numbered 0 and 1: -DPAIR; std::jthreads:
#                      -DJTHREAD) add into partial[id]:
#                      no fence; -DNEXT (a neighbour's slot read),
#                      -DBYREF (the lambda captures `&t`): the worker
#                      fenced on every target; -DSTALL (t not counted on
#                      every way round the loop), -DPEEK (main reads a
#                      slot before the joins), -DSAME (both numbered 0):
#                      no fence since the address keys of 2026-12-04
#                      (one slot per run of a worker: no cycle)
#   slots.c            each thread adds into partial[(long) arg], created
#                      with the create loop's counter, main sums slot i
#                      after joining thread i (or after all joins,
#                      -DAFTER): no fence; -DNEIGHBOUR (a worker writes
#                      the next slot): the worker fenced on every target;
#                      -DBEFORE (slot i read before the join), -DOTHER
#                      (slot i + 1): no fence (one slot per run of a
#                      worker: no cycle); -DSAME (every thread numbered
#                      0): fenced on the weak targets (a WRC through
#                      rows)
#   threads_info.c     handles kept in the argument structs (pthread_create
#                      (&tinfo[i].thread_id, 0, worker, &tinfo[i]), joined
#                      through tinfo[i].thread_id): no fence; -DSELF (the
#                      worker reads its own thread_id, which the create
#                      writes: a race, but no cycle; the worker's fence on
#                      the weak targets went on 2026-12-01, when
#                      `tinfo->thread_id` stopped meeting `result`,
#                      another member): no fence; -DMAINWRITE (main writes thread
#                      0's number while it runs, a race that makes no
#                      cycle: the worker reads only its own number): no
#                      fence; -DBUCKETS (the worker
#                      also counts into a member array of its struct at
#                      variable indices): no fence, with -DMAINWRITE fenced
#                      on every target
#   slots_narrow.c     the same with `int id = (int) (long) arg`, the
#                      handles in t[T]: no fence; -DSMALL (unsigned char
#                      numbers, 300 threads), -DHANDLES (handles in
#                      &w[i].h: no bound): the worker fenced on the weak
#                      targets (the rows' 2+2W)
#   slots_member.c     the same with the number in a member of the
#                      thread's argument struct (args[i].id = i before
#                      pthread_create (..., &args[i]), partial[a->id]):
#                      no fence; -DLATE (stored after the create),
#                      -DWRITE (a worker changes its id), -DSHARED (two
#                      threads, one struct), -DMAINWRITE (main changes an
#                      id while they run), -DNEIGHBOUR: the worker fenced
#                      on every target; -DCONST (every id 0): no fence
#                      (one slot per worker run)
#   slots_ids.c        the same with an int array of numbers (ids[i] = i,
#                      &ids[i] given to the create, `*(int *) arg` in the
#                      worker): no fence; the same five variants fenced,
#                      -DCONST none;
#                      -DEXPORTED (a worker not static): no fence, with
#                      -DFOREIGN (main calls another unit): fenced
#   claims_params.c    ranges main fills into lo[k] / hi[k] (or r[k].lo,
#                      -DSTRUCT) just before starting thread k with
#                      (void *) k: no fence; written after the create
#                      (-DLATE) or the next thread's range read
#                      (-DNEIGHBOUR): the worker fenced on the weak
#                      targets
#   counters_blind.c   relaxed atomic statistics counters the workers add
#                      to and main reads after the joins (a 2+2W between
#                      the two counters): no fence; -DPEEK (a worker
#                      reads them), -DUSED (the additions' results used),
#                      -DRESET (main stores 0 while the threads run),
#                      -DPOINTER -DFOREIGN (their addresses kept, and
#                      given to another unit's function): the worker
#                      fenced (-DPOINTER alone: no fence, no other
#                      unit's code runs)
#                      on the weak targets (x86-TSO needs none); the same
#                      with the counters members of a static struct
#                      (-DSTRUCT) or elements of a static array (-DARRAY)
#   cxx_counters.cc    the same with std::atomic members of a static
#                      struct (libstdc++'s fetch_add and load wrappers):
#                      no fence; PEEK, USED (both counters), RESET,
#                      POINTER -DFOREIGN fenced (POINTER alone: none)
#   slots_consts.c     one create per thread, each passing its own
#                      constant ((void *) 0, (void *) 1), partial[(long)
#                      arg]: no fence; -DSAME (both 0), -DLOOPED (a create
#                      in a loop), -DPEEK (main reads a slot while they
#                      run), -DNEIGHBOUR: the worker fenced on every target
#   slots_stats.c      per-thread statistics structs cleared by memset
#                      before the creates, stats[id] with id = (int)
#                      (intptr_t) arg, an unused &stats[id]: no fence;
#                      -DLATE (memset while a thread runs), -DKEEP (the
#                      array's address in a global), -DPEEK (main reads a
#                      slot while they run): the worker fenced everywhere
#   slots_ptr.c        the same through a pointer to the thread's slot
#                      (`me = &stats[a->id]; me->hits++`), main summing
#                      through pointers after the joins: no fence (also
#                      with -DPLUS, `me = stats + a->id`);
#                      -DNEIGHBOUR (me[1] too), -DHELPER (the pointer
#                      given to a counting helper), -DKEEP (stored in a
#                      global), -DPEEK (main reads a slot through a pointer
#                      while they run): fenced everywhere
#   slots_stride.c     work dealt out round-robin (`for (i = id; i < N; i +=
#                      NT) out[i] = ...`, id the thread's number): no
#                      fence; -DHALF (a stride of NT / 2), -DMORE (NT + 1
#                      threads): the worker fenced everywhere
#   once_init.c        a table written by a pthread_once (or call_once,
#                      -DC11) routine and read after the once call: no
#                      fence; -DWRITE (a thread writes it afterwards),
#                      -DEARLY (read before the once call), -DTWO (the
#                      routine on two controls), -DEXPORTED (another unit
#                      may call the routine): fenced on the weak targets
#                      (message passing; x86-TSO needs none)
#   cxx_call_once.cc   the same through std::call_once in std::threads:
#                      no fence; -DWRITE fenced on the weak targets
#   claims.c           threads take indices from an atomic counter and
#                      write out[i] from in[i]: no fence (also with a C11
#                      atomic_int, -DC11); -DNEXT (out[i + 1] too),
#                      -DRESET (a thread sets the counter back), -DTWO
#                      (two counters index out): the workers fenced on
#                      the weak targets (x86-TSO needs none: in[] is only
#                      read, and the arrays have words of their own,
#                      tbaa.cc); -DPEEK (main reads one element of out
#                      while they run): out is no longer private, but each
#                      of its elements has one writer (claims.cc,
#                      one-writer locations) and main's one read makes no
#                      cycle: no fence (the workers' 2+2W through out had
#                      one on the weak targets before 2026-11-29)
#   slots_helper.c     per-thread counters bumped by a helper that takes
#                      the thread's number as a parameter: no fence;
#                      -DNEIGHBOUR (the next thread's counter too),
#                      -DMAIN (main bumps one while the threads run),
#                      -DTWO (another routine bumps one): the helper
#                      (or the worker it is inlined into) fenced on
#                      every target
#   slots_helper_arg.c the same through the thread's argument struct, the
#                      helper reading `w->id`: no fence on x86, no full
#                      fence on Power and ARMv8 (the struct's fields keep
#                      message passing's lwsync / dmb ishld); -DSAME (every
#                      number 0), -DWRITE (a helper writes the number),
#                      -DMAIN (main bumps one): fenced
#   one_writer_mp.c    workers write their own slices of data[] and
#                      their own done[] flag, main polls and reads while
#                      they run: both arrays one-writer, message passing
#                      still fenced in worker and main on the weak targets
#   threads_argjoin.c  a join loop reading element i of the workers'
#                      array right after joining thread i: no fence;
#                      -DBEFORE, -DBEFORE1, -DOTHER, -DSWAP, -DAFTER (an
#                      element whose thread may run; AFTER: read right
#                      after its create): message passing fenced in the
#                      worker and in main on the weak targets (x86-TSO
#                      needs none); BEFORE1 reads data before done, and
#                      the join orders done before the next data: the
#                      worker's fence only (main's came from `w->done`
#                      meeting `data` until 2026-12-01)
#   threads_heap.c     workers counted at run time: handles and arguments
#                      in arrays the creator allocates (&ws[i].tid and
#                      &ws[i] of one calloc'd array, or -DSEPARATE arrays),
#                      each element read after its thread's join: no fence;
#                      -DDATA (the workers also read an input array through
#                      a pointer member: `int` reads that may touch the
#                      ids main writes while the first threads run): none
#                      (1 lwsync before); -DNEIGHBOUR, -DEARLY, -DOTHER,
#                      -DSELF, -DPARTIAL
#                      (an element touched while its thread may run):
#                      the worker fenced on every target
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs

# build TAG SOURCE [OPTIONS...]: $WMM_TMP/$T.TAG.s with the plugin and
# $T.TAG.0.s without; GOT and BASE: their fences (wmm_asm_pair)
build() { wmm_asm_pair "$1" "$P/$2" "${@:3}"; }
# none TAG SOURCE [OPTIONS...]: no fence beyond the program's own
none() { wmm_asm_none "$1" "$P/$2" "${@:3}"; }
# nofull TAG SOURCE [OPTIONS...]: no full fence ($FULL) beyond the
# program's own
nofull() {
  local tag=$1; build "$@" || return
  local got base
  got=$(grep -Ec "$FULL" "$WMM_TMP/$T.$tag.s"); base=$(grep -Ec "$FULL" "$WMM_TMP/$T.$tag.0.s")
  if [ "$got" = "$base" ]; then wmm_pass "$T.$tag: no full fence added ($GOT)"
  else wmm_fail "$T.$tag: $got full fences, $base without the plugin ($GOT)"; fi
}
# fenced TAG SOURCE 'ERE1 ERE2 ...' [OPTIONS...]: each ERE matches a
# function with a fence
fenced() {
  local tag=$1 src=$2 want=$3; shift 3
  build "$tag" "$src" "$@" || return
  local re missing=
  for re in $want; do
    grep -Eq "(^| )$re:" <<< "$GOT" || missing="$missing $re"
  done
  if [ -z "$missing" ]; then wmm_pass "$T.$tag: fenced ($GOT)"
  else wmm_fail "$T.$tag: no fence in$missing (got '$GOT')"; fi
}

# one_target: every program on the current target (wmm_each_target)
one_target() {
  command -v "${WMM_T_GCC/gcc/g++}" >/dev/null 2>&1 \
    || { echo "skipping $T: no ${WMM_T_GCC/gcc/g++}"; return; }
  none lambda cxx_lambda.cc
  # the two lambdas' operator () (inlined into their states' _M_run)
  RUN0='_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainEUlvE_EEEEE6_M_runEv'
  RUN1='_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainEUlvE0_EEEEE6_M_runEv'
  fenced lambda_ref cxx_lambda.cc "$RUN0 $RUN1" -DREF
  fenced lambda_ptr cxx_lambda.cc "$RUN0 $RUN1" -DPTR
  # the read of the other's flag is in std::max (or inlined into both)
  fenced lambda_max cxx_lambda.cc "(_ZSt3maxIiERKT_S2_S2_|$RUN0)" -DMAX
  # blocks of a static array captured by value (cxx_chunks.cc: size_t
  # bounds, which may wrap on armhf's 32-bit size_t)
  if [ $T = arm ]; then
    fenced chunks cxx_chunks.cc "$RUN0"
  else
    none chunks cxx_chunks.cc
  fi
  if [ $T = arm ]; then
    fenced chunks_VECTOR cxx_chunks.cc "$RUN0" -DVECTOR
  else
    none chunks_VECTOR cxx_chunks.cc -DVECTOR
  fi
  if [ $T != x86 ]; then
    fenced chunks_WIDE cxx_chunks.cc "$RUN0" -DWIDE
    fenced chunks_NEXT cxx_chunks.cc "$RUN0" -DNEXT
    fenced chunks_VECTOR_WIDE cxx_chunks.cc "$RUN0" -DVECTOR -DWIDE
    fenced chunks_VECTOR_NEXT cxx_chunks.cc "$RUN0" -DVECTOR -DNEXT
    fenced chunks_VECTOR_GROW cxx_chunks.cc "$RUN0" -DVECTOR -DGROW
  fi
  none blocking_queue cxx_blocking_queue.cc
  fenced blocking_queue_DETACH cxx_blocking_queue.cc 'main _ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainEUlvE_EEEEE6_M_runEv' -DDETACH
  none print_mp cxx_print_mp.cc
  fenced print_mp_CALLBACK cxx_print_mp.cc '_ZL8by_valuePKvS0_ _ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainEUlvE2_EEEEE6_M_runEv' -DCALLBACK
  none ret_param ret_param.c
  for v in GLOBAL OTHER; do
    fenced "ret_param_$v" ret_param.c 'P1 (P0|larger)' -D$v
  done
  none ret_lookup ret_param.c -DLOOKUP
  none ret_lookup_RET ret_param.c -DLOOKUP -DRET
  fenced ret_lookup_PUBLISH ret_param.c 'P0 P1' -DLOOKUP -DRET -DPUBLISH
  # per-thread state built by helpers with pointer parameters
  # (threadlocal.cc): private; the cache reachable by the other worker,
  # or a cell's address handed over in the ways private_escapes.c lists:
  # fenced
  none helpers private_helpers.c
  none helpers_WRAPPER private_helpers.c -DWRAPPER
  for v in LEAK COOKIE INSIDE KEEP MEMCPY "WRAPPER -DLEAK"; do
    fenced "helpers_${v// -D/_}" private_helpers.c worker -D$v
  done
  for v in "" PIPE UNION BOXCOPY BOXMEMCPY TWICE; do
    fenced "escapes${v:+_$v}" private_escapes.c 'P0 P1' ${v:+-D$v}
  done
  none omp_for omp_for.c -fopenmp
  none omp_for_PUBLIC omp_for.c -fopenmp -DPUBLIC
  for v in HAND NOWAIT SHIFT ORPHAN; do
    if [ $T = x86 ]; then none "omp_for_$v" omp_for.c -fopenmp -D$v
    else fenced "omp_for_$v" omp_for.c 'main\._omp_fn\.0' -fopenmp -D$v; fi
  done
  # the second loop reads a while another unit's thread may write it
  fenced omp_for_FOREIGN omp_for.c 'main\._omp_fn\.1' -fopenmp -DPUBLIC -DFOREIGN
  none omp_for_DYNAMIC omp_for.c -fopenmp -DDYNAMIC
  none omp_for_PHASES omp_for.c -fopenmp -DPHASES
  if [ $T = x86 ]; then none omp_for_DYNAMIC_SHIFT omp_for.c -fopenmp -DDYNAMIC -DSHIFT
  else fenced omp_for_DYNAMIC_SHIFT omp_for.c 'main\._omp_fn\.0' -fopenmp -DDYNAMIC -DSHIFT; fi
  for v in "" SAME PUBLIC; do
    none "omp_heap${v:+_$v}" omp_heap.c -fopenmp ${v:+-D$v}
  done
  for v in NEIGHBOUR ESCAPE "PUBLIC -DFOREIGN"; do
    fenced "omp_heap_${v##*-D}" omp_heap.c 'saxpy\._omp_fn\.0' -fopenmp -D$v
  done
  none omp_matrix omp_matrix.c -fopenmp
  fenced omp_matrix_INPLACE omp_matrix.c 'sweep_in_place\._omp_fn\.0' -fopenmp -DINPLACE
  fenced omp_matrix_GINPLACE omp_matrix.c 'main\._omp_fn\.[0-9]+' -fopenmp -DGINPLACE
  fenced omp_matrix_SAMEBUF omp_matrix.c 'main\._omp_fn\.3' -fopenmp -DSAMEBUF
  none omp_array_reduction omp_array_reduction.c -fopenmp
  fenced omp_array_reduction_SHARED omp_array_reduction.c 'main\._omp_fn\.0' -fopenmp -DSHARED
  none omp_nbody omp_nbody.c -fopenmp
  fenced omp_nbody_WRITEX omp_nbody.c 'forces\._omp_fn\.0' -fopenmp -DWRITEX
  none omp_blocks omp_blocks.c -fopenmp
  none omp_blocks_EVEN omp_blocks.c -fopenmp -DEVEN
  if [ $T != x86 ]; then
    for v in WIDE FIRST SHRINK AFTER; do
      fenced "omp_blocks_$v" omp_blocks.c 'main\._omp_fn\.0' -fopenmp -D$v
    done
  fi
  none omp_spmd omp_spmd.c -fopenmp
  fenced omp_spmd_NEXT omp_spmd.c 'main\._omp_fn\.0' -fopenmp -DNEXT
  [ $T = x86 ] || fenced omp_spmd_SHIFT omp_spmd.c 'main\._omp_fn\.2' -fopenmp -DSHIFT
  fenced omp_sections omp_sections.c 'main\._omp_fn\.0' -fopenmp
  none omp_critical omp_critical.c -fopenmp
  none omp_critical_NAMED omp_critical.c -fopenmp -DNAMED
  if [ $T = x86 ]; then none omp_critical_SPLIT omp_critical.c -fopenmp -DSPLIT
  else fenced omp_critical_SPLIT omp_critical.c '(consider|main\._omp_fn\.0)' -fopenmp -DSPLIT; fi
  fenced omp_critical_OUTSIDE omp_critical.c '(consider|main\._omp_fn\.0)' -fopenmp -DOUTSIDE
  none omp_locks omp_locks.c -fopenmp
  none omp_locks_NEST omp_locks.c -fopenmp -DNEST
  none omp_locks_TEST omp_locks.c -fopenmp -DTEST
  if [ $T = x86 ]; then none omp_locks_TWO omp_locks.c -fopenmp -DTWO
  else fenced omp_locks_TWO omp_locks.c '(consider|main\._omp_fn\.0)' -fopenmp -DTWO; fi
  fenced omp_locks_OUTSIDE omp_locks.c '(consider|main\._omp_fn\.0)' -fopenmp -DOUTSIDE
  none omp_histogram omp_histogram.c -fopenmp
  # a single region runs in one thread of its team (ompsingle.cc)
  none omp_single omp_single.c -fopenmp
  none omp_sections_own omp_sections_own.c -fopenmp
  fenced omp_sections_own_SB omp_sections_own.c 'main\._omp_fn\.0' -fopenmp -DSB
  fenced omp_single_NOWAIT omp_single.c 'main\._omp_fn\.0' -fopenmp -DNOWAIT
  # a single nowait body and a section run at once: store buffering
  # between them keeps its fences (no fence at all before 2026-12-07)
  fenced omp_single_section omp_single_section.c 'main\._omp_fn\.0' -fopenmp
  fenced omp_histogram_OUTSIDE omp_histogram.c 'main\._omp_fn\.1' -fopenmp -DOUTSIDE
  # task scheduling points are full fences; each level's a and b are
  # written by its own tasks only and read after its taskwait
  # (omptaskwait.cc): no fence on any target; read before the taskwait,
  # or handed on to tasks the taskwait does not wait for: fib keeps its
  # fences on the weak targets (the recursion's frames are one location
  # per local)
  none omp_tasks omp_tasks.c -fopenmp
  for v in EARLY HANDON; do
    if [ $T = x86 ]; then none "omp_tasks_$v" omp_tasks.c -fopenmp -D$v
    else fenced "omp_tasks_$v" omp_tasks.c 'fib(\.part\.[0-9]+)?' -fopenmp -D$v; fi
  done
  fenced omp_tasks_RACE omp_tasks.c 'main\._omp_fn\.1 main\._omp_fn\.2' -fopenmp -DRACE
  # barrier rounds: the stencil keeps only its in-phase writes' fences
  # (none on x86); a race inside one round stays fenced
  if [ $T = x86 ]; then none barrier_rounds barrier_rounds.c; fi
  fenced barrier_rounds_SAMEROUND barrier_rounds.c work -DSAMEROUND
  # a pool calling the function pointers of its tasks (field hooks,
  # publication into main's pool): no fence, the task type from the
  # program's header too (no other unit's code runs); a task shown to
  # another unit's function keeps the worker's fences on the weak targets
  none pool_fnptr pool_fnptr.c
  none pool_fnptr_HEADER pool_fnptr.c -DHEADER
  if [ $T != x86 ]; then
    fenced pool_fnptr_HEADER_EXTERNAL pool_fnptr.c pool_worker -DHEADER -DEXTERNAL
  fi
  none slices_block slices_block.c
  none slices_block_END slices_block.c -DEND
  none slices_block_REST slices_block.c -DREST
  none slices_block_INTDIV slices_block.c -DINTDIV
  if [ $T != x86 ]; then
    for v in OVERLAP SAME NEIGHBOUR STEP REST_EARLY REST_NE INTDIV_WIDE; do
      fenced "slices_block_$v" slices_block.c add -D$v
    done
  fi
  none slices_members slices_members.c
  none slices_members_PLUS slices_members.c -DPLUS
  if [ $T != x86 ]; then
    for v in OVERLAP SHARED LATER NEIGHBOUR; do
      fenced "slices_members_$v" slices_members.c add -D$v
    done
  fi
  none slices_tutorial slices_tutorial.c
  none slices_tutorial_CLAMP slices_tutorial.c -DCLAMP
  none slices_tutorial_HEAP slices_tutorial.c -DHEAP
  if [ $T != x86 ]; then
    for v in FIRST_REST CLAMP_WIDE HEAP_ONCE HEAP_OVERLAP; do
      fenced "slices_tutorial_$v" slices_tutorial.c work -D$v
    done
  fi
  none slices_rows slices_rows.c
  none slices_rows_MEMBERS slices_rows.c -DMEMBERS
  if [ $T != x86 ]; then
    for v in WIDE NEXT; do
      fenced "slices_rows_$v" slices_rows.c mul -D$v
      fenced "slices_rows_MEMBERS_$v" slices_rows.c mul -DMEMBERS -D$v
    done
  fi
  none slices_runtime slices_runtime.c
  for v in CHUNK HEAP; do none "slices_runtime_$v" slices_runtime.c -D$v; done
  none slices_runtime_MEMBERS slices_runtime.c -DMEMBERS
  none slices_runtime_MEMBERS_HEAP slices_runtime.c -DMEMBERS -DHEAP
  if [ $T != x86 ]; then
    for v in WIDE MORE CHANGE LATE; do
      fenced "slices_runtime_$v" slices_runtime.c work -D$v
      fenced "slices_runtime_MEMBERS_$v" slices_runtime.c work -DMEMBERS -D$v
    done
  fi
  # (armhf's size_t has 32 bits: `(size_t) N * t` may wrap there, so
  # the worker keeps its fence)
  if [ $T = arm ]; then
    fenced slices_unsigned slices_unsigned.c work
    fenced slices_unsigned_INT slices_unsigned.c work -DINT
  else
    none slices_unsigned slices_unsigned.c
    none slices_unsigned_INT slices_unsigned.c -DINT
    none slices_unsigned_LOCAL slices_unsigned.c -DLOCAL -DINT
  fi
  if [ $T != x86 ]; then
    for v in WIDE NARROW WIDENED; do
      fenced "slices_unsigned_$v" slices_unsigned.c work -D$v
    done
  fi
  none heap_rows heap_rows.c
  if [ $T != x86 ]; then
    for v in ALIAS MOVE FREE_EARLY ESCAPE NEXT; do
      fenced "heap_rows_$v" heap_rows.c mul -D$v
    done
    fenced heap_rows_PASS heap_rows.c put -DPASS
  fi
  none slices_fresh_row slices_fresh_row.c
  if [ $T = x86 ]; then
    none slices_fresh_row_ONCE slices_fresh_row.c -DONCE
  else
    for v in ONCE HALF NEXT; do
      fenced "slices_fresh_row_$v" slices_fresh_row.c mult_row -D$v
    done
  fi
  # a std::thread's number as its routine's argument
  none cxx_thread_ids cxx_thread_ids.cc
  none cxx_thread_ids_ARRAY cxx_thread_ids.cc -DARRAY
  fenced cxx_thread_ids_NEXT cxx_thread_ids.cc _Z6workeri -DNEXT
  # (one slot per run of a worker, however often its loop runs: two
  # workers on one slot, or main reading one, make no cycle)
  for v in STALL PEEK; do
    none "cxx_thread_ids_$v" cxx_thread_ids.cc -D$v
  done
  # ... captured by a lambda (its operator () inlined into the state's
  # _M_run)
  none cxx_thread_ids_LAMBDA cxx_thread_ids.cc -DLAMBDA
  RUNL='_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainEUlvE_EEEEE6_M_runEv'
  for v in NEXT BYREF; do
    fenced "cxx_thread_ids_LAMBDA_$v" cxx_thread_ids.cc "($RUNL|_ZZ4mainENKUlvE_clEv)" -DLAMBDA -D$v
  done
  none cxx_thread_ids_LAMBDA_PEEK cxx_thread_ids.cc -DLAMBDA -DPEEK
  # ... std::jthreads (their stop state's futex is no other unit's code)
  none cxx_thread_ids_JTHREAD cxx_thread_ids.cc -std=c++20 -DJTHREAD
  none cxx_thread_ids_JTHREAD_PEEK cxx_thread_ids.cc -std=c++20 -DJTHREAD -DPEEK
  # ... two threads numbered by constants
  none cxx_thread_ids_PAIR cxx_thread_ids.cc -DPAIR
  for v in SAME PEEK; do
    none "cxx_thread_ids_PAIR_$v" cxx_thread_ids.cc -DPAIR -D$v
  done
  none claims claims.c
  none claims_C11 claims.c -DC11
  for v in NEXT RESET TWO; do
    if [ $T = x86 ]; then none "claims_$v" claims.c -D$v
    else fenced "claims_$v" claims.c worker -D$v; fi
  done
  none claims_PEEK claims.c -DPEEK
  # the thread's number through a helper's parameter
  none slots_helper slots_helper.c
  # (GCC inlines the helper where it sees fit: the fence is in it or in
  # the threads that call it)
  for v in NEIGHBOUR MAIN TWO; do
    fenced "slots_helper_$v" slots_helper.c '(bump|worker)' -D$v
  done
  # (on the weak targets the argument struct's fields keep message
  # passing's lighter fences: main writes the next element while a thread
  # runs; the counters' store buffering would need full ones)
  if [ $T = x86 ]; then none slots_helper_arg slots_helper_arg.c
  elif [ $T != arm ]; then nofull slots_helper_arg slots_helper_arg.c; fi
  for v in SAME WRITE MAIN; do
    fenced "slots_helper_arg_$v" slots_helper_arg.c '(bump|worker)' -D$v
  done
  # one writer per element, but message passing from a worker's slice to
  # main (reads from, from-reads) keeps its fences
  if [ $T = x86 ]; then none one_writer_mp one_writer_mp.c
  else fenced one_writer_mp one_writer_mp.c "worker main"; fi
  none slots slots.c
  none slots_AFTER slots.c -DAFTER
  fenced slots_NEIGHBOUR slots.c worker -DNEIGHBOUR
  # (one slot per run of a worker: main reading slot i before the join or
  # slot i + 1 makes no cycle; all workers on slot 0 make a WRC through
  # rows, which x86-TSO keeps)
  for v in BEFORE OTHER; do
    none "slots_$v" slots.c -D$v
  done
  if [ $T = x86 ]; then none slots_SAME slots.c -DSAME
  else fenced slots_SAME slots.c worker -DSAME; fi
  none threads_info threads_info.c
  none threads_info_BUCKETS threads_info.c -DBUCKETS
  fenced threads_info_BUCKETS_MAINWRITE threads_info.c worker -DBUCKETS -DMAINWRITE
  none threads_info_SELF threads_info.c -DSELF
  # (fenced on the weak targets until the address keys: the worker's
  # reads of its number through its argument were taken for reads of two
  # structs' numbers, message passing with main's writes)
  none threads_info_MAINWRITE threads_info.c -DMAINWRITE
  none slots_narrow slots_narrow.c
  # (two workers on one slot: only the rows' 2+2W, which x86-TSO keeps)
  for v in SMALL HANDLES; do
    if [ $T = x86 ]; then none "slots_narrow_$v" slots_narrow.c -D$v
    else fenced "slots_narrow_$v" slots_narrow.c worker -D$v; fi
  done
  none slots_member slots_member.c
  for v in LATE WRITE SHARED MAINWRITE NEIGHBOUR; do
    fenced "slots_member_$v" slots_member.c worker -D$v
  done
  none slots_member_CONST slots_member.c -DCONST
  none slots_ids slots_ids.c
  for v in LATE WRITE SHARED MAINWRITE NEIGHBOUR; do
    fenced "slots_ids_$v" slots_ids.c worker -D$v
  done
  none slots_ids_CONST slots_ids.c -DCONST
  # ranges main fills into arrays indexed by the thread's number just
  # before each create (claims_params.c): no fence; written after the
  # create, or a thread reading the next one's range: fenced on the weak
  # targets (message passing, which x86-TSO keeps)
  none claims_params claims_params.c
  none claims_params_STRUCT claims_params.c -DSTRUCT
  for v in LATE NEIGHBOUR; do
    if [ $T = x86 ]; then none "claims_params_$v" claims_params.c -D$v
    else fenced "claims_params_$v" claims_params.c work -D$v; fi
  done
  none slots_ids_EXPORTED slots_ids.c -DEXPORTED
  fenced slots_ids_FOREIGN slots_ids.c worker -DEXPORTED -DFOREIGN
  for parts in "" STRUCT ARRAY; do
    none counters_blind$parts counters_blind.c ${parts:+-D$parts}
    none "counters_blind${parts}_POINTER" counters_blind.c -DPOINTER ${parts:+-D$parts}
    for v in PEEK USED RESET "POINTER -DFOREIGN"; do
      if [ $T = x86 ]; then
        none "counters_blind${parts}_${v##*-D}" counters_blind.c -D$v ${parts:+-D$parts}
      else
        fenced "counters_blind${parts}_${v##*-D}" counters_blind.c worker -D$v ${parts:+-D$parts}
      fi
    done
  done
  none cxx_counters cxx_counters.cc
  none cxx_counters_POINTER cxx_counters.cc -DPOINTER
  for v in PEEK USED RESET "POINTER -DFOREIGN"; do
    if [ $T = x86 ]; then none "cxx_counters_${v##*-D}" cxx_counters.cc -D$v
    else fenced "cxx_counters_${v##*-D}" cxx_counters.cc '_ZL5servei' -D$v; fi
  done
  none slots_consts slots_consts.c
  for v in SAME LOOPED PEEK NEIGHBOUR; do
    fenced "slots_consts_$v" slots_consts.c worker -D$v
  done
  none slots_stats slots_stats.c
  for v in LATE KEEP PEEK; do
    fenced "slots_stats_$v" slots_stats.c worker -D$v
  done
  none slots_ptr slots_ptr.c
  none slots_ptr_PLUS slots_ptr.c -DPLUS
  fenced slots_ptr_PLUS_NEIGHBOUR slots_ptr.c worker -DPLUS -DNEIGHBOUR
  for v in NEIGHBOUR KEEP PEEK; do
    fenced "slots_ptr_$v" slots_ptr.c worker -D$v
  done
  fenced slots_ptr_HELPER slots_ptr.c '(worker|count)' -DHELPER
  none slots_stride slots_stride.c
  for v in HALF MORE; do
    fenced "slots_stride_$v" slots_stride.c scale -D$v
  done
  none once once_init.c
  none once_C11 once_init.c -DC11
  none cxx_call_once cxx_call_once.cc
  if [ $T = x86 ]; then none cxx_call_once_WRITE cxx_call_once.cc -DWRITE
  else fenced cxx_call_once_WRITE cxx_call_once.cc '_ZL6workeri' -DWRITE; fi
  for v in WRITE EARLY TWO EXPORTED; do
    if [ $T = x86 ]; then none "once_$v" once_init.c -D$v
    else fenced "once_$v" once_init.c 'init_table worker' -D$v; fi
  done
  none argjoin threads_argjoin.c
  none threads_heap threads_heap.c
  none threads_heap_SEPARATE threads_heap.c -DSEPARATE
  none threads_heap_DATA threads_heap.c -DDATA
  fenced threads_heap_DATA_EARLY threads_heap.c run -DDATA -DEARLY
  for v in NEIGHBOUR EARLY OTHER SELF PARTIAL; do
    fenced "threads_heap_$v" threads_heap.c run -D$v
  done
  for v in BEFORE OTHER SWAP AFTER; do
    if [ $T = x86 ]; then none "argjoin_$v" threads_argjoin.c -D$v
    else fenced "argjoin_$v" threads_argjoin.c 'worker main' -D$v; fi
  done
  if [ $T = x86 ]; then none argjoin_BEFORE1 threads_argjoin.c -DBEFORE1
  else fenced argjoin_BEFORE1 threads_argjoin.c worker -DBEFORE1; fi
}
wmm_each_target one_target
