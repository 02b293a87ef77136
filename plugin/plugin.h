/* plugin.h — what the parts of the plugin share: the collected program (the
 * core's IR plus, per IR instruction, where it came from in GIMPLE), and the
 * entry points of each part.
 *
 * Flow (wmmfence.cc runs it once per translation unit):
 *   wmm_find_entries   thread entries, instances, functions that create threads
 *   wmm_collect        GIMPLE -> wmm_program + sites (collect.cc, memloc.cc)
 *   wmm_dump_ir        optional text dump of the IR (dump.cc)
 *   wmm_place          the core's placement (or the debug marks)
 *   wmm_report_*       notes / warnings / JSON (report.cc)
 *   wmm_emit           fences and volatile accesses into GIMPLE (emit.cc)
 *
 * Example: a store `x = 1;` in function P0 becomes IR instruction
 *   {op = WMM_OP_STORE, addr.loc_hint = loc("x")} of code unit "P0" and the
 *   site {kind = WMM_SITE_STMT, stmt = the GIMPLE assign, operand = 0}.
 */
#ifndef WMMFENCE_PLUGIN_H
#define WMMFENCE_PLUGIN_H

#include "gcc-compat.h"
#include "options.h"
#include "placement/placement.h"
#include "strbuf.h"

/* Where an IR instruction came from. */
enum wmm_site_kind {
  WMM_SITE_STMT = 0,   /* produced by statement `stmt` */
  WMM_SITE_BB_END,     /* control-flow glue at the end of block `bb` */
  WMM_SITE_EDGE        /* glue standing for edge `e` (the last JUMP of a
                          two-way block) */
};

/* The size of a trailing array member's bits (`p->data[i]`, data the
 * last member: its elements may run past *p). */
const HOST_WIDE_INT WMM_BITS_TO_END = (HOST_WIDE_INT) 1 << 40;

/* What an access may touch by C's aliasing rules (tbaa.cc), from GCC's
 * alias sets of its reference: ref for the accessed object (p->f: f's
 * type; 0 = any type), base for the object a member access through a
 * pointer goes into (p->f: *p's type; 0 = not such an access) and that
 * object's size in bits (0 = unknown or a union). */
struct wmm_tbaa {
  alias_set_type ref;
  alias_set_type base;
  HOST_WIDE_INT base_bits;
  tree object;         /* the declared object the reference is part of
                          (`buffer` for buffer[i]), or NULL */
  HOST_WIDE_INT field_bits, field_size;  /* p->f: f's bits within *p
                                            (field_size 0: not known;
                                            WMM_BITS_TO_END: a trailing
                                            array's, to *p's end and on) */
  int args;            /* *p, p->f with p a parameter: 1 + the index of
                          what every call's argument makes of it
                          (wmm_tbaa_param_args); 0: no such list */
  tree base_type;      /* p->f: *p's struct type (main variant), or NULL */
  HOST_WIDE_INT obj_bits, obj_size;  /* the bits of `object` the reference
                          may touch (s.buf[i]: all of member buf, which
                          indexing cannot leave: C 6.5.6); obj_size 0:
                          not known */
  int targets;         /* 1 + the target set of the pointer the access goes
                          through (wmm_threadlocal_targets); 0: not known */
  HOST_WIDE_INT path_bits;  /* p->f: f's bits within the base_type object
                          (field_bits less the MEM_REF's offset); valid
                          when path_known */
  bool path_known;
  tree elem_type;      /* object[i].f (or .f.g, .f[j]): the record type of
                          the elements of the array indexed nearest the
                          object, or NULL */
  HOST_WIDE_INT elem_bits, elem_size;  /* f's bits within the element */
};

/* Is type t, or an element or member of it (nested; with pointers, also
 * what a pointer in it points to: a value of type t leads to a rec), the
 * record rec?  (handles.cc) */
bool wmm_type_holds (tree t, tree rec, bool pointers = false);

/* Is the reference a member of *p at known bits (p->f, c->name[0])? */
static inline bool
wmm_tbaa_member (const wmm_tbaa &a)
{
  return a.base > 0 && a.field_size > 0;
}

/* A class of typed anonymous words (collect.cc, tbaa.cc): heap memory
 * accessed with alias set `ref`, and when known as a member of *p (`base`
 * the alias set of *p, nonzero) at bits [bits, bits + size); `site`
 * nonzero: only the objects of one heap region (1 + its representative
 * object, wmm_threadlocal_heap_region), else any heap memory.  A class of
 * alias set 0 (char) that is no member has a site: its region's words of
 * any type. */
struct wmm_anon_class {
  alias_set_type ref, base;
  HOST_WIDE_INT bits, size;
  int site;
};

/* The class of words an access of alias sets `a` names, its site aside. */
static inline wmm_anon_class
wmm_anon_class_of (const wmm_tbaa &a)
{
  wmm_anon_class k = { a.ref, 0, 0, 0, 0 };
  if (wmm_tbaa_member (a))
    {
      k.base = a.base;
      k.bits = a.field_bits;
      k.size = a.field_size;
    }
  return k;
}

static inline bool
wmm_same_anon_class (const wmm_anon_class &x, const wmm_anon_class &y)
{
  return x.ref == y.ref && x.base == y.base && x.bits == y.bits
         && x.size == y.size && x.site == y.site;
}

const unsigned WMM_SITE_ORDERS = 6;
struct wmm_site {
  wmm_site_kind kind;
  gimple *stmt;
  basic_block bb;
  edge e;
  int first, last;     /* IR indices of the statement's group */
  int operand;         /* assign accesses: 0 = lhs (store), 1 = rhs1 (load);
                          -1 = not an assign operand */
  char *name;          /* what is accessed, for reports ("x", "s.f", "a[]") */
  location_t loc;
  bool summary;        /* the stand-in access of an unknown call */
  bool alternatives;   /* the group is a choice between accesses (one
                          per element of a small array) */
  wmm_tbaa tbaa;       /* accesses: GCC alias sets of the reference
                          (tbaa.cc); zero = may touch any type */
  unsigned long long held;   /* locks held here (bits of lock_ids) */
  function *fn;        /* the function of stmt/bb when it is not the
                          unit's: a callee collected for one call site */
  gimple *call;        /* then the unit's own call it was collected for
                          (the outermost), and how deep below it */
  int call_depth;
  gimple *via;         /* and the call its function was collected for (the
                          innermost) */
  tree cas_object;     /* a compare-exchange's read or failure write of
                          *expected: its pointer in the function that
                          hands it down (through the calls collected, each
                          returning the exchange's success), or NULL */
  unsigned char order[WMM_SITE_ORDERS];  /* an atomic builtin's memory
                          order argument k as its code's call sites give it
                          (collect.cc site_context), when bit k of
                          order_set */
  unsigned char order_set;
  tree result;         /* an atomic builtin's result where the calls its
                          code is collected for only return it: the
                          outermost such call's (collect.cc site_context),
                          or NULL */
  function *result_fn; /* and that call's function */
  gimple *cas_call;    /* then the call of that function whose result is
                          the exchange's success (the exchange itself in
                          its own function) */
  tree ptr;            /* a library call's access of what its pointer
                          argument reaches (memcpy & co): that argument */
};

/* A function of the unit that is a code unit of the program. */
struct wmm_unit {
  cgraph_node *node;
  tree decl;
  function *fn;
  int thread;          /* index in prog->threads */
  bool entry;
  int instances;
  bool region;         /* only code between thread creation and the last
                          join is concurrent (main) */
  bool create_only;    /* an entry only as the start routine of creates of
                          the unit, never called directly (private.cc) */
  vec<wmm_site> sites; /* one per IR instruction */
};

/* Everything the pass knows about the unit. */
/* addrkey.cc: a key of thread `thread` whose form names known locations
 * (wmm_form_loads): it holds only while none of them is written. */
struct wmm_pinned_key
{
  int thread, key;
  int pins[8];
  int npins;
};

struct wmm_unitinfo {
  wmm_plugin_options *opts;
  wmm_model model;
  wmm_program *prog;
  vec<wmm_unit> units;
  vec<char *> notes;   /* things the report must say (fallbacks taken) */
  bool concurrent;     /* some code may run in parallel with other code */
  bool lto_prepare;    /* compile step of -flto: every function is a code
                          unit (an entry with several instances) and no
                          fence is placed (lto.cc) */
  bool at_O0;          /* every function is compiled without optimisation
                          (a variable memory order then stays one: GCC
                          expands seq_cst; atomics.cc) */
  hash_set<tree> *creators;  /* functions that (transitively) start threads */
  hash_set<gimple *> *starters;  /* calls after which threads may run that
                                    no join of the caller can end */
  hash_set<gimple *> *join_tails;  /* region.cc: statements no thread
                                    runs beside: a helper's after every
                                    thread has been joined or before its
                                    first create, a constructor's
                                    exception cleanup of its members, and
                                    functions only such statements call */
  hash_map<gimple *, vec<tree> > *resolved_calls;  /* entries.cc: indirect
                                    calls with every function they may call
                                    (trampolines, trampoline.cc) */
  int foreign_callable; /* collect.cc: -1 not yet known; 1 when the unit
                           takes the address of a function it cannot
                           read (std::thread may run it: its indirect
                           call stays an unknown access) */
  bool lock_calls;     /* collect.cc: a lock, unlock or semaphore call was
                          collected (a synchronising library call) */
  bool escapes;        /* some function's address escapes to code the unit
                          cannot see: unknown callees may start threads */
  hash_map<tree, bool> *fn_escapes;  /* entries.cc: each unit function
                                        examined -> its address escapes to
                                        code the unit cannot see (which
                                        may call it back) */
  vec<std::pair<tree, HOST_WIDE_INT> > lock_ids;  /* lock objects */
  struct wmm_lock_facts *lock_facts;  /* locks.cc: summaries, entry sets */
  hash_map<tree, int> *unit_index;   /* function -> index in units */
  char *check_json;    /* check.cc: the report's "check" object, or NULL */
  char *check_record;  /* check.cc: the record's check lines, or NULL */
  char *goal_json;     /* cegar.cc: goal=assertions' members of "check"
                          ("goal", "iterations", "sc_cost", ...), or NULL */
  /* cegar.cc: which critical cycles the placement must break (NULL: all;
     wmm_place_opts.want_cycle) */
  int (*want_cycle) (const wmm_cycle *cycle, void *arg);
  void *want_cycle_arg;
  /* collect.cc: the typed anonymous words (heap memory by type, tbaa.cc):
     the alias set of each class, and each word's (location, alias set) */
  vec<wmm_anon_class> anon_classes;
  vec<std::pair<int, int> > anon_typed;   /* (location, class) */
  vec<struct wmm_pinned_key> pinned_keys; /* keys naming known locations
                                             (addrkey.cc) */
};

/* entries.cc: find thread entries and the code units; false = nothing
 * can run concurrently (no analysis needed). */
bool wmm_find_entries (wmm_unitinfo *u);
/* entries.cc: the variable reference t names as a whole: `v`, or
 * `MEM[&v]` (how -flto's link step reads a variable of another unit, and
 * the compile step's volatile accesses, ltomark.cc), or NULL. */
tree wmm_whole_variable (tree t);
/* entries.cc: does function fndecl run at most once while the program
 * runs (main, or a static function called from one place, outside loops,
 * in one that does; as of the last wmm_find_entries)? */
bool wmm_runs_once (tree fndecl);
/* The unit of a function, or -1. */
int wmm_unit_of (const wmm_unitinfo *u, tree decl);
/* The function an alias stands for (a C++ complete-object constructor or
 * destructor is often one of the base-object body); decl otherwise. */
tree wmm_alias_target (tree decl);
/* The destructor call stmt registers for an object of static storage
 * duration (__cxa_atexit, ARM's __aeabi_atexit, as the C++ front end
 * emits them), or NULL.  It runs at exit, after the threads that use the
 * object (entries.cc). */
tree wmm_exit_dtor_of (gimple *stmt);
/* localfields.cc: the one address a pointer member of a local class (a
 * lambda's capture by reference) ever holds, when `ref` loads such a
 * member; NULL otherwise.  _reset: forget the unit's members. */
tree wmm_local_member_value (tree ref);
/* localfields.cc: the one address (&decl) pointer value v holds: v, a
   name set to it, a parameter every call of whose function (all seen)
   passes it, or a load of a local class's member that only holds it;
   else NULL. */
tree wmm_one_address (tree v);
void wmm_local_members_reset (void);
/* sealedargs.cc: the one declared object's address (an ADDR_EXPR) that
 * the bytes [off, off + size) of local obj hold when obj is a thread's
 * argument only its own function writes and the threads only read, or
 * NULL.  Example: `struct ctx c = { &data }; pthread_create (.., &c)`:
 * (c, 0, 8) -> &data. */
tree wmm_sealed_member_value (tree obj, HOST_WIDE_INT off, HOST_WIDE_INT size);
/* sealedargs.cc: the same for a member of the element of a sealed local
 * array that pointer parameter ptr points to (every create passes
 * `&args[i]`): off, size within the element.  Example: `args[i].lock =
 * &m; pthread_create (.., &args[i])`: in the start routine, (arg, 8, 8)
 * -> &m. */
tree wmm_sealed_element_member (tree ptr, HOST_WIDE_INT off, HOST_WIDE_INT size);
/* memloc.cc: the one address (an ADDR_EXPR) a load of pointer reference
 * ref yields when it reads such a member (of a sealed object or of the
 * element a sealed argument points to), or NULL. */
tree wmm_sealed_load_value (tree ref);
void wmm_sealed_args_reset (void);
/* The values the unit's stores put into the pointer or integer member of
 * a local class that `ref` names (a NULL entry: anything), or NULL when
 * ref is no such member or nothing stores to it. */
const vec<tree> *wmm_local_member_stores (tree ref);
/* heaponce.cc: the key of the object of a malloc-like call that runs at
 * most once while the program runs (that call's result, an SSA name),
 * when pointer value v always holds its address (copies, returns of the
 * unit's functions, parameters every call or create gives it); else
 * NULL.  wmm_heap_once_key: is `key` such a key? */
tree wmm_heap_once (tree v);
bool wmm_heap_once_key (tree key);
/* The same for a pointer into such an object (copies, constant offsets,
 * `&p->f`, parameters every call gives one place): the object's key, the
 * byte offset in *off; else NULL. */
tree wmm_heap_once_at (tree ptr, HOST_WIDE_INT *off);
void wmm_heap_once_reset (void);
/* Does the call start a thread (pthread_create, thrd_create)?  Sets *fn to
 * the function argument. */
bool wmm_is_thread_create (gimple *stmt, tree *fn);
/* The index of a thread create's thread argument (the one after the start
 * routine), or -1 when the call is no create. */
int wmm_thread_arg_index (gimple *stmt);
bool wmm_is_thread_join (gimple *stmt);
/* When stmt, of function `in`, is `X.__pfn = method` for a local
 * pointer-to-member X that only a std::thread constructor takes, with the
 * object pointer it stored in a local Y (`Y = p; std::thread::thread<...>
 * (&t, &X, &Y)`): p, the `this` that run of the method gets; else NULL. */
tree wmm_thread_method_object (gimple *stmt, function *in, tree method);
/* trampoline.cc: the matchers below take a call that u->resolved_calls
 * resolves to free only (or to malloc-like functions only) for free (or
 * an allocation) while `calls` is set (NULL: direct calls only). */
void wmm_trampoline_resolved (hash_map<gimple *, vec<tree> > *calls);
/* The field of its first argument from which start routine
 * fn's indirect call `stmt` loads its callee, when fn only reads through
 * that argument (and frees it), never storing the field; else NULL. */
tree wmm_trampoline_field (function *fn, gimple *stmt);
/* The thread argument `arg` of create `create` is a fresh object used only
 * by stores into its fields, reads, tests, free and that create: push the
 * values stored into `field` (and the stores); else false. */
bool wmm_trampoline_values (gimple *create, tree arg, tree field,
                            vec<tree> *values, vec<gimple *> *stores);
/* Does start routine fn touch no memory but through its first argument
 * (reads, free) apart from its call `call`? */
bool wmm_trampoline_pure (function *fn, gimple *call);
/* The routine a pthread_once / call_once call runs in the caller's thread
 * (a function address; for std::call_once also a lambda's or function
 * object's operator (), or a constant member-function pointer's method),
 * or NULL. */
tree wmm_once_routine (gimple *stmt);
/* Is stmt a pthread_once / call_once call (its routine known or not)? */
bool wmm_once_call (gimple *stmt);
/* libfns.cc: is fndecl std::call_once's own code (the template, what it
 * defines, once_flag::_Prepare_execution)?  A call of std::call_once is
 * modelled by name (its routine in the caller's thread between full
 * fences): its body is never followed and its lambdas, which the library
 * calls back inside pthread_once, are no thread entries. */
bool wmm_once_internal (tree fndecl);
/* libfns.cc: code of the C++ library's side of a std::thread: namespace
 * std, or an implicit constructor or destructor only std::thread's own
 * code calls (a closure's, copying its captures into the state). */
bool wmm_thread_side_fn (tree fndecl);
/* libfns.cc: is fndecl a library function known never to start threads
 * nor to keep a function pointer for a concurrent call (qsort, printf)? */
bool wmm_never_starts_threads (tree fndecl);
/* libfns.cc: is fndecl a library function that keeps the callbacks it is
 * given for a later call by another function (libevent's event_set: the
 * loop, event_base_dispatch, runs them) and calls none itself?  A
 * function given to it escapes; the call itself starts nothing. */
bool wmm_lib_keeps_callbacks (tree fndecl);
/* libfns.cc: is fndecl a member of std::basic_string compiled into
 * libstdc++ (the C++11 ABI's `_M_append`, `_M_create`, `reserve`, ...)?
 * It reads and writes the strings and characters it is given, gives a
 * string a new buffer, keeps no copy of an argument and calls no code of
 * the program. */
bool wmm_std_string_member (tree fndecl);
/* Is type t std::__cxx11::basic_string<char> with std::allocator (its
   _M_dataplus._M_p a `char *`)?  (libfns.cc) */
bool wmm_std_string_type (tree t);
/* Is fndecl a member of std::string (or of its _Alloc_hider), inline in
   the unit or compiled into libstdc++, other than resize_and_overwrite:
   code that stores no pointer to a string, nor into one, anywhere but
   into that string itself (its small buffer's address into its data
   pointer)?  (libfns.cc) */
bool wmm_std_string_method (tree fndecl);
/* Is fndecl a member of std::function (or of std::_Function_base) other
   than its call operator, target and target_type: code that keeps no
   pointer to a std::function it is given but inside that object itself
   (libstdc++'s manager stores the functor's address into the object only
   for target), the functors' copies and destructions aside?  (libfns.cc) */
bool wmm_std_function_method (tree fndecl);
/* libfns.cc: is fndecl one of libstdc++'s compiled std::ostream output
 * members (an inserter, put, write, flush), and the unit defines no
 * stream buffer or locale facet of its own that output would call?  It
 * touches the library's stream state only, keeps no argument, and
 * returns its stream (argument 0). */
bool wmm_ostream_output (tree fndecl);
/* libfns.cc: is fndecl libstdc++'s compiled hash of a byte string
 * (std::hash of a string, of a thread id: `std::_Hash_bytes (const void *,
 * size_t, size_t)`), which reads the bytes it is given and nothing else? */
bool wmm_std_hash_bytes (tree fndecl);
/* libfns.cc: what a libstdc++ compiled std::istream input member or
 * string extractor writes of the program beside its stream (argument 0,
 * which it returns), while the unit defines no stream buffer or facet of
 * its own: argument 1, a number or character, a char buffer, or a
 * std::string that may get a new buffer; or nothing (STATE: `ignore`,
 * `peek`).  It keeps no argument.  NONE: any other function. */
enum wmm_istream_kind {
  WMM_ISTREAM_NONE, WMM_ISTREAM_STATE, WMM_ISTREAM_SCALAR, WMM_ISTREAM_CHARS,
  WMM_ISTREAM_STRING
};
wmm_istream_kind wmm_istream_input (tree fndecl);
/* libfns.cc: is fndecl one of libstdc++'s compiled members that set up,
 * synchronise or tear down a stream object (ios_base's constructor,
 * basic_ios::init, a stream buffer's locale, basic_stringbuf::_M_sync),
 * while the unit defines no stream buffer or facet of its own?  It
 * writes the stream's state (argument 0) only, storing there pointers to
 * the library's objects and its other arguments, and keeps no argument
 * elsewhere. */
bool wmm_stream_setup (tree fndecl);
/* libfns.cc: is stmt a virtual call on a library stream buffer or locale
 * facet (std::ctype<char>::do_widen from widen), while the unit declares
 * none of its own?  It runs library code on the library's object. */
bool wmm_stream_virtual_call (gimple *stmt);
/* libfns.cc: is ref a member of a library stream's or facet's own state
 * (a field of std::ios_base, basic_ios, basic_ostream, ctype<char>, a
 * stream buffer: `__os->_vptr`, `this->_M_ctype`, `this->_M_widen_ok`),
 * while the unit declares no stream buffer or facet of its own?  The
 * library's objects, which the compiled output members also touch
 * (wmm_ostream_output): no shared data of the program. */
bool wmm_stream_state_ref (tree ref);
/* libfns.cc: forget the unit's answers (a new unit). */
void wmm_libfns_reset (void);
/* libfns.cc: does the library function call the function pointers it is
 * given in the caller's thread, any number of times, before it returns
 * (qsort's comparator)?  They are then code of the caller's thread. */
bool wmm_lib_runs_callbacks (tree fndecl);
/* Does the library function synchronise (a full fence: locks, condition
 * variables, create/join)?  Does it touch no memory another thread uses? */
bool wmm_lib_is_sync (const char *name);
bool wmm_lib_is_private (const char *name);
/* Does call stmt of fndecl callee only wait: sched_yield, usleep, a
 * nanosleep given no buffer for the time left, x86's pause builtin?
 * (Printing is no waiting: what it prints is seen.) */
bool wmm_lib_call_waits (gimple *stmt, tree callee);
/* The same for a call of fndecl named `name` (either may be NULL), also
 * by the decl: std::thread's join and thread start synchronise, the
 * replaceable global operator new / delete are allocators like malloc /
 * free. */
bool wmm_lib_call_is_sync (tree fndecl, const char *name);
/* Is fndecl C++20's std::counting_semaphore<N>::release (*post) or
 * acquire (a std::binary_semaphore's too)?  Synchronising calls, as
 * sem_post and sem_wait are: their release and acquire atomics order
 * the caller's accesses.  (libfns.cc) */
bool wmm_cxx_semaphore_op (tree fndecl, bool *post);
/* libfns.cc: a std::thread constructor that starts a thread into the
 * object its first argument points to (the handle); std::thread::join of
 * the object its argument points to; a const member of std::thread
 * (joinable, get_id: it reads the handle). */
bool wmm_std_thread_start (gimple *stmt);
/* libfns.cc: std::async (...) returning its future into an object of the
 * caller (the handle: that object); std::future's get () or wait () of the
 * object its argument points to (the task has finished when it returns). */
bool wmm_std_async_start (gimple *stmt);
/* The callable argument of such a std::async call (after the launch
 * policy when one is given), or NULL. */
tree wmm_std_async_callable (gimple *stmt);
bool wmm_std_future_wait (gimple *stmt);
/* entries.cc: is type std::thread's state class (`_State_impl<...>`)? */
bool wmm_std_state_type (tree type);
bool wmm_std_thread_join (gimple *stmt);
/* A call of std::jthread's destructor: the member holding its thread
 * (_M_thread), or NULL. */
tree wmm_std_jthread_end (gimple *stmt);
/* A call of a std::jthread member that may take its thread elsewhere
 * (detach, swap, a move): not its constructor templates, destructor,
 * join, request_stop or a const member. */
bool wmm_std_jthread_other (gimple *stmt);
bool wmm_std_thread_reads (gimple *stmt);
/* std::thread's move assignment `*dst = std::move (*src)` (its two
 * pointer arguments). */
bool wmm_std_thread_move (gimple *stmt, tree *dst, tree *src);
/* libfns.cc: the assembler name of a call's callee, or "". */
const char *wmm_callee_asm_name (gimple *stmt);
/* The source name of the function call stmt calls directly, or NULL. */
const char *wmm_callee_name (gimple *stmt);
/* cxxlocks.cc: does tree t mention decl d anywhere?  Does an operand of
 * statement s? */
bool wmm_mentions (tree t, tree d);
bool wmm_stmt_mentions (gimple *s, tree d);
/* libfns.cc: is fndecl the C++ standard library's (namespace std)?  Is it
 * std::thread's own code (its members, the library functions only they
 * call): code that touches only a thread's handle and state object? */
bool wmm_std_fn (tree fndecl);
/* entries.cc: is record type t the standard library's class `name` (in
 * std::, nested classes counted by their own name)? */
bool wmm_std_class_named (tree t, const char *name);
/* ctlblocks.cc: the class family record `type` belongs to (a shared_ptr
 * control block's std::_Sp_counted_base, or the top of a program class's
 * chain of single, non-virtual bases), or NULL_TREE; the class of call
 * stmt's object when it is a virtual call on a class with a family, else
 * NULL_TREE; the methods such a call may call in the classes whose
 * vtables the unit has (false: a vtable cannot be read, a class derives
 * from the call's another way, or none). */
tree wmm_vcall_family (tree type);
/* ctlblocks.cc: is fn what an abstract class's vtable slot holds
 * (__cxa_pure_virtual; its empty deleting destructor's, read as
 * __builtin_unreachable)?  No object has that class's type but while it
 * is built or destroyed, when a call would abort: no call target. */
bool wmm_abstract_slot (tree fn);
tree wmm_vcall_class (gimple *stmt);
bool wmm_vcall_targets (gimple *stmt, vec<tree> *targets);
bool wmm_thread_lib_fn (tree fndecl, int depth = 0);
/* libfns.cc: is fndecl libstdc++'s waiting machinery (C++20 atomic
 * wait / notify, under std::latch, std::barrier and the semaphores: its
 * waiter pool, spin loops, futex calls)?  Its own accesses touch only the
 * library's pool, or read the waited-on word for the futex alone; the
 * predicates it calls (the waiter's loads) are the caller's and are
 * collected. */
bool wmm_wait_lib_fn (tree fndecl);
/* The function statement `stmt` of fndecl's body was inlined from, or
 * fndecl. */
tree wmm_stmt_origin (gimple *stmt, tree fndecl);
/* Does the unit take the address of a function of another unit (not the
 * library's), which std::thread may run? */
bool wmm_foreign_callable (wmm_unitinfo *u);
bool wmm_lib_call_is_private (tree fndecl, const char *name);
/* Is fndecl a function of the C library the name tables speak of: at file
 * scope, with no body in the unit but one a system header gives (not a
 * member function `Chan::close`, nor the unit's own `sleep`)? */
bool wmm_c_library_fn (tree fndecl);
/* Does the library function keep no copy of pointer argument argno (nor
 * return one)?  (read's buffer, printf's arguments, pthread_create's
 * handle; not pthread_create's thread argument.) */
bool wmm_lib_keeps_no_copy (const char *name, unsigned argno);
/* Does the library function touch user memory only through its pointer
 * arguments: those read (bits of *reads) and written (*writes)? */
bool wmm_lib_arg_touch (const char *name, unsigned *reads, unsigned *writes);
/* The bytes a C library function touches through pointer argument argno
 * of `call` when they are one object of its declared pointee type
 * (rand_r's seed, a time); -1 otherwise. */
HOST_WIDE_INT wmm_lib_pointee_bytes (gimple *call, unsigned argno);
/* For a function wmm_lib_call_is_private names: the pointer arguments
 * whose memory it reads (every data pointer unless its table says
 * otherwise: printf's strings) and writes (sprintf's buffer, strtol's end
 * pointer, time's result). */
void wmm_lib_private_touch (const char *name, unsigned *reads,
                            unsigned *writes);
/* The same at one call (libgomp's loop chunk calls write their last two
 * arguments). */
bool wmm_lib_arg_touch_at (const char *name, gimple *call, unsigned *reads,
                           unsigned *writes);
/* Does library function `name` read what argument argno points to only
 * as a string, up to its null character (printf's %s, strlen, strcpy's
 * source)? */
bool wmm_lib_reads_string (const char *name, unsigned argno);
/* Does library function `name` write a string into the char array its
 * argument argno points to (sprintf's buffer, strcpy's destination)? */
bool wmm_lib_writes_string (const char *name, unsigned argno);
/* Is `name` a libgomp call that hands the calling thread the next chunk
 * of a worksharing loop in its last two arguments, [*istart, *iend)
 * (GOMP_loop_*_start / _next, not the generic forms with reductions nor
 * doacross)?  The chunks of one loop are disjoint. */
bool wmm_omp_chunk_call (const char *name);
/* The same at one call (strtol's string is kept only through a non-null
 * end pointer). */
bool wmm_lib_keeps_no_copy_at (const char *name, unsigned argno,
                               gimple *call);
/* counters.cc: is SSA name `name` only returned (through copies and
 * conversions), or not used at all? */
bool wmm_only_returned (tree name, int depth = 0);
/* zlibfns.cc: zlib's stream functions (deflateInit2_, deflateEnd, ...)
 * while every stream keeps zlib's own allocators: the pointer arguments
 * read and written (false: not known, an unknown call); whether argument
 * argno is kept; whether the function starts no thread. */
bool wmm_zlib_arg_touch (const char *name, unsigned *reads, unsigned *writes);
bool wmm_zlib_keeps_no_copy (const char *name, unsigned argno);
bool wmm_zlib_never_starts (const char *name);
/* Is call, of a function named `name`, one of zlib's stream functions on
 * a z_stream (while every stream keeps zlib's allocators)?  Its stream,
 * argument 0, then receives only
 * pointers it already holds (next_in, next_out moved on), zlib's own
 * strings (msg) and its own state, and numbers; *reads_in / *writes_out:
 * it reads the bytes next_in points to / writes those next_out points
 * to (deflate, inflate, deflateParams; inflateSync reads only). */
bool wmm_zlib_stream_call (const char *name, const gimple *call,
                           bool *reads_in, bool *writes_out);
/* The member next_in (out: next_out) of the z_stream pointer type `type`
 * points to, or NULL. */
tree wmm_zlib_buffer_field (tree type, bool out);
/* x86fns.cc: a streaming store or load builtin (_mm_stream_si32, ...):
 * the argument that holds its address and whether it stores (-1: fn is
 * none); a fence builtin (_mm_sfence, _mm_mfence, _mm_lfence) as the
 * model's fence kind (WMM_FENCE_NONE: fn is none). */
int wmm_x86_stream_access (tree fn, bool *is_store);
wmm_fence wmm_x86_fence_builtin (tree fn, wmm_model m);
/* x86fns.cc: x86 fence instruction insn ("mfence", "sfence", "lfence")
 * as the model's fence kind (WMM_FENCE_NONE: none of them). */
wmm_fence wmm_x86_fence (const char *insn, wmm_model m);
/* Does library function `name` return a pointer to its own static object
 * (localtime, ctime), never one derived from its arguments? */
bool wmm_lib_returns_own (const char *name);
/* Does library function `name` hand on what its arguments point to, where
 * another thread may read it (write to a pipe, send, a GOMP_task data
 * block): the pointers stored there then escape too. */
bool wmm_lib_hands_on (const char *name);
/* Is fndecl one of libstdc++'s compiled node helpers (the red-black
 * tree's increment, decrement, insert-and-rebalance and
 * rebalance-for-erase; the list node's hook, unhook, transfer, reverse
 * and swap)?  They follow the links of the nodes they are given and
 * touch nothing else: the record type of those nodes, and in *writes
 * whether they change them.  NULL for any other function. */
tree wmm_std_node_helper (tree fndecl, bool *writes);
/* The comparator of a call `qsort (base, n, size, cmp)` or qsort_r when it
 * names a function (`&cmp`), else NULL: qsort calls it, in the calling
 * thread, with pointers into base. */
tree wmm_sort_comparator (gimple *stmt);
/* memloc.cc: is call a strtok_r whose state pointer is a local only
 * strtok_r calls name, each of them given null or a private string?  The
 * string a call with null goes on cutting is then private. */
bool wmm_strtok_private (gimple *call);
/* memloc.cc: does argument a point to private memory: the address of a
 * local no other thread reaches (directly, or an SSA name that holds it),
 * or a private pointer (private.cc)? */
bool wmm_private_argument (tree a);
/* Concurrency of a unit whose `region` is set (main): a bit set of the
 * groups of threads it started that may still run.  wmm_region_begin
 * computes the set at the start of every block (indexed by bb->index);
 * wmm_region_step updates a set across one statement.  Code runs
 * concurrently where the set is not empty. */
typedef unsigned long long wmm_region_set;
struct wmm_region;
wmm_region *wmm_region_begin (wmm_unitinfo *u, wmm_unit *unit);
wmm_region_set wmm_region_at (const wmm_region *r, basic_block bb);
wmm_region_set wmm_region_step (const wmm_region *r, gimple *stmt,
                                wmm_region_set s);
void wmm_region_end (wmm_region *r);
/* The first group a create (or a helper call) starts, or -1; the groups
 * live right before `stmt` (of r's function); the bit of threads no join
 * can end. */
int wmm_region_group (const wmm_region *r, gimple *create);
wmm_region_set wmm_region_before (const wmm_region *r, gimple *stmt);
/* The statements of the region units (main) before which no thread they
 * started may run: before the first create, after the last join. */
void wmm_quiet_stmts (wmm_unitinfo *u, hash_set<gimple *> *out);
#define WMM_REGION_UNKNOWN (1ULL << 63)
/* region.cc: thread summaries of the units (what each leaves running or
 * joins, by handle), computed once entries.cc has the units and
 * u->starters; a call after which threads no join can end may run. */
void wmm_thread_summaries (wmm_unitinfo *u);
bool wmm_call_untracked (const wmm_unitinfo *u, gimple *stmt);

/* locks.cc: must-held locks (like wmm_region_*) through lock wrappers and
 * into callees; protect.cc: the IR-only fences that order lock-protected
 * accesses inside critical sections. */
struct wmm_locks;
void wmm_locks_analyse (wmm_unitinfo *u);
void wmm_locks_free (wmm_unitinfo *u);
/* locks.cc: the accesses of running code to the words of ticket and spin
 * locks, when every one is an operation of its lock (a ticket's addition,
 * a take, a wait's load, a release, the holder's read) and every other
 * shared access is protected (after wmm_order_protected), are moved to a
 * private location: like a mutex's internals they order the critical
 * sections and carry no data.  How many were moved. */
int wmm_lock_internals (wmm_unitinfo *u);
/* locks.cc, for reflocks.cc's ticket locks written for x86: is stmt an
 * atomic addition of a positive constant (a ticket)?  The call whose result
 * v is through copies and widening conversions.  Is v the word at addr
 * loaded (or a ticket) plus a positive constant? */
bool wmm_ticket_addition (const gimple *stmt);
gcall *wmm_ticket_result_of (tree v);
bool wmm_ticket_increment (tree v, tree addr);
wmm_locks *wmm_locks_begin (wmm_unitinfo *u, function *fn);
/* The same with `held` (of the caller, at the call) also held at entry. */
wmm_locks *wmm_locks_begin_from (wmm_unitinfo *u, function *fn,
                                 wmm_region_set held);
wmm_region_set wmm_locks_at (const wmm_locks *l, basic_block bb);
/* The locks held just before stmt (wmm_region_before's twin). */
wmm_region_set wmm_locks_before (wmm_locks *l, gimple *stmt);
wmm_region_set wmm_locks_step (wmm_locks *l, gimple *stmt,
                               wmm_region_set held);
void wmm_locks_end (wmm_locks *l);
/* Is call stmt one of the C++ library's own functions (compiled into
 * libstdc++) given only numbers besides its object (no mutex, guard or
 * condition variable)?  It releases no lock and calls nothing of the unit
 * back. */
bool wmm_std_scalar_call (gimple *stmt);
/* collect.cc: for such a call of fndecl, a member whose object (argument
 * 0) holds no pointer (`_Prime_rehash_policy::_M_need_rehash`): that
 * record type; it reads and writes that object only and keeps no
 * argument.  NULL_TREE for any other call. */
tree wmm_std_scalar_object (gimple *stmt, tree fndecl);
/* The exclusive locks (bits) that keep an access run while `held` apart
 * from the writes of its location: the write locks held, and for a read
 * (writes false) the write side of each read lock held. */
/* locks.cc: the SSA name p is a copy of through copies and conversions
 * (the name whose definition gives the value), or NULL. */
tree wmm_pointer_root (tree p);
/* addrkey.cc: the loads a form may name by the one known location the
 * collector read there (`this->_M_impl._M_start` of main's vector in
 * std::vector::operator[], collected for the call `via`): find gives it,
 * or -1; the locations named so far are pins[0..npins-1]. */
struct wmm_form_loads
{
  int (*find) (void *ctx, gimple *load, gimple *via);
  void *ctx;
  int pins[8];
  int npins;
  int resolve (gimple *load, gimple *via) { return find (ctx, load, via); }
};
/* addrkey.cc: the text of the value pointer ptr holds in function fn when
 * one activation of fn computes it to one value every time (parameters'
 * entry values, constants, members of a private object fn only reads,
 * typed arithmetic, with `loads` known locations no collected access may
 * write); xmalloc'd, or NULL. */
char *wmm_address_form (tree fn, tree ptr, wmm_form_loads *loads = NULL);
/* addrkey.cc: the same for the address and size of reference ref (variable
 * indices with forms: `(*p)[i]`), or NULL. */
char *wmm_reference_form (tree fn, tree ref, wmm_form_loads *loads = NULL);
/* addrkey.cc: drop the keys of u->pinned_keys one of whose locations some
 * collected access may write (run before accesses leave the IR); how
 * many were dropped. */
int wmm_unpin_keys (wmm_unitinfo *u);
/* addrkey.cc: is the word at bit pos of declared object decl one no code
 * outside the analysis reaches and no access of the IR may write, with a
 * location of the IR (a pointer member every thread reads the same: a
 * std::vector's start in main's vector while the threads run)? */
bool wmm_stable_word (const wmm_unitinfo *u, tree decl, HOST_WIDE_INT pos);
/* locks.cc: is variable x one object for as long as the program runs
 * threads (a global or static, not thread-local; a local of main)? */
bool wmm_one_object_var (tree x);
/* claims.cc: does fn (and the helpers it hands the pointer to) only read
 * through pointer parameter parm? */
bool wmm_read_only_argument (tree fn, tree parm);
/* claims.cc: may code another unit runs touch variable v while the unit's
 * threads run (exported without closed_unit, external, thread-local,
 * volatile, kept or in a named section)? */
bool wmm_foreign_reach (tree v, bool closed_unit);
/* Locks in the object an access touches (`c->value` while holding
 * `c->lock`, c a parameter of fndecl): for each lock of `held` at a
 * constant offset of the access's own base pointer, the bit of "the lock
 * at offset k of the T object whose member this is" (T the struct type
 * the member is accessed in; the same bit wherever a member of a T is
 * accessed with that lock of its object held); also through a local
 * pointer or an array element whose lock is held (locks.cc,
 * local_lock_bit), and `data[i]` under `locks[i]` (stripe_key); with
 * `via`, the call fndecl was collected for, a parameter given `&q->f`
 * stands for member f of *q, under the locks of the caller's *q.  0 when
 * none applies. */
wmm_region_set wmm_locks_own (wmm_unitinfo *u, tree ref, tree fndecl,
                              wmm_region_set held, gimple *via = NULL);
wmm_region_set wmm_locks_excluding (wmm_unitinfo *u, wmm_region_set held,
                                    bool writes);
/* The locks of `set` whose key names one lock object wherever it is held
 * (globals, main's locals, the locks of wmm_locks_own), not a parameter's
 * or another function's local, which may be another lock in another
 * instance or call. */
wmm_region_set wmm_locks_one_object (wmm_unitinfo *u, wmm_region_set set);
void wmm_order_protected (wmm_unitinfo *u);
/* locks.cc: locks reached through a pointer slot (`possess
 * (compress_have)`, `possess (pool->have)`) name one lock only while the
 * slot keeps its value.  Collection notes every statement of running
 * code that may write memory; check then drops, from every site, the
 * locks of slots such a statement may write (how many sites changed). */
void wmm_locks_note_running (wmm_unitinfo *u, gimple *stmt);
int wmm_locks_check_slots (wmm_unitinfo *u);
/* barriers.cc: the accesses of the threads one barrier orders, split by
 * round (a location copy per residue of the waits done before them). */
void wmm_barrier_rounds (wmm_unitinfo *u);
/* barriers.cc: give each shared location (each l with (*only)[l], when
 * given) one copy per class (0 <= class < nclasses <= 32) and make every
 * access of thread t's instruction i touch the copies of the classes in
 * masks[t][i] (0: untouched); the copies are named LOC@TAGk.  An access
 * that may touch any location keeps doing so (the copies too), unless
 * split_any: then one of some classes only touches those classes' copies
 * of every shared location (only must be NULL).  Accesses of classes that
 * share no bit never meet.  How many accesses changed. */
int wmm_split_locations (wmm_program *p, int nclasses,
                         const vec<vec<unsigned> > &masks, const char *tag,
                         const vec<bool> *only = NULL, bool split_any = false);
/* swapviews.cc: two static pointers that name different objects and are
 * swapped only while no thread runs (double buffers): a thread's accesses
 * through one never meet those through the other (a view of the two
 * objects per pointer). */
void wmm_swap_views (wmm_unitinfo *u);
/* swapviews.cc: the same for swaps in a barrier's serial step (fn's
 * blocks `serial`, the waiter's thread and waits), given the round
 * classes of every instruction (rounds[thread][i], as
 * wmm_split_locations takes them): no access of the pair's words runs in
 * a swap's round but the swap's own, and no access through them either,
 * each in the round of its pointer's load.  How many accesses took a
 * view. */
int wmm_swap_views_rounds (wmm_unitinfo *u, int waiter, function *fn,
                           bitmap serial, const hash_set<gimple *> &waits,
                           const vec<vec<unsigned> > &rounds);
/* Pointer locals the waiter fn swaps on each turn of a loop, starting on
 * two different statics, with the waits and swaps in step at every
 * access through them (swapviews.cc): a view each.  How many accesses
 * took one. */
int wmm_swap_views_local (wmm_unitinfo *u, int waiter, function *fn,
                          const hash_set<gimple *> &waits);
/* ompteams.cc: the accesses of OpenMP teams that run one after another
 * (started by serial code) never meet: a location copy per team. */
void wmm_omp_team_epochs (wmm_unitinfo *u);
/* ompteams.cc: do only OpenMP teams started by serial code run while
 * threads run (every unit a team function's, wmm_omp_team_of, or serial
 * code whose IR has no access and no call while they run)?  *nteams: the
 * unit's teams.  Then whatever one start of a team does happens before
 * whatever a later start does: a critical cycle stays in one start. */
bool wmm_omp_teams_alone (wmm_unitinfo *u, int *nteams);
/* rowviews.cc: OpenMP teams that index a static array's rows by values
 * that always differ (`u[(t + 1) % 2][i] = f (u[t % 2][i - 1], ...)`): a
 * view of the array per row index. */
void wmm_omp_row_views (wmm_unitinfo *u);
/* rowviews.cc: is idx, an index of a function an OpenMP start runs, one
 * value for every thread of a start (a constant, or computed from fields
 * of the team's data block only)? */
bool wmm_omp_shared_index (tree idx);
/* rowviews.cc: is idx, rewritten step by step, a value that is 0 exactly
 * when x + c is even (`(s + 1) & 1`, `s % 2`), x a PHI result (*leaf)?
 * *odd: c's parity. */
bool wmm_index_parity (tree idx, tree *leaf, int *odd);
/* rowviews.cc: the static array (not thread-local; not exported when
 * other units' code may run) whose first index the outermost ARRAY_REF
 * of ref takes, an SSA name (`u[E][i]`: u, E in *index); or NULL. */
tree wmm_array_row (tree ref, tree *index);
/* omp.cc: the outlined function (its index among the unit's team
 * functions, 0 <= k < *nteams) whose team alone runs fndecl; -1 when
 * fndecl is serial code or no team's, or when the unit's teams are not
 * started only by serial code, or some function is run by two teams, or
 * code of other units may run beside them (*nteams = 0 for these). */
int wmm_omp_team_of (tree fndecl, int *nteams);
/* hidden.cc: is b a local of main, which runs once (no caller, address
 * never taken): one object while threads run? */
bool wmm_main_local (tree b);
/* publish.cc: the accesses of creators to fresh objects before they
   publish them into lock-protected slots become private.  Begin takes
   every candidate's out; check, given the protection computed since (prot:
   the locks protecting each location; hidden: the static objects unknown
   code cannot name; runs: the code units that run), puts back those of the objects that go elsewhere
   than into slots and says whether it did (then compute and check again);
   end notes how many stay private. */
struct wmm_publish;
wmm_publish *wmm_publish_begin (wmm_unitinfo *u);
bool wmm_publish_check (wmm_publish *pb, const vec<wmm_region_set> &prot,
                        const vec<bool> &hidden, const vec<bool> &runs);
/* protect.cc: the exclusive locks held at access i of unit that keep it
   apart from every write of its location (as protection counts them). */
wmm_region_set wmm_access_locks (wmm_unitinfo *u, const wmm_unit *unit, int i);
void wmm_publish_end (wmm_publish *pb);
/* publish.cc, x86-TSO targets: the accesses of a thread to a fresh object,
   or to a local whose address escapes, before its address may leave the
   thread are private (how many). */
int wmm_publish_tso (wmm_unitinfo *u);
/* Other weak targets: marks the accesses wmm_publish_tso would take out
 * WMM_ACC_FRESH (ir.h) when no object of their allocation is ever freed;
 * their number. */
int wmm_publish_fresh (wmm_unitinfo *u);
/* flagpub.cc: locations written before a flag's release store and read
 * only after an acquire load that saw it set are made private; how many
 * accesses were moved. */
int wmm_publish_flags (wmm_unitinfo *u);
/* private.cc: is statement s of `unit` (main) after the join, in the same
 * iteration of a join loop over the handle array, of the thread `create`
 * (a counting loop's create into t[counter]) started into t[idx], the
 * handles still naming their threads there (region.cc)? */
bool wmm_after_own_join (wmm_unitinfo *u, wmm_unit *unit, gimple *create,
                         tree counter, gimple *s, tree idx);
/* private.cc: is statement s of `unit` (main), touching element idx, in
 * the create loop before `create` in the same iteration, idx being that
 * loop's counter (the number of the thread the create then starts)? */
bool wmm_before_own_create (wmm_unit *unit, gimple *create, tree counter,
                            gimple *s, tree idx);
/* oncepub.cc, claims.cc: does the initialiser of a static variable other
 * than `except` mention decl? */
bool wmm_initializers_mention (tree decl, tree except = NULL_TREE);
/* The object an access site's assignment operand names (the base address
 * of its lhs for a store, of its rhs for a load), or NULL. */
tree wmm_site_object (const wmm_site &site);
/* oncepub.cc, claims.cc: move every access whose site names one of objs
 * (wmm_site_object) to the private location `name`; how many. */
int wmm_move_objects_to_private (wmm_unitinfo *u, const char *name,
                                 hash_set<tree> &objs);
/* guardinit.cc: the accesses of the thread-safe construction of a
 * function-local static that touch only it are made private; how many. */
int wmm_publish_guarded (wmm_unitinfo *u);
/* claims.cc: arrays whose elements threads claim through an atomic
 * counter (a[i], i the result of an atomic addition) are made private;
 * how many accesses were moved. */
int wmm_publish_claims (wmm_unitinfo *u);
/* counters.cc: the additions to counters that running code only adds to,
 * never reading them (results unused), are made private; how many. */
int wmm_publish_blind_counters (wmm_unitinfo *u);
/* claims.cc: walk_tree callback: the variable of each address taken in
 * the tree, into the hash_set<tree> data. */
tree wmm_addr_of (tree *t, int *walk_subtrees, void *data);
/* omp.cc: the value SSA name v copies or widens (an array index's
 * counter, `(long) arg`'s pointer): no bits lost on the way.  With
 * `room`, narrowing conversions are followed too (`int me = (int) (long)
 * arg`): *room is then -1 when none narrowed, else the largest value every
 * type on the way holds (numbers 0 .. *room pass unchanged). */
tree wmm_widened_from (tree v, HOST_WIDE_INT *room = NULL);
/* claims.cc: is edge e taken only when *a == *b, the operands of an
 * `==` it leaves on the true side or a `!=` on the false side (or of the
 * one such test before its block, when that block has one predecessor)? */
bool wmm_edge_if_equal (edge e, tree *a, tree *b);
/* claims.cc: is i the counter of `for (i = lo; i < hi; i++)`, signed:
 * a PHI of *lo and i + 1 (*step, when asked) in a block that ends with
 * the test `i < *hi` (i possibly widened there), whose true successor
 * *body has no other predecessor? */
bool wmm_counted_loop (tree i, tree *lo, tree *hi, gimple **step,
                       edge *body);
/* omp.cc: the integer constant v is through SSA copies and conversions,
 * converted to v's type (the macros of <stdatomic.h> pass values through
 * temporaries: `__atomic_exchange_val.7_2 = (unsigned int) 1`), or NULL. */
tree wmm_constant_of (tree v);
/* omp.cc: the operand of t when t is a VIEW_CONVERT_EXPR between integer
 * types of one size (<stdatomic.h>'s `atomic_bool` goes through
 * `VIEW_CONVERT_EXPR<unsigned char>(tmp)`: the same bits), else t. */
tree wmm_same_size_view (tree t);
/* omp.cc: may another unit's code run beside the unit's threads: does the
 * unit lack main, or call code it cannot see that may start threads (a
 * function of another unit, an indirect call)? */
bool wmm_foreign_code_may_run (void);
/* oncepub.cc: locations written only by a once routine and read only
 * after its once call are made private; how many accesses were moved. */
int wmm_publish_onces (wmm_unitinfo *u);
/* dclonce.cc: the locations only a double-checked initialisation's block
 * writes (behind a flag tested again under a lock: it runs at most once)
 * are marked one-writer; how many. */
int wmm_dcl_one_writer (wmm_unitinfo *u);
/* protect.cc: which IR threads (code units) run at all: entries and the
 * units running code calls, into runs[thread]. */
void wmm_running_units (const wmm_unitinfo *u, vec<bool> *runs);
/* locks.cc: the lock object a pointer value names (a global or static,
   or what a pointer parameter points to, plus a bit offset). */
bool wmm_lock_key (tree addr, tree *base, HOST_WIDE_INT *pos);
/* locks.cc: the spin-lock shape of a call whatever its memory order (a
   take: exchange or CAS of a non-zero constant; a free: store of 0), and
   in *order the index of its memory-order argument (-1: none). */
enum lock_op_shape { WMM_SPIN_NONE, WMM_SPIN_TAKE, WMM_SPIN_FREE };
lock_op_shape wmm_spin_shape (gimple *stmt, int *order);
/* The global or static words lock key (base, pos) may name, appended to
   *out (a parameter's: what every call site passes); false when they
   cannot all be told. */
bool wmm_lock_key_words (tree base, HOST_WIDE_INT pos,
                         vec<std::pair<tree, HOST_WIDE_INT> > *out);
/* reflocks.cc: spin locks the reference model (from=tso or sc) makes
   locks, made locks on the target (their exchange acquire, the store that
   frees them release); the changes reported, and undone (keep false) or
   kept at the end of the unit. */
void wmm_reflocks_strengthen (wmm_unitinfo *u);
void wmm_reflocks_diagnostics (wmm_unitinfo *u);
void wmm_reflocks_json (wmm_strbuf *b);
void wmm_reflocks_finish (bool keep);
/* The k-th change (false past the last): its function, position, whether
   it takes the lock (else frees it: the order is acquire, else release)
   and the lock word's name; for the object file's records (section.cc). */
bool wmm_reflocks_get (unsigned k, function **fn, location_t *loc,
                       bool *take, const char **word);
/* hidden.cc: what of the unit's static objects code outside may reach.
   `any`: objects some address of which leaves the unit's code; `whole`:
   those where that address reaches all of the object; `members`: the
   bit ranges (decl, position, size) of members whose own address left,
   of objects not in `whole`. */
struct wmm_escapes {
  hash_set<tree> any, whole;
  auto_vec<std::pair<tree, std::pair<HOST_WIDE_INT, HOST_WIDE_INT> > > members;
};
void wmm_find_escaped_statics (wmm_escapes *escaped, hash_set<tree> *params);
/* Is bits [pos, pos + size) of static object decl (pos -1: anywhere in
   it) hidden from code the unit cannot see? */
bool wmm_static_part_hidden (wmm_escapes &escaped, tree decl,
                             HOST_WIDE_INT pos, HOST_WIDE_INT size);
/* Is record type rec declared in the main source file of the unit (of
   obj's unit with -flto; obj NULL: this unit's), where no other unit's
   code can name it? */
bool wmm_record_of_main_file (tree rec, tree obj = NULL_TREE);
/* Static objects named by functions code outside the unit may call back
   (exported, address taken) and by what they call directly, added to
   `out`; a function that is a code unit running in the program (runs[t],
   when runs is given) is skipped. */
void wmm_callback_statics (wmm_unitinfo *u, const vec<bool> *runs,
                           hash_set<tree> *out);
/* May code outside the unit call this function: by name (exported, and
   code of another unit may run: wmm_foreign_code_may_run), or through an
   address given to anything but a thread create? */
bool wmm_called_back_by_name (cgraph_node *node);
bool wmm_address_given_away (cgraph_node *node);
/* hidden.cc: may code the unit cannot see call node back from inside an
 * unknown call: entries.cc's escape analysis when it looked at node (a
 * std::thread state's _M_run is only started as a thread), else
 * wmm_address_given_away. */
bool wmm_called_from_outside (wmm_unitinfo *u, cgraph_node *node);
/* GCC's get_inner_reference for what the plugin asks of it: the base
 * object of ref, its bit size and position, the variable offset (NULL
 * when none) and, when volatilep is given, whether it is volatile. */
static inline tree
wmm_inner_ref (tree ref, poly_int64 *bitsize, poly_int64 *bitpos,
               tree *offset, int *volatilep = NULL)
{
  machine_mode mode;
  int unsignedp, reversep, vol = 0;
  tree base = get_inner_reference (ref, bitsize, bitpos, offset, &mode,
                                   &unsignedp, &reversep, &vol);
  if (volatilep)
    *volatilep = vol;
  return base;
}
/* Index of PARM_DECL p among fndecl's parameters, or -1. */
static inline int
wmm_param_index (tree fndecl, tree p)
{
  int i = 0;
  for (tree a = DECL_ARGUMENTS (fndecl); a; a = DECL_CHAIN (a), i++)
    if (a == p)
      return i;
  return -1;
}
/* Is n C++ inline or template code (vague linkage) whose address the unit
 * gives nowhere?  Other units may call it, but only on memory they reach
 * (docs/plugin.md, "C++ code as the library writes it"). */
bool wmm_vague_linkage (cgraph_node *n);
/* Is n C++ inline code whose address only the unit's own vtables hold (a
 * vague-linkage vtable the unit defines and reads): a virtual method code
 * outside calls only on memory it reaches, or through the unit's escaped
 * objects?  (threadlocal.cc) */
bool wmm_own_vtable_method (cgraph_node *n);
/* tbaa.cc: does every name of n (n and its aliases) keep its address to
   itself, and is it static or C++ inline code (whose calls by other units
   touch only their memory)? */
bool wmm_calls_all_seen (cgraph_node *n);
/* Is decl a local no other thread can reach (its address kept from
 * memory and from calls that keep a copy)? */
bool wmm_decl_private (tree decl);
/* Does reference `ref` go through a pointer obtained from memory, a call
   or a parameter not in `params` (the parameters the unit passes a static
   object's address to; NULL: none), so it never touches a hidden
   object? */
bool wmm_ref_never_hidden (tree ref, hash_set<tree> *params);
/* locks.cc: the unit's escaped static objects (wmm_find_escaped_statics,
   computed once by wmm_locks_analyse; a lock object a callback may
   release is added) and, in *params, the parameters their addresses
   reach. */
wmm_escapes *wmm_locks_escaped (wmm_unitinfo *u, hash_set<tree> **params);
/* locks.cc: calls of library functions of locks that keep no copy of
   argument a; __atomic/__sync builtins (they keep no pointer they are
   given). */
bool wmm_lock_call_keeps_no_copy (gcall *call, unsigned a);
bool wmm_atomic_builtin_call (tree fndecl);
/* cxxlocks.cc: a call of the C++ standard library's mutexes, lock guards
   and condition variables (by assembler name).  lock_arg: the argument
   pointing to the mutex (-1: the guard's); guard_arg: the argument
   pointing to the guard (-1: none); binds: a guard constructor that binds
   the guard to the mutex. */
enum wmm_cxx_lock_op {
  WMM_CXX_NONE,
  WMM_CXX_ACQUIRE,    /* takes the mutex */
  WMM_CXX_READ,       /* takes its read side (lock_shared, shared_lock) */
  WMM_CXX_TRY,        /* takes it where it returns true */
  WMM_CXX_RELEASE,    /* releases it (a guard's: if it owns it) */
  WMM_CXX_BIND,       /* a guard constructor that takes nothing */
  WMM_CXX_WAIT,       /* condition wait: hands the mutex back */
  WMM_CXX_NOTIFY,     /* condition notify */
  WMM_CXX_GUARD_USE,  /* an inline wait form: keeps the guard's binding */
  WMM_CXX_TAKE_ZERO   /* a spin lock's take: held where it returned false
                         (std::atomic_flag::test_and_set) */
};
struct wmm_cxx_lock {
  wmm_cxx_lock_op op;
  int lock_arg, guard_arg;
  bool binds;
  int order_arg;        /* the memory order's argument (-1: none) */
  bool spin;            /* an atomic on a spin-lock word, no full fence */
  int value_arg = -1;   /* spin: the value written, which must be a
                           non-zero constant for a take and 0 for a
                           release (-1: none, atomic_flag's) */
  int nlocks = 1;       /* the mutexes it takes, from lock_arg on
                           (std::scoped_lock of several of one type; at
                           most WMM_CXX_MAX_LOCKS) */
};
#define WMM_CXX_MAX_LOCKS 4
bool wmm_cxx_lock_call (tree fndecl, wmm_cxx_lock *out);
/* Is it one that synchronises (a full fence: all but BIND and GUARD_USE)? */
bool wmm_cxx_lock_sync (tree fndecl);
/* The mutex argument (of its constructor call) a local guard is bound to,
   when its address goes only to guard operations and every constructor
   binds it to the same mutex. */
bool wmm_cxx_guard_mutex (tree guard, tree *mutex_arg);
/* Is fndecl the constructor (1) or the destructor (2) of a std::lock_guard
   or one-mutex std::scoped_lock of a lockable class M of the program (not
   a standard mutex)?  *method: M's lock () or unlock (), whose lock
   summary the call has, with M's object as `this` (locks.cc). */
int wmm_cxx_user_guard (tree fndecl, tree *method);

/* emit.cc: fences placed at the same statement of a callee collected for
 * several call sites become one (their pairs merged, the cost counted
 * once). */
void wmm_merge_site_fences (wmm_unitinfo *u, wmm_placement *pl);
/* report.cc: instruction i of IR thread t (NULL out of range), its access
 * letter ("R", "W", "RMW"; "end" for NULL) and the name of what it
 * accesses (the location, or the reference for an unknown address). */
const wmm_instr *wmm_instr_at (const wmm_unitinfo *u, int t, int i);
const char *wmm_access_letter (const wmm_instr *in);
const char *wmm_access_name (const wmm_unitinfo *u, int t, int i);
/* report.cc: the ordered pairs of fence pf that the reports list (JSON,
 * records): at most WMM_REPORT_MAX_PAIRS indices into pl->delays, those
 * with a witness cycle first, in placement order otherwise; returns how
 * many (a fence past the cycle-search bound may order thousands). */
#define WMM_REPORT_MAX_PAIRS 32
int wmm_listed_delays (const wmm_placement *pl, const wmm_placed_fence *pf,
                       int *out);
/* report.cc: the function instruction i of virtual thread t is in (its
 * unit's, or a callee's collected for one call site). */
const char *wmm_site_function_name (const wmm_unitinfo *u, int t, int i);

/* collect.cc: does the IR follow this CFG edge (every edge but a fake
 * one: a thrown exception's way to its landing pad and a longjmp's or
 * computed goto's abnormal edges are program order too)?  check.cc
 * follows the same edges. */
bool wmm_followed_edge (edge e);

/* collect.cc */
bool wmm_collect (wmm_unitinfo *u);
void wmm_unitinfo_free (wmm_unitinfo *u);
void wmm_note (wmm_unitinfo *u, const char *fmt, ...) ATTRIBUTE_PRINTF_2;

/* atomics.cc: is every function of the unit compiled without
 * optimisation (wmmfence.cc sets u->at_O0 once)? */
bool wmm_unit_at_O0 (void);
/* The memory order of argument i of an atomic builtin call, followed back
 * through wrappers to its call sites: the weakest order any of them gives
 * (unknown = relaxed; seq_cst for a non-constant one when u->at_O0, where
 * GCC expands that). */
enum memmodel wmm_order_arg (wmm_unitinfo *u, gimple *stmt, unsigned i);
/* The weakest order at least as strong as both (compare-exchange). */
enum memmodel wmm_order_join (enum memmodel a, enum memmodel b);
/* Does order mo acquire (consume, acquire, acq_rel, seq_cst) / release
 * (release, acq_rel, seq_cst)? */
bool wmm_order_acquires (enum memmodel mo);
bool wmm_order_releases (enum memmodel mo);
const char *wmm_order_name (enum memmodel mo);

/* asm.cc: the instructions of an asm statement's text. */
enum wmm_asm_class {
  WMM_ASM_OTHER = 0,
  WMM_ASM_FENCE,       /* a fence mnemonic of the model */
  WMM_ASM_LOCKED,      /* x86 lock-prefixed or xchg (also a full fence) */
  WMM_ASM_LL,          /* load-linked: lwarx, ldarx, ldxr, ldaxr, ldrex, ... */
  WMM_ASM_SC           /* store-conditional: stwcx., stxr, stlxr, strex, ... */
};
struct wmm_asm_insn {
  wmm_asm_class cls;
  wmm_fence fence;     /* the fence it is (WMM_FENCE_NONE: none) */
  unsigned flags;      /* WMM_ACC_ACQUIRE / _RELEASE (ARMv8 ldaxr / stlxr),
                          WMM_ACC_STREAM (an x86 streaming store) */
};
/* Classify the instructions of an asm's text into *insns; returns the
 * memory operand the asm reads and writes as one atomic read-modify-write
 * when that is clearly the pattern (x86 lock/xchg, an LL/SC pair), or
 * NULL. */
tree wmm_asm_parse (gasm *stmt, wmm_model m, vec<wmm_asm_insn> *insns);
/* asm.cc: the register operands an asm's instructions use as addresses
 * ("movl $1,(%0)" with "r" (&x), ARM's "str %1,[%0]"), each with what the
 * instruction does there, into *out; true when an address comes from an
 * operand it cannot follow (a named one, an integer as wide as a
 * pointer).  Prefetches and lea are no access. */
struct wmm_asm_deref {
  tree ptr;
  int mode;            /* bit 0 reads, bit 1 writes */
};
bool wmm_asm_derefs (gasm *stmt, vec<wmm_asm_deref> *out);
/* An asm that at most reads memory: one load into a register output, or
 * no operands and instructions that are fences of the model (no locked
 * one) or spin-wait hints (pause, yield, wfe, nop). */
bool wmm_asm_idle (gasm *stmt, wmm_model m);

/* retry.cc: the jumps back to a loop's header that end iterations which
 * change nothing (spin waits, seqlock readers' retries, a Dekker loop's
 * re-test): the header's block index and the blocks such an iteration
 * may run (those on paths from the header to the jump). */
struct wmm_retry_loop {
  int header;
  bitmap body;
};
struct wmm_retry_loops {
  auto_vec<wmm_retry_loop> loops;
  ~wmm_retry_loops ();
  /* Does the edge from block `from` to block `to` end such an
     iteration? */
  bool back_edge (basic_block from, basic_block to) const;
};
void wmm_retry_find (function *fn, wmm_model m, wmm_retry_loops *out);
/* The fence an instruction (lower case, single blanks) is, or
 * WMM_FENCE_NONE. */
wmm_fence wmm_asm_fence_kind (wmm_model m, const char *insn);
/* The full fence of a model. */
wmm_fence wmm_full_fence (wmm_model m);

/* deps.cc (deps=addr): the IR register a pointer load statement writes
 * when accesses may be credited an address dependency on it, or -1; the
 * register the address of memory reference ref / pointer value ptr is
 * computed from (that load's), or -1.  fn is the function of the
 * statement, unit_fn the code unit's (register names are unique per
 * thread). */
int wmm_dep_source_reg (const wmm_unitinfo *u, wmm_thread *t, gimple *stmt,
                        function *fn, function *unit_fn);
int wmm_dep_ref_reg (const wmm_unitinfo *u, wmm_thread *t, tree ref,
                     function *fn, function *unit_fn);
int wmm_dep_ptr_reg (const wmm_unitinfo *u, wmm_thread *t, tree ptr,
                     function *fn, function *unit_fn);

/* entries.cc: the functions indirect call g may call when entries.cc
 * resolved it (std::function's _M_invoker and _M_manager, a hook's
 * functions) to a non-empty set (u->resolved_calls), else NULL. */
vec<tree> *wmm_resolved_targets (const wmm_unitinfo *u, gimple *g);
/* Push the functions f's indirect calls may call onto *work (their
 * resolved targets); false when one of them is not resolved. */
bool wmm_push_resolved_callees (const wmm_unitinfo *u, cgraph_node *f,
                                vec<cgraph_node *> *work);

/* confined.cc: does function fndecl touch only the objects its pointer
 * arguments point to (and its own locals), through pointers derived from
 * its parameters, calling only functions that do the same? */
bool wmm_param_confined (const wmm_unitinfo *u, tree fndecl);
void wmm_confined_reset (void);
/* halts.cc: does call stmt end its thread's path (the process ends there:
 * exit, abort, a failed assertion, or a function of the program that
 * ends it on every path)?  _reset: forget the unit's functions. */
bool wmm_call_halts (gimple *stmt);
void wmm_halts_reset (void);

/* threadlocal.cc: an inclusion-based points-to analysis over every body
 * the analysis reads; objects no global, no thread's start argument and
 * no code outside the analysis can reach are touched by one thread.
 * wmm_threadlocal_analyse runs once per unit before the accesses are
 * collected.  Does SSA pointer ptr reach only such objects?  Is local
 * decl (its address taken) such an object? */
void wmm_threadlocal_analyse (wmm_unitinfo *u);
void wmm_threadlocal_reset (void);
bool wmm_threadlocal_pointer (tree ptr);
bool wmm_threadlocal_decl (tree decl);
/* Can code the analysis does not read (library calls, other units) not
 * reach bits [pos, pos + size) of variable decl (pos -1: any of them), by
 * the same analysis?  (A library given the address of one member reaches
 * that member.) */
bool wmm_threadlocal_unreached (tree decl, HOST_WIDE_INT pos,
                                HOST_WIDE_INT size);
/* Is no object of allocation call alloc ever given to free or realloc,
 * nor to code outside the analysis (so its storage is never another
 * object's)?  False when not known. */
bool wmm_threadlocal_never_freed (gimple *alloc);
/* The objects SSA pointer ptr may point to, when all are known (no
 * memory of code outside the analysis among them): an index naming that
 * set, else -1.  May a pointer with target set `set` point into the bits
 * [pos, pos + size) of variable decl (true when not known; size 0: any of
 * its bits)?  A member view of decl reaches only its member's bits. */
int wmm_threadlocal_targets (tree ptr);
/* The set holding only declared object decl (its address taken in the
 * analysed code), else -1. */
int wmm_threadlocal_decl_targets (tree decl);
/* The target set of the buffer zlib stream call `call` reads (next_in) or
 * writes (out: next_out), -1 when not known; whether target set `set`
 * holds only objects no other thread reaches. */
int wmm_threadlocal_zlib_buffer (gimple *call, bool out);
bool wmm_threadlocal_set_private (int set);
bool wmm_threadlocal_may_target (int set, tree decl, HOST_WIDE_INT pos = -1,
                                 HOST_WIDE_INT size = 0);
/* Does such a set hold memory of code outside (then the pointer may also
 * reach whatever escaped and whatever code outside can name)? */
bool wmm_threadlocal_targets_outside (int set);
/* Does such a set hold string literals only (never written)? */
bool wmm_threadlocal_targets_strings (int set);
/* The abstract object of allocation call `call` (-1: none), whether such
 * an object escaped to code outside the analysis (true when not known),
 * and how target set `set` meets the objects objs: 0 not at all, 1 only
 * them (string literals aside), -1 them and others, or not known. */
int wmm_threadlocal_alloc_object (gimple *call);
bool wmm_threadlocal_object_escaped (int o);
int wmm_threadlocal_set_meets (int set, const vec<int> &objs);
/* Is object o (an allocation's) held by no memory but object holder's
 * contents: not escaped, no thread's start argument, never stored into a
 * global, a local or any other object (private.cc: members a thread's
 * argument owns)? */
bool wmm_threadlocal_held_only_by (int o, int holder);
/* The object of declared variable decl (its address taken in the analysed
 * code), or -1. */
int wmm_threadlocal_decl_object (tree decl);
/* The one allocation call whose objects (or their members) are all that
 * target set `set` holds, string literals aside: its abstract object
 * (-1: none such), and that object's call (NULL: not known).  Objects of
 * two allocation calls are two objects (GCC's points-to gives each call
 * its own heap variable). */
int wmm_threadlocal_heap_site (int set);
gimple *wmm_threadlocal_site_call (int o);
/* Regions: allocation calls' objects and declared variables joined when
 * one pointer of the program (its targets without U) may point to both.
 * The region all objects of target set `set` lie in, string literals
 * aside (its representative object; -1: none such, or a target that is
 * neither), and whether `set` holds an object of region r (true when not
 * known).  wmm_threadlocal_object_decl: the variable of object o (NULL:
 * an allocation's, or none). */
int wmm_threadlocal_heap_region (int set);
tree wmm_threadlocal_object_decl (int o);
bool wmm_threadlocal_set_meets_region (int set, int r);
/* private.cc: memory only one thread reaches (thread-argument objects,
 * thread-specific data, unpublished heap memory) and the thread-locals
 * whose address escapes; wmm_private_analyse runs once per unit before
 * the accesses are collected. */
void wmm_private_analyse (wmm_unitinfo *u);
void wmm_private_reset (void);
bool wmm_tls_escapes (tree decl);
/* The key variable a pthread_getspecific / pthread_setspecific / tss_*
   call's first argument is loaded from, or NULL. */
tree wmm_tsd_key (gimple *call);
/* Is every reference to key variable k one of: &k given to
   pthread_key_create / tss_create, a load whose value only goes to the
   key's get / set / delete calls (a body's statement each)? */
bool wmm_key_contained (tree k);
/* Does SSA pointer ptr (of the function being collected) only reach
 * memory private to the running thread? */
bool wmm_private_pointer (tree ptr);
/* The global object SSA pointer ptr points into when it derives from the
   parameter of a start routine every create of which passes an address
   into that object (private.cc), or NULL. */
tree wmm_param_object (tree ptr);
/* The same, when ptr is known to point at a constant bit offset of that
 * object (*bits); NULL otherwise. */
tree wmm_param_object_at (tree ptr, HOST_WIDE_INT *bits);
/* Fresh memory published under a lock (publish.cc).  A segment of a
   fresh object: the SSA names of one function that hold its address, the
   statements after which the address may be in memory (stores of it,
   calls that store it), and the statement whose run makes a new object
   (the allocation, or the call of the constructor that returned it). */
struct wmm_fresh_segment {
  hash_set<tree> names;
  auto_vec<gimple *> points;
  gimple *avoid;
};
/* The object a malloc-like call `root` of function fndecl allocates, when
   it only leaves its web by stores into memory, also by callees of the
   unit (pushed to *stores), or by returns of a constructor neither
   exported nor address-taken whose callers do the same: its segments (to
   be deleted by the caller); else false. */
bool wmm_fresh_object (gimple *root, tree fndecl, vec<gimple *> *stores,
                       vec<wmm_fresh_segment *> *segs);
/* Is static `base` one that only function fn names, fn running at most
   once and no other unit seeing it (an exported one when no other unit's
   code may run): one object of fn's, as a local of it is?  (private.cc) */
bool wmm_creator_static (tree base, function *fn);
/* The web of `name` (of function fndecl: `_1 = &tasks[j]`, an address of
   a local array) when it only leaves the thread by stores into memory,
   also by callees (pushed to *stores): its names and points added to
   *into; else false. */
bool wmm_address_segment (tree name, tree fndecl, vec<gimple *> *stores,
                          wmm_fresh_segment *into);
/* The object a malloc-like call `root` allocates, for x86-TSO
   (publish.cc): seg->names, the names that hold it and nothing else (no
   PHI); seg->points, every use of its web that may let the address out
   (anything but dereferences, tests and calls that keep no copy); false
   when the web cannot be followed.  *extra: the segments of the unit's
   functions only the web's calls call, which keep no copy (an init
   helper, a C++ constructor), when their calls come before every point
   (to be deleted by the caller). */
bool wmm_fresh_escapes (gimple *root, wmm_fresh_segment *seg,
                        vec<wmm_fresh_segment *> *extra);
/* Does every use of the web of pointer `name` (of function fndecl) keep
   the object to the thread, except stores of a name into memory, also by
   callees, and by the callers it returns the pointer to (pushed to
   *stores)? */
bool wmm_web_stores (tree name, tree fndecl, vec<gimple *> *stores);
/* Does the thread only keep the pointer `name` holds in memory and
   compare it, never dereferencing it, calling with it or returning it
   (a Treiber push's relaxed load of the head, stored into its node)? */
bool wmm_web_opaque (tree name);
/* Is l a local whose address only compare-exchanges take, as their
   expected value, and which its function otherwise only sets and reads
   into SSA names (only its activation reads it back)? */
bool wmm_cas_expected_local (tree l);
/* Does every access through pointer `name` of function fn, a slot's
   load, stay inside its first `bound` bytes: constant offsets, no PHI,
   stores of it into memory (other slots), returns to every caller (all
   seen) and calls of functions whose parameter does the same?
   (private.cc) */
bool wmm_reader_within (tree name, function *fn, HOST_WIDE_INT bound);
/* The element size S when access `site` (of fn) touches round j's
   element inside its first S bytes — through `name`, `&a[j]` of a heap
   array defined outside j's loop or a pointer stepping by S, or directly
   `A[j].f` of a declared array (name NULL) — and `point` publishes that
   same element, so that every path from point to the access goes round
   the loop (j grows, cannot wrap) without running `avoid`: the access
   touches another element than the one point published; 0 otherwise.
   (pubelems.cc) */
HOST_WIDE_INT wmm_element_apart (function *fn, gimple *point,
                                 const wmm_site &site, tree name,
                                 gimple *avoid);
/* Does the web of pointer `name` (its only root, no PHI) keep the object
   it points to in the thread: dereferenced, tested, given to calls that
   keep no copy, never stored, returned or merged?  Its names go to
   *names. */
bool wmm_web_kept (tree name, hash_set<tree> *names);
/* Is stmt a call of a sized atomic or __sync builtin
 * (`__atomic_fetch_add_4`, `__sync_lock_test_and_set_8`): argument 0 is
 * the object it operates on? */
bool wmm_sized_atomic_call (gimple *stmt);
/* Is there a path from just after `from` to `to` (one function) that does
   not run `avoid`? */
bool wmm_reaches_avoiding (gimple *from, gimple *to, gimple *avoid);
/* Is fndecl a create wrapper of the unit: static, called only directly,
 * its one create (outside loops) taking its start routine, thread
 * argument and handle pointer straight from its parameters routineno,
 * argno and handleno, which nothing else uses (`xcreate (&t, worker,
 * arg)` calling pthread_create)?  (private.cc) */
bool wmm_create_wrapper (tree fndecl, int *routineno, int *argno,
                         int *handleno);
/* Is there a path from the start of block `from` to `to` that does not
 * run `avoid` (NULL: none)?  (private.cc) */
bool wmm_block_reaches (basic_block from, gimple *to, gimple *avoid);
/* The walk of wmm_block_reaches from the blocks in `work` (marked in
 * `seen`), stopping at any statement stop_at (g) accepts: is `to` met? */
template <typename F>
bool
wmm_walk_blocks (vec<basic_block> &work, bitmap seen, gimple *to, F stop_at)
{
  edge e;
  edge_iterator ei;
  while (!work.is_empty ())
    {
      basic_block b = work.pop ();
      bool stop = false;
      for (gimple_stmt_iterator gsi = gsi_start_bb (b);
           !gsi_end_p (gsi) && !stop; gsi_next (&gsi))
        {
          if (gsi_stmt (gsi) == to)
            return true;
          stop = stop_at (gsi_stmt (gsi));
        }
      if (stop)
        continue;
      FOR_EACH_EDGE (e, ei, b->succs)
        if (bitmap_set_bit (seen, e->dest->index))
          work.safe_push (e->dest);
    }
  return false;
}
/* Is there a path from just after `from` to `to` (one function) on which
 * no statement stop_at (g) accepts runs?  (omp.cc: no team barrier;
 * omptaskwait.cc: no taskwait.) */
template <typename F>
bool
wmm_reaches_unless (gimple *from, gimple *to, F stop_at)
{
  gimple_stmt_iterator g = gsi_for_stmt (from);
  for (gsi_next (&g); !gsi_end_p (g); gsi_next (&g))
    {
      if (gsi_stmt (g) == to)
        return true;
      if (stop_at (gsi_stmt (g)))
        return false;
    }
  auto_vec<basic_block> work;
  auto_bitmap seen;
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, gimple_bb (from)->succs)
    if (bitmap_set_bit (seen, e->dest->index))
      work.safe_push (e->dest);
  return wmm_walk_blocks (work, seen, to, stop_at);
}
/* memloc.cc: does taking the address of `base` in stmt let it escape
 * (stored, returned, merged, passed where a copy may be kept)?  Does
 * call stmt keep a copy of pointer argument ptr?  The argument a bound
 * parameter's default definition stands for (NULL: not bound). */
bool wmm_address_escapes (gimple *stmt, tree base);
bool wmm_ptr_kept_by_call (gimple *stmt, tree ptr);
/* The declarations whose address some body or static initializer of the
 * unit takes (tbaa.cc); with `quiet` (wmm_quiet_stmts), not counting
 * calls there that keep no copy (memset (a, 0, sizeof a) in main before
 * the threads). */
void wmm_addresses_taken (hash_set<tree> *taken,
                          hash_set<gimple *> *quiet = NULL);
/* OpenMP (omp.cc): which array accesses of a team's worksharing loop
 * touch their own thread's elements only (per unit). */
void wmm_omp_analyse (wmm_unitinfo *u);
void wmm_omp_reset (void);
/* omp.cc: is s a barrier of the whole team (GOMP_barrier, the end of a
 * worksharing construct without nowait)?  Every thread of the team
 * passes it, and none goes on before all have come. */
bool wmm_omp_team_barrier (gimple *s);
/* claims.cc: mark every shared location of the arrays (declarations) one
 * writer (wmm_location.one_writer); how many. */
int wmm_mark_one_writer (wmm_unitinfo *u, hash_set<tree> &arrays);
/* omp.cc: mark the locations of arrays every element of which one thread
 * of the teams writes (wmm_location.one_writer); how many. */
int wmm_omp_mark_one_writer (wmm_unitinfo *u);
/* ompsingle.cc: mark WMM_ACC_FRESH the accesses of the body of an OpenMP
 * single region, one per team function and run once per team; returns
 * how many. */
int wmm_omp_single_bodies (wmm_unitinfo *u);
/* omptaskwait.cc: locals a function shares only with its own OpenMP
 * tasks and touches only before creating them or after its taskwait:
 * their accesses moved to private.  How many. */
int wmm_omp_taskwait_locals (wmm_unitinfo *u);
bool wmm_omp_private_ref (tree ref);
/* omp.cc: is ssa the data-block parameter of a task function (every
 * reference to it GOMP_task's first argument, never called)?  libgomp
 * gives each task a copy of the block made inside GOMP_task (or runs it
 * there, in the parent's thread): the task's own memory. */
bool wmm_omp_task_block (tree ssa);
/* ompheap.cc: a team's access through the pointer v it loaded from
 * data-block field `field`: when `shaped`, `*(v + k * E)` or `*(v + (k *
 * rows + j) * E)` within [0, E) bytes, for k a partitioned counter (iv)
 * and 0 <= j < rows: bytes of iteration k's own row. */
struct wmm_omp_heap_ref {
  tree ref;
  gimple *stmt;
  tree iv;
  tree field;
  tree rows;              /* NULL: rows of one element */
  HOST_WIDE_INT elem;
  bool store;
  bool shaped;
  bool column;            /* p = v + x * elem (any x): the access touches
                             bits [lo, hi) of one element */
  HOST_WIDE_INT lo, hi;
};
/* Is j an inner loop's counter (a PHI from a constant >= 0, stepping up)
 * below a bound at statement `at`: a test `j < B` on the way there; B a
 * name (*bound) or a constant (*cbound).  Needs dominators. */
bool wmm_counter_below (tree j, gimple *at, tree *bound,
                        HOST_WIDE_INT *cbound);
/* Is the index of ARRAY_REF ref within its array's bounds at stmt: a
 * constant, or an inner loop's counter below the bound (needs
 * dominators)? */
bool wmm_index_within (tree ref, gimple *stmt);
/* The ARRAY_REF of the outermost dimension that ref (an element, or a
 * member of one: fields, elements of inner arrays within their bounds at
 * stmt) indexes, or NULL. */
tree wmm_indexed_ref (tree ref, gimple *stmt);
/* The data-block fields (of `blocks`, the GOMP_parallel blocks of serial
 * code) into which serial code stores fresh heap objects that reach
 * nothing else: field -> the allocations (malloc results) it may hold;
 * fields that may hold other pointers too go to *unknown; pairs of fields
 * that hold two objects at every start (double buffers swapped between
 * starts) to *apart. */
void wmm_omp_heap_fields (hash_set<cgraph_node *> &serial,
                          hash_set<tree> &blocks,
                          hash_map<tree, auto_vec<tree> > *fields,
                          hash_set<tree> *unknown,
                          vec<std::pair<tree, tree> > *apart);
/* The accesses of outlined function fn through its block's followed
 * fields (to *refs; needs dominators); fields whose pointers go
 * elsewhere than to dereferences go to *bad, all its block's fields
 * unless one start (one_start) gives it a block. */
void wmm_omp_heap_refs (function *fn, bool one_start, hash_set<tree> &ivs,
                        hash_map<tree, auto_vec<tree> > &fields,
                        vec<wmm_omp_heap_ref> *refs, hash_set<tree> *bad);
/* The data block (`&.omp_data_o.2`, a local of the starting function) an
 * outlined function's parameter `ssa` (its default definition) points
 * to, when one GOMP_parallel start is all that runs the function; else
 * NULL. */
tree wmm_omp_data_argument (tree ssa);
/* The parameters (bit i: parameter i) a function of the unit returns:
 * every value it returns is one of them, a copy, an offset or the address
 * of a member (`std::max`, `return &p->f`); 0 when it may return
 * anything else. */
unsigned wmm_returned_params (tree fndecl);
tree wmm_memloc_bound_argument (tree ssa);

/* memloc.cc: classify a memory reference.  Returns false when it cannot
 * be shared with another thread; otherwise *loc is a location index of
 * u->prog (or -1 = unknown address) and *name a display name (xstrdup). */
bool wmm_shared_ref (wmm_unitinfo *u, tree ref, int *loc, char **name,
                     int *width);
/* A reference with one variable array index into a small array (at most
 * max elements): the same reference with each constant index, in alts[];
 * returns how many (0 = not such a reference). */
int wmm_ref_alternatives (tree ref, tree *alts, int max);
/* Does ref access memory a malloc-like call of this function returned
 * (through copies, conversions and offsets)?  It is no declared object.
 * Not for an object allocated once (wmm_heap_once), whose words at known
 * offsets are locations of their own. */
bool wmm_ref_fresh_heap (tree ref);
/* The declaration IR location loc is part of (NULL: anonymous memory),
 * and with pos its bit range in it (*pos -1 when none). */
tree wmm_location_decl (int loc, HOST_WIDE_INT *pos = NULL,
                        HOST_WIDE_INT *size = NULL);
/* Does a pointer resolve to an object the analysis can name? */
bool wmm_pointer_resolves (tree ptr);
/* tbaa.cc: 1 + the target set of SSA pointer ptr (wmm_threadlocal_targets),
 * a parameter of a callee collected for one call taking its argument's;
 * 0: not known. */
int wmm_pointer_targets (tree ptr);
/* While a callee is collected for one call: its parameters stand for the
 * call's arguments (a stack: calls inside it bind on top). */
void wmm_memloc_bind (tree callee, gcall *call);
void wmm_memloc_unbind (void);
/* Same for memory reached through pointer `ptr` (a call argument): the
 * object, or the part of it, *ptr names; with `extent`, all a library
 * call given ptr may reach (memcpy & co: from *ptr to the end of its
 * array or object). */
bool wmm_shared_ptr (wmm_unitinfo *u, tree ptr, int *loc, char **name,
                     bool extent = false);
void wmm_memloc_reset (void);
/* The indirect calls resolved (entries.cc) that escape and copy analyses
 * may follow until the next reset; NULL: none. */
void wmm_memloc_resolved_calls (hash_map<gimple *, vec<tree> > *calls);
/* Accesses to overlapping but different ranges of one object get loc -1. */
void wmm_memloc_fix_overlaps (wmm_unitinfo *u);
/* Word k (0 .. WMM_OBJECT_WORDS - 1) of the parts of declared object decl
 * that accesses with a computed address touch (`hist[*1]` for
 * hist[i][j]): created on first use; -1 when the program is out of
 * locations. */
const int WMM_OBJECT_WORDS = 4;
int wmm_memloc_object_word (wmm_unitinfo *u, tree decl, int k,
                            const char *member = NULL);
/* The declared object of each location of the unit (objs[loc], NULL for
 * anonymous memory). */
void wmm_memloc_objects (const wmm_unitinfo *u, vec<tree> *objs);
/* The bits [*pos, *pos + *size) of its declared object that location loc
 * is; false for an object's words and anonymous memory. */
bool wmm_memloc_range (int loc, HOST_WIDE_INT *pos, HOST_WIDE_INT *size);

/* tbaa.cc: the alias sets of an access through reference `ref` in the
 * function being collected (zero = conflicts with every type: char,
 * may_alias, aggregates, unions, no -fstrict-aliasing), of an atomic
 * builtin's access of `width` bytes (0 = the whole object) through pointer
 * argument `ptr` (zero unless an address expression of an object of that
 * size), and, once the unit is collected, the locations each access to an
 * unknown address may touch (wmm_addr.alias). */
wmm_tbaa wmm_tbaa_of_ref (tree ref);
wmm_tbaa wmm_tbaa_of_ptr (tree ptr, int width);
/* A library call's access of the struct a pointer argument declared as
 * pointer to that struct points to (`event_del (&c->event)`): the alias
 * sets of the struct the argument's address names, of its type exactly;
 * none (any type) otherwise. */
wmm_tbaa wmm_tbaa_of_record_arg (tree ptr, tree declared);
/* A struct's tag (its name, an IDENTIFIER_NODE; `event` of `struct
 * event`, also where -flto left it incomplete), or NULL. */
tree wmm_record_tag (tree t);
/* A library call's string read through a pointer argument that is the
 * address of a char array member of a struct (`printf ("%s", e->name)`):
 * the member's alias sets (the last member's from its start on: the
 * struct hack) (a string read stays inside its array, C 7.1.1,
 * 7.21.6.1) into *out; false otherwise. */
bool wmm_tbaa_of_string_arg (tree ptr, wmm_tbaa *out);
/* For `ref` = *p or a member of *p with p a pointer parameter of a
 * function every call of which the unit sees, each passing the address
 * of a reference (`max (this->size, n)`): the alias sets of `ref` with
 * that reference put in for *p, per call (private locals left out);
 * wmm_tbaa.args of the access, 0 when not known. */
int wmm_tbaa_param_args (tree ref);
/* Is SSA name p a pointer parameter's entry value that every call (all
 * seen, as for wmm_tbaa_param_args) gives the address of a constant (a
 * string literal: `fail (err, "unlock")`)? */
bool wmm_param_gets_constants (tree p);
/* The list wmm_tbaa.args names, or NULL. */
const vec<wmm_tbaa> *wmm_tbaa_args (const wmm_tbaa &a);
void wmm_tbaa_apply (wmm_unitinfo *u);
void wmm_tbaa_reset (void);
/* The heap region whose objects alone an access with alias sets `a` may
 * touch through its pointer (1 + wmm_threadlocal_heap_region), or 0. */
int wmm_tbaa_heap_region (const wmm_tbaa &a);
/* collect.cc: the class of anonymous words an access with alias sets `a`
 * names in unit u: its heap region's (wmm_tbaa_heap_region) when that
 * class has words, or (made false) room for them, its type's else. */
wmm_anon_class wmm_anon_class_in (const wmm_unitinfo *u, const wmm_tbaa &a,
                                  bool made);

/* dump.cc */
bool wmm_dump_ir (const wmm_unitinfo *u, const char *path);

/* emit.cc: insert the fences and make the accesses of `vol` volatile
 * (vol[t][i] != 0 for instruction i of code unit t). */
void wmm_emit (wmm_unitinfo *u, const wmm_placement *pl, char **vol);
/* The C11 order / asm text a fence kind is emitted as on this target. */
const char *wmm_fence_instruction (wmm_fence kind);

/* The unit whose IR thread (code unit) is t, or NULL. */
const wmm_unit *wmm_unit_of_thread (const wmm_unitinfo *u, int t);

/* ordered.cc: run the placement and decide which accesses must stay in
 * program order (*vol, one array per code unit, freed by
 * wmm_free_volatile).  false after an error(). */
bool wmm_compute_placement (wmm_unitinfo *u, wmm_placement *pl, char ***vol);
void wmm_free_volatile (wmm_unitinfo *u, char **vol);

/* debugplace.cc: the placement given by debug-fence / debug-volatile. */
bool wmm_debug_placement (wmm_unitinfo *u, wmm_placement *pl, char ***vol);

/* check.cc: check the unit's code (as it now is) with the BMC; a note
 * with the verdict and u->check_json. */
void wmm_check_unit (wmm_unitinfo *u);
/* check.cc: check the unit's code with placement pl's fences added where
 * emit.cc would put them (pl NULL: as it is) into *r (free it with
 * wmm_verify_result_free); *has_error: the property is the assertions. */
void wmm_check_placement (wmm_unitinfo *u, const wmm_placement *pl,
                          struct wmm_verify_result *r, bool *has_error);
/* emit.cc: where a fence at instruction i of site s goes (before the
 * statement, after it, or both). */
void wmm_fence_sides (const wmm_thread *t, const wmm_site *s, int i,
                      bool *before, bool *after);
/* cegar.cc: goal=assertions: the cheapest placement found whose fenced
 * code the check finds safe (counterexample-guided; falls back to the full
 * placement, and says so); as wmm_compute_placement. */
bool wmm_goal_placement (wmm_unitinfo *u, wmm_placement *pl, char ***vol);

/* report.cc */
void wmm_report_diagnostics (wmm_unitinfo *u, const wmm_placement *pl);
bool wmm_report_json (wmm_unitinfo *u, const wmm_placement *pl,
                      char **vol, const char *path);
/* Source location of a fence position (code unit t, before index i). */
location_t wmm_position_location (const wmm_unitinfo *u, int t, int i);

/* section.cc: the unit's fence records, written into the object's
 * .wmm_records section at the end of the unit (runtime/wmmfence-report-format.h). */
void wmm_section_register (const char *plugin_name);
void wmm_section_record (wmm_unitinfo *u, const wmm_placement *pl);
/* One record field: a tab, then s with '\\', '\t' and '\n' escaped. */
void wmm_record_field (wmm_strbuf *b, const char *s);

/* lto.cc: whole-program mode (-flto).  The step this compiler process
 * runs: an ordinary compile, the compile step of -flto (writing GIMPLE;
 * _FAT: also native code), WPA, or the link step that compiles the
 * program's code (LTRANS, or lto1 with -flto-partition=none). */
enum wmm_lto_phase {
  WMM_LTO_OFF = 0,
  WMM_LTO_COMPILE,
  WMM_LTO_COMPILE_FAT,
  WMM_LTO_WPA,
  WMM_LTO_LINK
};
wmm_lto_phase wmm_lto_phase_now (void);
/* A variable's initializer (DECL_INITIAL), read in where lto1 has not done
 * so yet (it streams constructors in on demand and leaves error_mark_node
 * until asked); error_mark_node where it cannot be had. */
tree wmm_decl_initial (tree decl);
/* Link step: was the function compiled without the plugin (its body is
 * unknown code)?  Always false in the other steps. */
bool wmm_lto_foreign (tree fndecl);
/* The function's body when the analysis may read it (defined here, not an
 * alias or thunk, in SSA form, not foreign), or NULL. */
function *wmm_analysable_body (cgraph_node *n);
/* wmm_analysable_body when no other definition may replace it at link or
   load time (ELF interposition with -fPIC): the body every call runs. */
function *wmm_binding_body (cgraph_node *n);

/* processes.cc: does the unit fork and map memory it may share with the
 * child (mmap MAP_SHARED, shmat, shm_open)?  Then main's code runs in two
 * processes at once. */
bool wmm_forks_sharing_memory (const vec<cgraph_node *> &fns);
/* processes.cc: the unit's only concurrency is processes of its forks
 * (set by entries.cc): declared objects are each process's own. */
void wmm_set_processes_only (bool on);
bool wmm_processes_only (void);

/* Visit every non-debug statement of a body, block by block (PHIs are
   not statements here): wmm_each_stmt (fn, [&] (gimple *s) { ... }). */
template <typename F>
void
wmm_each_stmt (function *fn, F visit)
{
  basic_block bb;
  FOR_EACH_BB_FN (bb, fn)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
         gsi_next (&gsi))
      if (!is_gimple_debug (gsi_stmt (gsi)))
        visit (gsi_stmt (gsi));
}
/* Visit the value of every return of a body (NULL_TREE for a return
   without one; a block a noreturn call ends returns nothing) until a
   visit returns false; false then:
   wmm_each_return (fn, [&] (tree v) { return v != NULL_TREE; }). */
template <typename F>
bool
wmm_each_return (function *fn, F visit)
{
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, EXIT_BLOCK_PTR_FOR_FN (fn)->preds)
    if (greturn *r = safe_dyn_cast<greturn *> (last_stmt (e->src)))
      if (!visit (gimple_return_retval (r)))
        return false;
  return true;
}
/* Does statement a come before statement b on every path to b (a
   dominates b; the dominators of b's function computed)? */
inline bool
wmm_stmt_dominates (gimple *a, gimple *b)
{
  basic_block ba = gimple_bb (a), bb = gimple_bb (b);
  if (!ba || !bb)
    return false;
  if (ba != bb)
    return dominated_by_p (CDI_DOMINATORS, bb, ba);
  for (gimple_stmt_iterator g = gsi_for_stmt (a); !gsi_end_p (g); gsi_next (&g))
    if (gsi_stmt (g) == b)
      return a != b;
  return false;
}
/* Visit every statement that uses SSA name v (debug statements are
   skipped) until a visit returns false; false then:
   wmm_each_use (v, [&] (gimple *u) { return is_gimple_assign (u); }). */
template <typename F>
bool
wmm_each_use (tree v, F visit)
{
  imm_use_iterator it;
  use_operand_p use;
  FOR_EACH_IMM_USE_FAST (use, it, v)
    if (!is_gimple_debug (USE_STMT (use)) && !visit (USE_STMT (use)))
      return false;
  return true;
}
/* Visit every call edge of n and of its aliases (a C++ complete-object
   constructor's calls run the base-object body):
   wmm_each_caller (node, [&] (cgraph_edge *e) { ... }). */
template <typename F>
void
wmm_each_caller (cgraph_node *n, F visit)
{
  auto_vec<cgraph_node *> names;
  names.safe_push (n);
  while (!names.is_empty ())
    {
      cgraph_node *a = names.pop ();
      for (cgraph_edge *e = a->callers; e; e = e->next_caller)
        visit (e);
      ipa_ref *ref;
      for (unsigned i = 0; a->iterate_direct_aliases (i, ref); i++)
        if (cgraph_node *al = dyn_cast<cgraph_node *> (ref->referring))
          names.safe_push (al);
    }
}
/* Visit the value each call gives PARM_DECL parm: the argument of every
   direct call of its function (also through its aliases) and, for the
   first parameter of a static start routine, the thread argument of
   every create that starts it: visit (value, caller node) returns false
   to stop.  False when a visit said no, when there is none, or when some
   value cannot be seen (the function is exported, or its address goes
   elsewhere than to those creates).
   Example: wmm_each_param_source (parm, [&] (tree a, cgraph_node *) {
   return is_gimple_min_invariant (a); }). */
template <typename F>
bool
wmm_each_param_source (tree parm, F visit)
{
  tree fn = parm && TREE_CODE (parm) == PARM_DECL ? DECL_CONTEXT (parm)
                                                  : NULL_TREE;
  int k = fn ? wmm_param_index (fn, parm) : -1;
  cgraph_node *node = k >= 0 ? cgraph_node::get (fn) : NULL;
  if (!node)
    return false;
  bool ok = true, any = false, creates = false;
  ipa_ref *ref;
  for (int i = 0; ok && node->iterate_referring (i, ref); i++)
    {
      tree routine;
      gimple *s = ref->stmt;
      if (ref->use == IPA_REF_ALIAS)
        continue;   /* (a C++ constructor's other name: its calls count) */
      cgraph_node *by = dyn_cast<cgraph_node *> (ref->referring);
      /* a method a std::thread runs on an object (`std::thread (&C::run,
         this)`): `this` is that object (static or C++ inline code: other
         units run their own copy on their own objects) */
      if (tree obj = k == 0 && s && by && by->get_fun ()
                     && (!TREE_PUBLIC (fn) || DECL_COMDAT (fn))
                     ? wmm_thread_method_object (s, by->get_fun (), fn)
                     : NULL_TREE)
        {
          ok = visit (obj, by);
          any = creates = true;
          continue;
        }
      int ai = s && is_gimple_call (s) ? wmm_thread_arg_index (s) : -1;
      ok = k == 0 && ai >= 0 && !TREE_PUBLIC (fn) && !DECL_EXTERNAL (fn)
           && !node->alias && wmm_is_thread_create (s, &routine)
           && routine == fn && (unsigned) ai < gimple_call_num_args (s)
           && visit (gimple_call_arg (s, ai),
                     dyn_cast<cgraph_node *> (ref->referring));
      any = creates = true;
    }
  if (!ok || (!creates && !wmm_calls_all_seen (node)))
    return false;
  wmm_each_caller (node, [&] (cgraph_edge *e) {
    if (ok)
      ok = e->call_stmt && (unsigned) k < gimple_call_num_args (e->call_stmt)
           && visit (gimple_call_arg (e->call_stmt, k), e->caller);
    any = true;
  });
  return ok && any;
}
/* The one place every source of PARM_DECL parm (wmm_each_param_source)
   points to: resolve (value, caller node, &offset) gives each one's
   object (NULL: none) and byte offset; the object, its offset in *at;
   NULL when some source has none or two differ. */
template <typename F>
tree
wmm_param_one_place_by (tree parm, HOST_WIDE_INT *at, F resolve)
{
  tree obj = NULL_TREE;
  HOST_WIDE_INT pos = 0;
  bool ok = wmm_each_param_source (parm, [&] (tree a, cgraph_node *caller) {
    HOST_WIDE_INT o = 0;
    tree b = resolve (a, caller, &o);
    if (!b || (obj && (b != obj || o != pos)))
      return false;
    obj = b;
    pos = o;
    return true;
  });
  *at = pos;
  return ok ? obj : NULL_TREE;
}
/* Visit every body of the unit's code, visit (fn) saying whether to go
   on; false as soon as a visit says no, or when some defined function's
   body cannot be read (another partition, a unit compiled without the
   plugin under -flto): for facts that must hold of all the code. */
template <typename F>
bool
wmm_every_body (F visit)
{
  cgraph_node *node;
  FOR_EACH_DEFINED_FUNCTION (node)
    {
      if (node->alias || wmm_node_is_thunk (node))
        continue;
      function *fn = wmm_analysable_body (node);
      if (!fn)
        {
          if (node->has_gimple_body_p () || node->in_other_partition
              || wmm_lto_foreign (node->decl))
            return false;
          continue;
        }
      if (!visit (fn))
        return false;
    }
  return true;
}
/* Can a path from fn's entry leave it: reach the exit, a statement for
 * which leaves (stmt) is true, or (when dead_ends_leave) a block with no
 * way on, before a statement for which stops (stmt) is true?  Only edges
 * for which follows (e) is true are taken (fake edges never).  Example:
 * wmm_path_leaves (fn, [] (gimple *s) { return is_exit_call (s); },
 * [] (gimple *) { return false; }, false). */
template <typename S, typename L, typename F>
bool
wmm_path_leaves (function *fn, S stops, L leaves, bool dead_ends_leave,
                 F follows)
{
  auto_vec<basic_block> work;
  auto_bitmap seen;
  work.safe_push (ENTRY_BLOCK_PTR_FOR_FN (fn));
  while (!work.is_empty ())
    {
      basic_block bb = work.pop ();
      if (bb == EXIT_BLOCK_PTR_FOR_FN (fn))
        return true;
      bool stopped = false;
      for (gimple_stmt_iterator gsi = gsi_start_bb (bb);
           !gsi_end_p (gsi) && !stopped; gsi_next (&gsi))
        {
          if (stops (gsi_stmt (gsi)))
            stopped = true;
          else if (leaves (gsi_stmt (gsi)))
            return true;
        }
      if (stopped)
        continue;
      unsigned out = 0;
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, bb->succs)
        if (!(e->flags & EDGE_FAKE))
          {
            out++;
            if (follows (e) && bitmap_set_bit (seen, e->dest->index))
              work.safe_push (e->dest);
          }
      if (!out && dead_ends_leave && bb != ENTRY_BLOCK_PTR_FOR_FN (fn))
        return true;
    }
  return false;
}
template <typename S, typename L>
bool
wmm_path_leaves (function *fn, S stops, L leaves, bool dead_ends_leave)
{
  return wmm_path_leaves (fn, stops, leaves, dead_ends_leave,
                          [] (edge) { return true; });
}
/* Visit every body the analysis may read (wmm_analysable_body):
   wmm_each_body ([&] (cgraph_node *node, function *fn) { ... }). */
template <typename F>
void
wmm_each_body (F visit)
{
  cgraph_node *node;
  FOR_EACH_FUNCTION_WITH_GIMPLE_BODY (node)
    if (function *fn = wmm_analysable_body (node))
      visit (node, fn);
}
/* Run f () with fn as cfun and its dominators computed (freed after when
   they were not there before); returns f's result. */
template <typename F>
bool
wmm_with_dominators (function *fn, F f)
{
  push_cfun (fn);
  bool had = dom_info_available_p (CDI_DOMINATORS);
  if (!had)
    calculate_dominance_info (CDI_DOMINATORS);
  bool r = f ();
  if (!had)
    free_dominance_info (CDI_DOMINATORS);
  pop_cfun ();
  return r;
}
/* Visit every PHI of a body: wmm_each_phi (fn, [&] (gphi *phi) { ... }). */
template <typename F>
void
wmm_each_phi (function *fn, F visit)
{
  basic_block bb;
  FOR_EACH_BB_FN (bb, fn)
    for (gphi_iterator gpi = gsi_start_phis (bb); !gsi_end_p (gpi);
         gsi_next (&gpi))
      visit (gpi.phi ());
}
/* publish.cc, flagpub.cc: the locations access `in` may touch, visited until visit returns false;
 * false when it may touch any location at all (no alias set). */
template <typename F>
bool
wmm_each_loc (const wmm_program *p, const wmm_instr *in, F visit)
{
  int l = in->addr.loc_hint;
  if (l >= 0 && l < p->nlocs)
    return visit (l), true;
  if (in->addr.alias < 0 || in->addr.alias >= p->naliases)
    return false;
  const wmm_locset *s = &p->aliases[in->addr.alias];
  for (int k = 0; k < s->n; k++)
    if (!visit (s->locs[k]))
      break;
  return true;
}

/* flagpub.cc, oncepub.cc: visit the direct accesses of location l by running code (unit, index,
 * site, the function of the statement); false when some other access
 * may touch l (an unknown address, a call's stand-in, no statement).
 * With unknown_reads, a plain read of an unknown address that may touch
 * l is visited too (its loc_hint is not l); with object_refs, an access
 * at a computed index of a declared object (`payload[i]`: it touches
 * only that object, tbaa.cc) is too. */
template <typename F>
bool
wmm_each_access (wmm_unitinfo *u, int l, const vec<bool> &runs, F visit,
                 bool unknown_reads = false, bool object_refs = false)
{
  wmm_program *p = u->prog;
  for (wmm_unit &unit : u->units)
    {
      if (!runs[unit.thread])
        continue;   /* a copy of code collected in place where it runs */
      wmm_thread *t = &p->threads[unit.thread];
      for (int i = 0; i < t->ncode; i++)
        {
          const wmm_instr *in = &t->code[i];
          if (!wmm_instr_is_access (in))
            continue;
          bool touches = false;
          bool known = wmm_each_loc (p, in, [&] (int m) {
            touches |= m == l;
            return !touches;
          });
          if (known && !touches)
            continue;
          const wmm_site &site = unit.sites[i];
          if (site.summary || !site.stmt
              || (in->addr.loc_hint != l
                  && !(unknown_reads && in->addr.loc_hint < 0
                       && !wmm_instr_writes (in))
                  && !(object_refs && in->addr.loc_hint < 0
                       && site.tbaa.object)))
            return false;
          if (!visit (unit, in, site, site.fn ? site.fn : unit.fn))
            return false;
        }
    }
  return true;
}

/* flagpub.cc, counters.cc: is s `p = &v` with p used (debug statements
 * aside) only as the first argument of calls that ok (call) accepts, and
 * as no other argument of them?  (The pointer temporary of
 * <stdatomic.h>'s macros: `p = &ready; __atomic_load_4 (p, 2)`.) */
template <typename F>
bool
wmm_address_temporary (gimple *s, F ok)
{
  if (!gimple_assign_single_p (s)
      || TREE_CODE (gimple_assign_rhs1 (s)) != ADDR_EXPR
      || TREE_CODE (gimple_assign_lhs (s)) != SSA_NAME)
    return false;
  tree p = gimple_assign_lhs (s);
  imm_use_iterator it;
  use_operand_p use;
  FOR_EACH_IMM_USE_FAST (use, it, p)
    {
      gimple *u = USE_STMT (use);
      if (is_gimple_debug (u))
        continue;
      if (!is_gimple_call (u) || gimple_call_num_args (u) < 1
          || gimple_call_arg (u, 0) != p || !ok (u))
        return false;
      for (unsigned i = 1; i < gimple_call_num_args (u); i++)
        if (gimple_call_arg (u, i) == p)
          return false;
    }
  return true;
}

/* publish.cc, flagpub.cc: move every access that pick (unit, index)
 * accepts to the private location `name` (made at *fresh the first time), telling moved (thread, index,
 * its old location) of each; how many. */
template <typename P, typename M>
int
wmm_move_to_private (wmm_unitinfo *u, int *fresh, const char *name, P pick,
                     M moved)
{
  wmm_program *p = u->prog;
  int n = 0;
  for (wmm_unit &unit : u->units)
    for (int i = 0; i < p->threads[unit.thread].ncode; i++)
      {
        if (!wmm_instr_is_access (&p->threads[unit.thread].code[i])
            || !pick (unit, i))
          continue;
        if (*fresh < 0)
          {
            if ((*fresh = wmm_program_loc (p, name)) < 0)
              return n;
            p->locs[*fresh].is_private = 1;
          }
        wmm_instr *in = &p->threads[unit.thread].code[i];
        moved (unit.thread, i, in->addr.loc_hint);
        in->addr.loc_hint = *fresh;
        n++;
      }
  return n;
}

/* Compile step: the fences of the per-unit placement are marked (the
 * builtin call's function type carries an attribute, an asm fence an
 * unused "i" operand) so that the link step can tell them from the
 * program's own and replace them; elsewhere nothing is marked. */
void wmm_lto_mark_fence (gcall *call);
vec<tree, va_gc> *wmm_lto_fence_inputs (void);
/* Compile step: the volatile type of an access made volatile, marked with
 * its former type (an attribute of a type variant) so that the link step
 * can make the access plain again; vtype itself elsewhere. */
tree wmm_lto_volatile_type (tree type, tree vtype);
/* Link step, after emission: every access the compile step made volatile
 * and the whole program does not order (not in vol, NULL: none) becomes
 * plain again. */
void wmm_lto_release_volatile (wmm_unitinfo *u, char **vol);
/* ltomark.cc.  Compile step: mark every function with a body as seen by
 * the plugin, with the settings of that step (wmm_lto_settings).  Was the
 * function so marked?  Link step: remove fn's compile-step fences (how
 * many). */
void wmm_lto_mark_functions (const char *settings);
bool wmm_lto_marked (tree fndecl);
/* The settings a function's compile step ran with (its mark's argument),
 * or NULL (a mark without one). */
const char *wmm_lto_mark_settings (tree fndecl);
/* The options that decide which accesses the compile step keeps in
 * program order, as text ("arch=power from=sc threads=auto ..."), for
 * the marks and the link step's check (xmalloc'd). */
char *wmm_lto_settings (const wmm_unitinfo *u);
int wmm_lto_strip_fences (function *fn);
/* Link step: read every marked body (notes: foreign functions, a partial
 * partition). */
void wmm_lto_load_bodies (wmm_unitinfo *u);
/* lto1 (WPA or the link step): keep the program in one LTRANS partition
 * (WPA) and no inlining between marked and foreign bodies. */
void wmm_lto_link_setup (const char *plugin_name);
/* The unit's name in reports: the main input file, or at the link step
 * "PROG (-flto)". */
const char *wmm_unit_name (void);

/* Write `text` to `path` through a temporary file and rename. */
bool wmm_write_file_atomically (const char *path, const char *text,
                                size_t len);

#endif
