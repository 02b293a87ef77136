/* handles.h — thread handles and create/join loops (handles.cc), shared by
 * region.cc.  Example: `pthread_create (&t[1], ...)` -> {WMM_H_DECL, t,
 * off = 64, size = 64}; `pthread_join (v_3, 0)` with `v_3 = launch (...)`
 * -> {WMM_H_VALUE, v_3}. */
#ifndef WMMFENCE_HANDLES_H
#define WMMFENCE_HANDLES_H

enum wmm_handle_kind {
  WMM_H_NONE = 0,
  WMM_H_DECL,     /* in declaration `base` (a local, a global, a -O0 param) */
  WMM_H_PTR,      /* in the memory pointer `base` points to (an SSA name,
                     or at -O0 the plain local holding the pointer) */
  WMM_H_VALUE     /* the handle value itself: SSA name `base` */
};

struct wmm_handle {
  wmm_handle_kind kind;
  tree base;
  HOST_WIDE_INT off;    /* bits from base; -1 = variable */
  HOST_WIDE_INT size;   /* bits; -1 = unknown */
  tree ref;             /* the reference, when one was analysed */
  tree index;           /* its one variable (SSA) array index, or NULL */
  HOST_WIDE_INT stride; /* off -1, `A[i].F` or `A[i]`: the element's bits
                           (0: not such a reference) */
  HOST_WIDE_INT in_lo, in_hi;  /* ... and F's bits within the element */
  HOST_WIDE_INT arr_lo, arr_hi;  /* off -1: the bits of base the whole
                           array covers (`s.t[i]`: s.t's), arr_hi 0 when
                           not known */
  bool heap;            /* `P[i].F` / `P[i]` through a pointer P (a heap
                           array): base is P's root, stride the element */
  bool indirect;        /* the place holds a pointer, and the handle is
                           ind_off bits into what it points to (`jobs[i]
                           = launch (...)`, `finish (jobs[i])` with each
                           job a fresh object holding its handle) */
  HOST_WIDE_INT ind_off;
  tree via;             /* heap: the array's pointer is member `via` of
                           the object base points to, written once in the
                           unit (`p->threads = calloc (n, ...)`,
                           `p->threads[i]`); NULL: base is the array's
                           own pointer */
};

/* A counting loop: idx runs init, init+1, ... while idx < bound + adj
 * (`!=` when ne); `stay` is the header's successor inside the loop. */
struct wmm_iv_range {
  class loop *loop;
  tree phi;
  HOST_WIDE_INT init;
  tree bound;           /* an INTEGER_CST or an SSA name: defined outside,
                           or a load in the header (each test reads it) */
  tree bound_ref;       /* the fixed reference the bound is loaded from
                           (`i < cfg.n`), or NULL */
  int adj;
  bool ne;
  basic_block stay;
};

/* Where the object `ref` / the object `addr` points to / the value `v`
 * (a join's argument: loaded from a handle, or a value) is. */
bool wmm_handle_of_ref (tree ref, wmm_handle *h);
/* The bits [*lo, *hi) member `field` covers in its record, when constant. */
bool wmm_field_bits (tree field, HOST_WIDE_INT *lo, HOST_WIDE_INT *hi);
bool wmm_handle_of_addr (tree addr, wmm_handle *h);
bool wmm_handle_of_value (tree v, wmm_handle *h);
/* Is pointer q element `*index` of the array pointer *root points to
 * (`q = root + (sizetype) i * C`), *stride = C bytes? */
bool wmm_heap_element (tree q, tree *root, tree *index, HOST_WIDE_INT *stride);
/* The pointer (or -O0 local variable) p is copied from, plus *bytes. */
tree wmm_pointer_root (tree p, HOST_WIDE_INT *bytes);
/* The same fixed handle / possibly the same memory. */
bool wmm_same_handle (const wmm_handle *a, const wmm_handle *b);
bool wmm_handles_overlap (const wmm_handle *a, const wmm_handle *b);
/* A create into an array indexed by its loop's counter, run at most once
 * per iteration (needs dominators). */
bool wmm_create_loop (gimple *create, const wmm_handle *h, wmm_iv_range *r);
/* Is idx loop's counter (a constant from outside, idx + 1 round the
 * loop) that the header's test keeps running while idx < limit (r)?
 * Needs cfun to be the loop's function. */
bool wmm_loop_iv (class loop *loop, tree idx, wmm_iv_range *r);
/* A join of an array element indexed by its loop's counter, run in every
 * iteration of a loop that leaves only through its test. */
bool wmm_join_loop (gimple *join, const wmm_handle *h, wmm_iv_range *r);
/* The address a pointer holds, through copies (`&ts[1]`) and std::array's
 * operator[] (`&ts._M_elems[1]`), or the pointer itself. */
tree wmm_object_address (tree a);
/* Member `field` of the object address `addr` points to (wmm_object_address:
 * `&ts[i]` -> `ts[i].field`, a pointer p -> `p->field`), when that object
 * is of field's record type; else NULL. */
tree wmm_member_at (tree addr, tree field);
/* A std::array<std::thread, N> type's `_M_elems` member, or NULL. */
tree wmm_std_array_elems (tree t);
/* Does the join loop (handle h, range j) join every element of a local
 * array of handles, A[i] for i from 0 to the array's length? */
bool wmm_joins_whole_array (const wmm_handle *h, const wmm_iv_range *j);
/* Does the join loop join every element the create loop created into?
 * Bounds loaded from one reference match when no statement of the unit
 * can change it between the loops (in the current function, `cfun`:
 * dominators needed). */
bool wmm_joins_every (const wmm_handle *ch, const wmm_iv_range *c,
                      const wmm_handle *jh, const wmm_iv_range *j);

/* The blocks a path from `from` reaches, `from` included, into out. */
void wmm_blocks_from (basic_block from, bitmap out);
/* Is member `field` (of no union) written by one store of the unit, a
 * COMPONENT_REF naming it (in `fn`, in a block no path from `loop`'s
 * header reaches, when fn is given), never through its address or
 * through an access of a type that may alias it, and by no library call
 * but the synchronising ones (their own objects) and those libfns.cc
 * says write only arguments of other types (and, with indirect_ok, no
 * indirect call but those the caller's assumption covers)?  (A pool's
 * count `p->nthreads`: region.cc.) */
bool wmm_member_written_once (tree field, function *fn, class loop *loop,
                              bool indirect_ok = false);
/* The object ref is part of and its bits [*pos, *pos + *size), when no
 * variable offset is involved; else NULL. */
tree wmm_ref_bits (tree ref, HOST_WIDE_INT *pos, HOST_WIDE_INT *size);
/* Is `bb` on a cycle of its function's CFG (with `loop`: a cycle inside
 * loop that does not pass through its header, an inner loop, irreducible
 * or not)? */
bool wmm_bb_on_cycle (basic_block bb, class loop *loop);
/* Does statement a run before statement b (a != b) on every path from
 * the entry of their function: earlier in one block, or in a block that
 * dominates b's (dominators computed)? */
bool wmm_runs_before (gimple *a, gimple *b);

/* Is `ref` (index ri) inside the array element `elem` (index ei) when
 * ri == ei: `w[j].sum` in `w[i]`? */
bool wmm_same_element (tree elem, tree ei, tree ref, tree ri);

/* Does the join loop join the fixed element ch of its array (`t[1]`
 * created, `for (i = 0; i < 2; i++) join (t[i])`)? */
bool wmm_joins_element (const wmm_handle *ch, const wmm_handle *jh,
                        const wmm_iv_range *j);
/* `for (auto &t : arr) t.join ();` over a C array: the join runs in every
 * iteration of a loop whose pointer goes from &arr in steps of one
 * element to its end, the loop's only exit; *arr, *loop. */
bool wmm_array_join_loop (gimple *join, tree *arr, class loop **loop);

/* A thread added to a local std::vector<std::thread> (emplace_back,
 * push_back) that is only ever given to members that keep its threads
 * (handle: {DECL vec, variable offset}). */
bool wmm_vector_create (gimple *stmt, wmm_handle *h);
/* Is stmt a push (emplace_back, push_back) of a std::vector<std::thread>
 * (a local one or not)? */
bool wmm_thread_vector_push (gimple *stmt);
/* The local std::vector<std::thread> whose element addr (the result of
 * its operator[]) is, when the function hands the vector only to members
 * that keep its threads and its elements only to a move into them, join,
 * joinable and get_id; else NULL. */
tree wmm_thread_vector_element (tree addr);
/* `std::for_each (v.begin (), v.end (), std::mem_fn (&std::thread::join))`
 * on a local vector of the current function that vector_kept: the
 * vector (stmt joins every thread it holds, or throws); else NULL. */
tree wmm_thread_vector_for_each_join (gimple *stmt);
/* `futs.push_back (std::async (...))`: call stmt (std::async) returns
 * into a temporary whose only uses are one push of a local
 * std::vector<std::future<T>> right after it (T a builtin type) and the
 * temporary's destructor; h: the vector's group handle ({DECL vec,
 * variable offset}), which a loop of get () or wait () over it ends. */
bool wmm_future_pushed (gimple *stmt, wmm_handle *h);
/* `for (auto &t : vec) t.join ();` (or `f.get ()` / `f.wait ()` over a
 * vector of futures): the join runs in every iteration of a loop over the
 * vector from begin () to end (), with one ++ after it and no other exit;
 * *vec, *loop: the vector and the loop. */
bool wmm_vector_join_loop (gimple *join, tree *vec, class loop **loop);

/* Is member f a std::vector<std::thread> that every function of the unit
 * only gives to members that keep its threads (its address only the
 * first argument of the vector's constructor, begin, end, size, reserve,
 * pushes and destructor), with no copy of a whole object that holds it?
 * Then its pushes are a group held in the object, and a loop joining it
 * whole ends them (`this->workers` of a C++ pool class). */
bool wmm_member_vector_kept (tree f);
/* Forget the answers (a new unit): the member vectors' and the pointer
 * members' of wmm_via_member_once. */
void wmm_member_vectors_reset (void);
/* wmm_member_written_once (field, NULL, NULL, true) with what a
 * malloc-like call returned, remembered per unit:
 * an indirect call may only reach the unit's functions (whose stores are
 * counted) or code outside it, which, as for the handles themselves, is
 * assumed not to overwrite a pool's array pointer (docs/plugin.md). */
bool wmm_via_member_once (tree field);

/* A call of the destructor of a local std::vector of std::thread or
 * std::jthread: the vector (each element's destructor: a jthread's joins,
 * *joins true; a std::thread's terminates the program when its thread
 * was neither joined nor detached), else NULL. */
tree wmm_thread_vector_end (gimple *stmt, bool *joins);
/* Is mangled name `a` a member of std::vector<std::thread> or of its
 * iterators (they keep the threads in the vector)? */
bool wmm_std_thread_vector_fn (const char *a);

#endif
