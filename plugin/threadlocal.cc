/* threadlocal.cc — objects no two threads can reach, by an inclusion-based
 * (Andersen-style) points-to analysis over every body the analysis reads:
 * the unit's functions, or under -flto the whole program's.
 *
 * Example (zopfli's match cache, called from pigz's compress threads):
 *   void init_cache (size_t n, struct cache *c) {
 *     c->length = malloc (n * 2);
 *     for (i = 0; i < n; i++) c->length[i] = 1;   <- private
 *   }
 *   void deflate_part (...) { struct state s; s.lmc = malloc (sizeof
 *     *s.lmc); init_cache (n, s.lmc); ... free (s.lmc->length); }
 *   -> c->length[i] may only point to the malloc of init_cache, whose
 *   objects are stored only into the malloc of deflate_part, whose
 *   objects are stored only into the local s: none of them is reachable
 *   from a global, from a thread's argument or from code the analysis
 *   cannot read, so each object is touched by the thread that made it.
 *
 * Abstract objects: each declared variable (one for all activations of a
 * local), each allocation call (malloc & co, ECF_MALLOC, alloca), each
 * function (its address, for indirect calls), string literals, and U: all
 * memory code outside the analysis may reach.  An object's content is
 * kept per record member and split into what pointer-typed and other
 * lvalues stored (C's effective types; GCC's strict aliasing); each SSA
 * name has a points-to set, whose elements may also be member views (the
 * address of one scalar or array member: accesses through it touch that
 * member; see struct view).  Every statement adds inclusion constraints;
 * values are tracked through any arithmetic but pointer differences (a
 * pointer hidden in an integer keeps its targets).  Code the
 * analysis cannot read (calls without a body the analysis sees, asm,
 * library calls except the memory builtins below) gets U for what it
 * returns and writes, and every object it is given escapes: it joins U's
 * content, and so does everything reachable from it.  Functions whose
 * address escapes, or that other units may call, take U for their
 * parameters.  A library call keeps no copy of an argument only when
 * libfns.cc's table says so, or it is one of libstdc++'s compiled string,
 * stream and hash members modelled below by what they store, or an exit
 * registration (`__cxa_atexit (dtor, &obj, ...)`: dtor's parameter gets
 * &obj, nothing escapes).
 *
 * Shared objects: every global (static or not), every escaped object, and
 * everything their contents reach (closure).  Another thread can only
 * obtain an object through a global, through its start argument (given to
 * pthread_create & co: library code, so it escapes; a pthread_create of a
 * start routine the analysis reads binds the argument to its parameter
 * and makes its targets shared without giving them to code outside; so
 * does std::thread's _M_start_thread for its state and the unit's
 * _State_impl members) or
 * through code the analysis cannot read; so an object outside that set
 * is reached by at most the thread that made it (each activation's
 * local, each allocation's memory, is new).  A pointer whose points-to set is not
 * empty and holds only such objects reaches private memory.  A pointer
 * whose set is known and holds no U may touch only the variables in it,
 * and nothing another thread writes when it holds only string literals
 * (tbaa.cc: wmm_threadlocal_targets, wmm_threadlocal_may_target,
 * wmm_threadlocal_targets_strings).
 */
#include "plugin.h"
#include <map>
#include <tuple>
#include <vector>

namespace {

enum cons_kind {
  C_COPY,    /* pts(a) >= pts(b) */
  C_LOAD,    /* pts(a) >= content(o) for o in pts(b) */
  C_STORE,   /* content(o) >= pts(b) for o in pts(a) */
  C_MCOPY,   /* content(o1) >= content(o2), o1 in pts(a), o2 in pts(b) */
  C_VIEW,    /* pts(a) >= view (o, key) for o in pts(b): &p->f */
  C_WIDEN    /* pts(a) >= pts(b), member views as their objects (which
                ones: the W_* mask) */
};

/* C_WIDEN's masks: which member views become their whole objects (those
   of scalar members, or all), and whether an escaped pointer may be an
   escaped member view turned into its object (W_FROM_U). */
const int W_SCALAR = 1, W_ALL = 2, W_FROM_U = 4;

/* The two halves of an object's content: what was stored through
   pointer-typed lvalues and through other scalar ones.  By C's effective
   type rules (GCC's strict aliasing, the default) a load of an int reads
   no pointer stored as a pointer; char accesses, unions, aggregates and
   -fno-strict-aliasing touch both. */
const int B_PTR = 1, B_OTHER = 2, B_BOTH = 3;
/* C_STORE: not into U's content (a library's out-parameter keeps what it
   is given in the caller's memory, not in memory of its own). */
const int B_NOT_U = 4;

/* Which member of an object an access touches: the record type (its
   canonical type) and the member's bit position in it; rec NULL: any
   member (an access through a plain pointer, an array element, a char,
   a union, an aggregate).  By the same rules, p->f reads what was stored
   through a member at that place of that record or through no member. */
struct fkey {
  tree rec;
  HOST_WIDE_INT pos;
};

struct cons {
  cons_kind kind;
  int a, b;
  int mask;                  /* the content halves: B_* */
  fkey key;                  /* C_LOAD, C_STORE: the member */
  bool same_type;            /* C_MCOPY: members copied to the same
                                members (else to any member) */
};

/* One content of an object: a member's, in two halves. */
struct slot {
  fkey key;
  int node[2];
};

/* A call through a pointer: its targets are bound as they appear. */
struct icall {
  gcall *stmt;
  int fnptr;                 /* value node of the called pointer */
  hash_set<tree> *bound;     /* FUNCTION_DECLs already bound */
  bool unknown;              /* treated as a call of unknown code */
};

struct fninfo {
  tree decl;
  function *fn;
  int ret;                   /* value node of what it returns */
  bool outside;              /* code outside the analysis may call it */
  int allocator;             /* -2: not an allocation wrapper; -1: one
                                returning fresh memory; k >= 0: one that
                                may also return parameter k (realloc) */
  int varargs;               /* value node of every call's variadic
                                arguments (va_start puts them in its
                                va_list, va_arg reads them from there) */
};

const int OBJ_U = 0;         /* what code outside the analysis reaches */
const int OBJ_STR = 1;       /* string literals: never written */
const int MAX_ROUNDS = 200;

/* A member view: the address of one member of an object that is a scalar
   or an array of scalars (member_view: not the first member, not an array
   at the end), `&g.in_buf[i]`,
   `&node->next`.  An access through it touches only that member's content
   (an array's elements: pointer arithmetic stays in its array, C11
   6.5.6p8); arithmetic that may leave it (any offset from a scalar
   member, container_of; integer arithmetic from any member) turns it
   back into its object (C_WIDEN).  A view given to a library escapes as
   its member; given to other code outside the analysis (another unit,
   asm), as its whole object. */
struct view {
  int base;                  /* the object */
  fkey key;                  /* its member */
  bool array;                /* an array member (offsets stay inside) */
  int obj;                   /* the view's own object number */
};

struct state {
  bitmap_obstack obs;
  vec<bitmap> pts;           /* per value node */
  std::vector<std::vector<slot> > slots;  /* per object: its contents */
  vec<int> obj_view;         /* per object: index in views, or -1 */
  vec<view> views;
  bitmap view_objs;          /* the objects that are member views */
  bitmap alloc_objs;         /* the objects of allocation calls */
  bitmap member_escaped;     /* objects some member view of which escaped */
  std::map<std::tuple<int, tree, HOST_WIDE_INT>, int> view_index;
                             /* (object, member) -> its view's object */
  vec<int> obj_node;         /* per object: the value node holding just it
                                (no constraint ever adds to it), or -1 */
  int u_content;             /* U's one content: every escaped object */
  int str_content;           /* string literals': always empty */
  vec<tree> obj_decl;        /* per object: its decl (or NULL) */
  hash_map<tree, int> ssa_node;
  hash_map<tree, int> decl_obj;
  hash_map<gimple *, int> site_obj;
  hash_map<tree, int> fn_index;  /* FUNCTION_DECL -> index in fns */
  vec<fninfo> fns;
  vec<cons> cs;
  vec<icall> icalls;
  hash_map<gimple *, vec<tree> > *resolved;  /* entries.cc's targets */
  int u_node;                /* a value node holding {U} */
  bitmap shared;             /* objects another thread may reach */
  int thread_args;           /* a value node holding the start arguments
                                of thread_start's creates */
  vec<int> freed;            /* value nodes given to free and realloc */
  bitmap reused;             /* objects whose storage may become another
                                object's: freed or escaped */
  vec<bitmap> target_sets;   /* wmm_threadlocal_targets: distinct sets */
  vec<hashval_t> target_hash;
  vec<bool> target_strings;  /* ... holding string literals only */
  vec<int> region;           /* per object: union-find parent of the heap
                                regions (find_regions) */
  vec<tree> access_ptrs;     /* the pointers memory is accessed through
                                (note_access_pointers) */
  hash_map<gimple *, std::pair<int, int> > zlib_buffers;
                             /* a zlib stream call: the value nodes of its
                                stream's next_in and next_out */
  int zlib_windows;          /* the windows given to inflateBackInit_ */
  int event_regs;            /* the callbacks and arguments given to
                                libevent's event_set / event_assign */
  vec<int> event_args;       /* the `struct event *` arguments of libevent
                                calls (libevent_event_arg) */
  bool event_fields;         /* code read writes a struct event's members
                                or takes their address */
  vec<std::pair<int, int> > event_outs;
                             /* ... and what their calls are given */
  vec<std::pair<int, int> > event_loads;
                             /* value nodes loaded from such members, and
                                what they may hold (event_member_kind) */
  int specific;              /* the values given to pthread_setspecific /
                                tss_set, for any key */
  vec<tree> specific_keys;   /* the key variables those calls name */
  bool specific_foreign;     /* a key that is no declared variable */
  bool specific_settled;     /* settle_specific gave them to code outside */
  bool valid;
};

state *st;
int cur_fn;                  /* index in fns of the body being read */

int
new_node (void)
{
  st->pts.safe_push (BITMAP_ALLOC (&st->obs));
  return st->pts.length () - 1;
}

int
new_object (tree decl)
{
  int o = st->obj_decl.length ();
  st->slots.emplace_back ();
  st->obj_decl.safe_push (decl);
  st->obj_node.safe_push (-1);
  st->obj_view.safe_push (-1);
  return o;
}

/* The object o stands for: its own, or a member view's object. */
inline int
base_of (int o)
{
  return st->obj_view[o] < 0 ? o : st->views[st->obj_view[o]].base;
}

/* The view of member key (an array member when array) of object o (made
   on first use); U and string literals are their own views. */
int
view_of (int o, const fkey &key, bool array)
{
  o = base_of (o);
  if (o == OBJ_U || o == OBJ_STR)
    return o;
  auto ins = st->view_index.emplace (std::make_tuple (o, key.rec, key.pos),
                                     -1);
  if (!ins.second)
    return ins.first->second;
  int v = new_object (NULL_TREE);
  st->obj_view[v] = st->views.length ();
  st->views.safe_push ({o, key, array, v});
  bitmap_set_bit (st->view_objs, v);
  ins.first->second = v;
  return v;
}

const fkey ANY = {NULL_TREE, 0};

inline bool
same_key (const fkey &a, const fkey &b)
{
  return a.rec == b.rec && a.pos == b.pos;
}

/* The value node of half h (0: pointers, 1: other) of object o's content
   for member key k (made on first use). */
int
slot_node (int o, const fkey &k, int h)
{
  if (o == OBJ_U)
    return st->u_content;
  if (o == OBJ_STR)
    return st->str_content;
  std::vector<slot> &v = st->slots[o];
  for (slot &sl : v)
    if (same_key (sl.key, k))
      return sl.node[h];
  slot sl = {k, {new_node (), new_node ()}};
  st->slots[o].push_back (sl);
  return sl.node[h];
}

/* The member an access with member key k through object o touches: a
   member view's member whatever k says. */
inline fkey
access_key (int o, const fkey &k)
{
  return st->obj_view[o] < 0 ? k : st->views[st->obj_view[o]].key;
}

/* Does an access of member k read slot sl: its member's content, what
   was stored through no member, or every slot when k names none? */
inline bool
reads_slot (const fkey &k, const slot &sl)
{
  return !k.rec || !sl.key.rec || same_key (sl.key, k);
}

/* The value node of half h of the content an access with member key k
   through object o writes. */
int
content_node (int o, const fkey &k, int h)
{
  return slot_node (base_of (o), access_key (o, k), h);
}

void
add (cons_kind k, int a, int b, int mask = B_BOTH, fkey key = ANY,
     bool same_type = false)
{
  if (a < 0 || b < 0 || (k == C_COPY && a == b))
    return;
  st->cs.safe_push ({k, a, b, mask, key, same_type});
}

/* The key of record type rec's member at bit position pos. */
fkey
key_of (tree rec, HOST_WIDE_INT pos)
{
  rec = TYPE_MAIN_VARIANT (rec);
  if (TYPE_STRUCTURAL_EQUALITY_P (rec) || !TYPE_CANONICAL (rec))
    return ANY;
  return {TYPE_CANONICAL (rec), pos};
}

/* The member of an object of type `type` that bits [pos, pos + size)
   are exactly (through nested records and arrays), as member_key names
   it: GCC folds `*str` with str = &g.inf into MEM[(char **)&g + 24B]. */
fkey
member_at (tree type, HOST_WIDE_INT pos, HOST_WIDE_INT size)
{
  for (int depth = 0; depth < 16; depth++)
    {
      if (TREE_CODE (type) == ARRAY_TYPE)
        {
          tree elt = TREE_TYPE (type);
          if (!TYPE_SIZE (elt) || !tree_fits_shwi_p (TYPE_SIZE (elt))
              || tree_to_shwi (TYPE_SIZE (elt)) <= 0)
            return ANY;
          pos %= tree_to_shwi (TYPE_SIZE (elt));
          type = elt;
          continue;
        }
      if (TREE_CODE (type) != RECORD_TYPE)
        return ANY;
      tree field;
      for (field = TYPE_FIELDS (type); field; field = DECL_CHAIN (field))
        {
          if (TREE_CODE (field) != FIELD_DECL || !DECL_SIZE (field)
              || !tree_fits_shwi_p (bit_position (field))
              || !tree_fits_shwi_p (DECL_SIZE (field)))
            continue;
          HOST_WIDE_INT fp = int_bit_position (field);
          HOST_WIDE_INT fs = tree_to_shwi (DECL_SIZE (field));
          if (pos >= fp && pos + size <= fp + fs)
            break;
        }
      if (!field)
        return ANY;
      tree ft = TREE_TYPE (field);
      HOST_WIDE_INT fp = int_bit_position (field);
      tree elt = ft;
      while (TREE_CODE (elt) == ARRAY_TYPE)
        elt = TREE_TYPE (elt);
      if (TREE_CODE (elt) == RECORD_TYPE)
        {
          /* inside a nested record (or an array of them) */
          type = ft;
          pos -= fp;
          continue;
        }
      if (AGGREGATE_TYPE_P (elt))
        return ANY;                 /* a union */
      if (ft == elt && (pos != fp || size != tree_to_shwi (DECL_SIZE (field))))
        return ANY;                 /* part of a scalar member */
      return key_of (type, fp);
    }
  return ANY;
}

/* The member an access through reference ref touches (ANY when not one
   member of a record, or -fno-strict-aliasing). */
fkey
member_key (tree ref)
{
  if (!flag_strict_aliasing || AGGREGATE_TYPE_P (TREE_TYPE (ref)))
    return ANY;
  if (TREE_CODE (ref) == MEM_REF
      && TREE_CODE (TREE_OPERAND (ref, 0)) == ADDR_EXPR)
    {
      /* a member of a declared record at a constant offset */
      poly_int64 off, size, max;
      bool reverse;
      tree base = get_ref_base_and_extent (ref, &off, &size, &max, &reverse);
      HOST_WIDE_INT o, sz;
      if (base && DECL_P (base) && off.is_constant (&o)
          && size.is_constant (&sz) && known_eq (size, max) && sz > 0)
        return member_at (TREE_TYPE (base), o, sz);
      return ANY;
    }
  tree field = NULL_TREE;
  for (tree t = ref; handled_component_p (t); t = TREE_OPERAND (t, 0))
    {
      if (TREE_CODE (t) == VIEW_CONVERT_EXPR || TREE_CODE (t) == BIT_FIELD_REF)
        return ANY;
      if (TREE_CODE (t) == COMPONENT_REF)
        {
          if (TREE_CODE (TREE_TYPE (TREE_OPERAND (t, 0))) != RECORD_TYPE)
            return ANY;             /* a union's member */
          if (!field)
            field = TREE_OPERAND (t, 1);
        }
    }
  if (!field || TREE_CODE (field) != FIELD_DECL || !DECL_CONTEXT (field)
      || !tree_fits_shwi_p (bit_position (field)))
    return ANY;
  return key_of (DECL_CONTEXT (field), int_bit_position (field));
}

/* Which halves an access through reference ref of type `type` touches. */
int
ref_halves (tree ref, tree type)
{
  if (!flag_strict_aliasing || !type)
    return B_BOTH;
  if (ref)
    {
      if (get_alias_set (ref) == 0)
        return B_BOTH;
      for (tree t = ref; handled_component_p (t); t = TREE_OPERAND (t, 0))
        if (TREE_CODE (t) == VIEW_CONVERT_EXPR || TREE_CODE (t) == BIT_FIELD_REF
            || (TREE_CODE (t) == COMPONENT_REF
                && (TREE_CODE (TREE_TYPE (TREE_OPERAND (t, 0))) == UNION_TYPE
                    || TREE_CODE (TREE_TYPE (TREE_OPERAND (t, 0)))
                       == QUAL_UNION_TYPE)))
          return B_BOTH;
    }
  else if (get_alias_set (type) == 0)
    return B_BOTH;
  if (POINTER_TYPE_P (type))
    return B_PTR;
  if (INTEGRAL_TYPE_P (type) || SCALAR_FLOAT_TYPE_P (type)
      || TREE_CODE (type) == COMPLEX_TYPE)
    return B_OTHER;
  return B_BOTH;
}

/* The value node holding exactly object o. */
int
node_of_object (int o)
{
  if (st->obj_node[o] < 0)
    {
      st->obj_node[o] = new_node ();
      bitmap_set_bit (st->pts[st->obj_node[o]], o);
    }
  return st->obj_node[o];
}

int
ssa_node (tree name)
{
  bool existed;
  int &n = st->ssa_node.get_or_insert (name, &existed);
  if (!existed)
    n = new_node ();
  return n;
}

/* The object of a declaration whose address may be taken (a function:
   its alias target's), or -1. */
int
decl_object (tree decl)
{
  if (TREE_CODE (decl) == FUNCTION_DECL)
    decl = wmm_alias_target (decl);
  else if (!VAR_P (decl) && TREE_CODE (decl) != PARM_DECL
           && TREE_CODE (decl) != RESULT_DECL)
    return -1;
  if (int *o = st->decl_obj.get (decl))
    return *o;
  int n = new_object (decl);
  st->decl_obj.put (decl, n);
  return n;
}

int rvalue (tree t);

/* Is ref (an address's operand) one member of a record that is a scalar
   or an array of scalars, neither the record's first member (whose
   address is the record's) nor an array at its end (which may run on,
   the struct hack)?  Its key and whether it is an array. */
bool
member_view (tree ref, fkey *key, bool *array)
{
  if (!flag_strict_aliasing)
    return false;
  tree t = ref;
  while (TREE_CODE (t) == ARRAY_REF)
    t = TREE_OPERAND (t, 0);
  if (TREE_CODE (t) != COMPONENT_REF)
    return false;
  for (tree u = t; handled_component_p (u); u = TREE_OPERAND (u, 0))
    if (TREE_CODE (u) == VIEW_CONVERT_EXPR || TREE_CODE (u) == BIT_FIELD_REF
        || TREE_CODE (u) == REALPART_EXPR || TREE_CODE (u) == IMAGPART_EXPR
        || (TREE_CODE (u) == COMPONENT_REF
            && TREE_CODE (TREE_TYPE (TREE_OPERAND (u, 0))) != RECORD_TYPE))
      return false;
  tree f = TREE_OPERAND (t, 1);
  if (TREE_CODE (f) != FIELD_DECL || DECL_BIT_FIELD (f) || !DECL_CONTEXT (f)
      || TREE_CODE (DECL_CONTEXT (f)) != RECORD_TYPE
      || !tree_fits_shwi_p (bit_position (f)))
    return false;
  /* (the first member's address, converted, is the record's: C11
     6.7.2.1p15) */
  if (int_bit_position (f) == 0)
    return false;
  tree elt = TREE_TYPE (f);
  while (TREE_CODE (elt) == ARRAY_TYPE)
    elt = TREE_TYPE (elt);
  if (AGGREGATE_TYPE_P (elt))
    return false;
  *array = TREE_CODE (TREE_TYPE (f)) == ARRAY_TYPE;
  if (*array)
    {
      tree next = DECL_CHAIN (f);
      while (next && TREE_CODE (next) != FIELD_DECL)
        next = DECL_CHAIN (next);
      if (!next)
        return false;
    }
  *key = key_of (DECL_CONTEXT (f), int_bit_position (f));
  return key->rec != NULL_TREE;
}

/* Value node v with member views made whole objects (mode W_SCALAR:
   those of scalar members only, as pointer arithmetic does; W_ALL: every
   one, as integer arithmetic does; with W_FROM_U also the escaped views
   an escaped pointer may be; 0: none). */
int
widen (int v, int mode)
{
  if (v < 0 || !mode)
    return v;
  int n = new_node ();
  add (C_WIDEN, n, v, mode);
  return n;
}

/* How far an offset added to a pointer may move it from a member: 0 not
   at all, else out of a scalar member (container_of) but not out of an
   array (C11 6.5.6p8: pointer arithmetic stays in its array). */
int
offset_reach (tree off)
{
  return off && TREE_CODE (off) == INTEGER_CST && integer_zerop (off)
         ? 0 : W_SCALAR | W_FROM_U;
}

/* Is t (an operand of integer arithmetic) a pointer converted to an
   integer (`(uintptr_t) p - offset`)? */
bool
from_pointer (tree t)
{
  for (int depth = 0; t && TREE_CODE (t) == SSA_NAME && depth < 4; depth++)
    {
      if (POINTER_TYPE_P (TREE_TYPE (t)))
        return true;
      gassign *a = dyn_cast<gassign *> (SSA_NAME_DEF_STMT (t));
      if (!a || !CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (a)))
        return false;
      t = gimple_assign_rhs1 (a);
    }
  return t && POINTER_TYPE_P (TREE_TYPE (t));
}

/* A value node holding the objects reference ref may touch. */
int
addr_node (tree ref)
{
  tree base = get_base_address (ref);
  if (!base)
    return st->u_node;
  if (TREE_CODE (base) == MEM_REF)
    {
      int n = rvalue (TREE_OPERAND (base, 0));
      return n >= 0 ? widen (n, offset_reach (TREE_OPERAND (base, 1)))
                    : st->u_node;
    }
  if (TREE_CODE (base) == TARGET_MEM_REF)
    {
      /* base and indexes: whichever holds the pointer */
      int n = new_node ();
      bool any = false;
      for (int k = 0; k < 5; k++)
        if (tree op = TREE_OPERAND (base, k))
          if (TREE_CODE (op) == SSA_NAME || TREE_CODE (op) == ADDR_EXPR)
            {
              add (C_COPY, n, rvalue (op));
              any = true;
            }
      return any ? widen (n, W_ALL | W_FROM_U) : st->u_node;
    }
  if (TREE_CODE (base) == STRING_CST || TREE_CODE (base) == CONST_DECL
      || TREE_CODE (base) == LABEL_DECL)
    return node_of_object (OBJ_STR);
  int o = DECL_P (base) ? decl_object (base) : -1;
  return o >= 0 ? node_of_object (o) : st->u_node;
}

/* A value node holding the address of ref: a member view when ref is
   one member (member_view). */
int
addr_value (tree ref)
{
  int n = addr_node (ref);
  fkey key;
  bool array;
  if (!member_view (ref, &key, &array))
    return n;
  int v = new_node ();
  add (C_VIEW, v, n, B_BOTH, key, array);
  return v;
}

bool
is_memory_ref (tree t)
{
  if (TREE_CODE (t) == SSA_NAME || CONSTANT_CLASS_P (t)
      || TREE_CODE (t) == ADDR_EXPR || TREE_CODE (t) == CONSTRUCTOR)
    return false;
  return REFERENCE_CLASS_P (t) || DECL_P (t)
         || TREE_CODE (t) == TARGET_MEM_REF;
}

/* Value node *n (made on first use; -1 before) receives node e. */
void
merge_into (int *n, int e)
{
  if (e < 0)
    return;
  if (*n < 0)
    *n = new_node ();
  add (C_COPY, *n, e);
}

/* The value node of operand t (a register value, an address, or the
   content of memory), or -1 when it holds no pointer. */
int
rvalue (tree t)
{
  if (!t)
    return -1;
  if (TREE_CODE (t) == SSA_NAME)
    return ssa_node (t);
  if (TREE_CODE (t) == ADDR_EXPR)
    return addr_value (TREE_OPERAND (t, 0));
  if (TREE_CODE (t) == CONSTRUCTOR)
    {
      int n = -1;
      unsigned i;
      tree v;
      FOR_EACH_CONSTRUCTOR_VALUE (CONSTRUCTOR_ELTS (t), i, v)
        merge_into (&n, rvalue (v));
      return n;
    }
  if (TREE_CODE (t) == FUNCTION_DECL)
    return node_of_object (decl_object (t));
  if (is_memory_ref (t))
    {
      int n = new_node ();
      add (C_LOAD, n, addr_node (t), ref_halves (t, TREE_TYPE (t)),
           member_key (t));
      return n;
    }
  if (CONSTANT_CLASS_P (t))
    return -1;
  /* an expression with operands (a COND_EXPR's condition, ...) */
  int n = -1;
  if (EXPR_P (t))
    for (int k = 0; k < TREE_OPERAND_LENGTH (t); k++)
      merge_into (&n, rvalue (TREE_OPERAND (t, k)));
  return n;
}

/* lhs (an SSA name or memory) receives value node v. */
void
assign_to (tree lhs, int v)
{
  if (!lhs || v < 0)
    return;
  if (TREE_CODE (lhs) == SSA_NAME)
    add (C_COPY, ssa_node (lhs), v);
  else
    add (C_STORE, addr_node (lhs), v, ref_halves (lhs, TREE_TYPE (lhs)),
         member_key (lhs));
}

/* What a library is given escapes: a member view as that member only (a
   library keeps to the memory it is given; what it hands to a callback
   of the program and the callback turns into its object is C_WIDEN's). */
void
escape_to_library (int v)
{
  if (v >= 0)
    add (C_COPY, st->u_content, v);
}

/* What other code outside the analysis is given escapes, member views
   as their whole objects (another unit may compute the object from a
   member's address: container_of). */
void
escape (int v, bool pointer = true)
{
  escape_to_library (widen (v, W_ALL | (pointer ? W_FROM_U : 0)));
}

/* Is fndecl a library function (a builtin, or declared in a system
   header)? */
bool
library_fn (tree fndecl)
{
  return fndecl && (fndecl_built_in_p (fndecl)
                    || DECL_IN_SYSTEM_HEADER (wmm_alias_target (fndecl)));
}

/* An allocation's new object for call (one per call statement). */
int
site_node (gcall *call)
{
  bool existed;
  int &o = st->site_obj.get_or_insert (call, &existed);
  if (!existed)
    {
      o = new_object (NULL_TREE);
      bitmap_set_bit (st->alloc_objs, o);
    }
  return node_of_object (o);
}

/* The result of allocation call `call`: its new object, and when it
   reallocates old (a value node; -1: none), also old's objects, and the
   new object gets their content. */
int
fresh_result (gcall *call, int old)
{
  int n = site_node (call);
  if (old < 0)
    return n;
  int r = new_node ();
  add (C_MCOPY, n, old);
  add (C_COPY, r, n);
  add (C_COPY, r, old);
  return r;
}

bool sync_object_arg (gcall *call, const char *name, unsigned i);
bool scalar_out_param (gcall *call, unsigned i);
bool stores_nothing_through (gcall *call, unsigned i);
tree param_type (gcall *call, unsigned i);

/* Is t libevent's `struct event`? */
bool
event_record (tree t)
{
  tree n = t && TREE_CODE (t) == RECORD_TYPE ? wmm_record_tag (t) : NULL_TREE;
  return n && !strcmp (IDENTIFIER_POINTER (n), "event");
}

/* Is argument i of library call `name` the `struct event *` of a libevent
   call (event_add (&c->event, tv))?  The event's members are libevent's:
   it writes there what the program gave it (its callback, argument and
   base, modelled by event_registration) and its own queue links, and
   reaches no other memory of the program from it; the program reads
   none of them (else: st->event_fields, the event escapes). */
bool
libevent_event_arg (gcall *call, const char *name, unsigned i)
{
  if (!name || strncmp (name, "event_", 6))
    return false;
  tree t = param_type (call, i);
  return t && POINTER_TYPE_P (t) && event_record (TREE_TYPE (t));
}

/* Does operand t name a member of a struct event (or its address)? */
bool
names_event_member (tree t)
{
  if (t && TREE_CODE (t) == ADDR_EXPR)
    t = TREE_OPERAND (t, 0);
  for (; t && handled_component_p (t); t = TREE_OPERAND (t, 0))
    if (TREE_CODE (t) == COMPONENT_REF
        && event_record (DECL_CONTEXT (TREE_OPERAND (t, 1))))
      return true;
  return false;
}

/* What libevent may have stored in a struct event's member of type t,
   beside its own memory (U): 1 the callbacks and arguments registered
   (a `void *`, a function pointer: ev_arg, ev_callback), 2 other events
   (its queue links), 0 nothing else (ev_base, a number). */
int
event_member_kind (tree t)
{
  if (!POINTER_TYPE_P (t))
    return 0;
  tree p = TREE_TYPE (t);
  if (VOID_TYPE_P (p) || FUNC_OR_METHOD_TYPE_P (p))
    return 1;
  if (POINTER_TYPE_P (p))
    p = TREE_TYPE (p);
  return event_record (p) ? 2 : 0;
}

/* Statement s names a struct event's member: a load of one into an SSA
   name reads what libevent put there (settle_events); anything else (a
   store, a copy, an address) hands the event to the program, and every
   event escapes as any argument does. */
void
event_member_access (gimple *s)
{
  gassign *a = dyn_cast<gassign *> (s);
  for (unsigned k = 0; k < gimple_num_ops (s); k++)
    if (names_event_member (gimple_op (s, k)))
      {
        tree lhs = a ? gimple_assign_lhs (a) : NULL_TREE;
        if (a && k == 1 && gimple_assign_single_p (a)
            && TREE_CODE (lhs) == SSA_NAME)
          st->event_loads.safe_push
            (std::make_pair (ssa_node (lhs),
                             event_member_kind (TREE_TYPE (lhs))));
        else
          st->event_fields = true;
      }
}

/* What the program learns of the struct events it gives libevent
   (libevent_event_arg): a member read gives what libevent stores there
   (event_member_kind); a member written or whose address is taken gives
   the events up: they escape as any argument does. */
void
settle_events (void)
{
  if (st->event_fields)
    {
      for (int v : st->event_args)
        {
          escape_to_library (v);
          add (C_STORE, v, st->u_node);
        }
      for (const std::pair<int, int> &o : st->event_outs)
        add (C_STORE, o.first, o.second, B_BOTH | B_NOT_U);
      return;
    }
  int events = new_node ();
  for (int v : st->event_args)
    add (C_COPY, events, v);
  for (const std::pair<int, int> &l : st->event_loads)
    {
      add (C_COPY, l.first, st->u_node);
      if (l.second == 1)
        add (C_COPY, l.first, st->event_regs);
      else if (l.second == 2)
        add (C_COPY, l.first, events);
    }
}

/* Argument i of a call of code outside the analysis (named `name`, or
   NULL; a library function when library): its value node, or -1. */
int
unknown_arg (gcall *call, const char *name, bool library, unsigned i)
{
  tree a = gimple_call_arg (call, i);
  int v = rvalue (a);
  if (v < 0)
    return v;
  if (library && libevent_event_arg (call, name, i))
    {
      st->event_args.safe_push (v);
      return v;
    }
  /* (code of the program outside the analysis may reach a member's
     whole object) */
  if (!library)
    v = widen (v, W_ALL | W_FROM_U);
  /* (the table speaks of data: a function given to the library may
     be called back with anything) */
  bool fn = POINTER_TYPE_P (TREE_TYPE (a))
            && FUNC_OR_METHOD_TYPE_P (TREE_TYPE (TREE_TYPE (a)));
  if (fn || !(name && wmm_lib_keeps_no_copy_at (name, i, call)))
    escape_to_library (v);
  else if (wmm_lib_hands_on (name))
    {
      /* no copy of the pointer, but of what it points to: a pointer
         written to a pipe, GOMP_task's copy of its data block */
      int inside = new_node ();
      add (C_LOAD, inside, v);
      escape_to_library (inside);
    }
  /* (a library stores no pointer into memory of a type that cannot hold
     one: pthread_create's pthread_t; nor anything where its parameter
     points to const, inet_ntop's source, or through a small integer) */
  if (!sync_object_arg (call, name, i)
      && !(library && stores_nothing_through (call, i)))
    add (C_STORE, v, st->u_node,
         library && scalar_out_param (call, i) ? B_OTHER : B_BOTH);
  return v;
}

/* May an object of type t hold a pointer (a pointer, or a record,
   union or array with one inside)? */
bool
holds_pointer (tree t, int depth = 0)
{
  if (!t || depth > 8)
    return true;
  if (POINTER_TYPE_P (t))
    return true;
  if (TREE_CODE (t) == ARRAY_TYPE)
    return holds_pointer (TREE_TYPE (t), depth + 1);
  if (RECORD_OR_UNION_TYPE_P (t))
    {
      for (tree f = TYPE_FIELDS (t); f; f = DECL_CHAIN (f))
        if (TREE_CODE (f) == FIELD_DECL && holds_pointer (TREE_TYPE (f),
                                                          depth + 1))
          return true;
      return false;
    }
  return false;
}

/* The declared type of parameter i of call's function (NULL: none, as
   for a variadic argument or an unprototyped function). */
tree
param_type (gcall *call, unsigned i)
{
  tree fntype = gimple_call_fntype (call);
  tree parm = fntype ? TYPE_ARG_TYPES (fntype) : NULL_TREE;
  for (unsigned k = 0; parm && k < i; k++)
    parm = TREE_CHAIN (parm);
  return parm ? TREE_VALUE (parm) : NULL_TREE;
}

/* Is argument i of a call of the threads library (pthread_*, sem_*,
   mtx_*, cnd_*) one of its own objects: a pthread_mutex_t, a
   pthread_cond_t, a sem_t, ... (by the declared parameter's type)?  The
   library keeps only its state there; the program reaches such an object
   through the library alone and never loads a pointer from its bytes. */
bool
sync_object_arg (gcall *call, const char *name, unsigned i)
{
  static const char *const prefixes[] = { "pthread_", "sem_", "mtx_", "cnd_" };
  bool lib = false;
  for (const char *p : prefixes)
    lib |= name && !strncmp (name, p, strlen (p));
  tree t = lib ? param_type (call, i) : NULL_TREE;
  if (!t || !POINTER_TYPE_P (t))
    return false;
  /* (the typedef's name; -flto's link step may keep only the name of
     the union it names, `union pthread_mutex_t`) */
  tree n = TYPE_NAME (TREE_TYPE (t));
  if (n && TREE_CODE (n) == TYPE_DECL)
    n = DECL_NAME (n);
  if (!n || TREE_CODE (n) != IDENTIFIER_NODE)
    n = wmm_record_tag (TREE_TYPE (t));
  if (!n)
    return false;
  static const char *const types[] = {
    "pthread_mutex_t", "pthread_cond_t", "pthread_rwlock_t",
    "pthread_spinlock_t", "pthread_barrier_t", "pthread_once_t",
    "pthread_mutexattr_t", "pthread_condattr_t", "pthread_rwlockattr_t",
    "pthread_barrierattr_t", "sem_t", "mtx_t", "cnd_t"
  };
  const char *tn = IDENTIFIER_POINTER (n);
  for (const char *s : types)
    if (!strcmp (tn, s))
      return true;
  return false;
}

/* Is argument i of call memory a library may store a pointer into (by
   the type its argument or its parameter points to: strtol's `char
   **endptr`, getpwnam_r's `struct passwd *`)?  Char and void buffers
   receive bytes. */
bool
pointer_out_param (gcall *call, unsigned i)
{
  for (tree t : { TREE_TYPE (gimple_call_arg (call, i)),
                  param_type (call, i) })
    if (t && POINTER_TYPE_P (t) && !VOID_TYPE_P (TREE_TYPE (t))
        && holds_pointer (TREE_TYPE (t)))
      return true;
  return false;
}

/* Does library call `call` store nothing through argument i: its
   parameter points to const (the library's promise not to write there),
   or the argument is an integer that cannot hold an address? */
bool
stores_nothing_through (gcall *call, unsigned i)
{
  tree t = param_type (call, i);
  if (t && POINTER_TYPE_P (t) && TYPE_READONLY (TREE_TYPE (t)))
    return true;
  /* (nor through an integer narrower than an address, `fprintf (f,
     "%x", b)` of a byte whose bits came from a pointer) */
  t = TREE_TYPE (gimple_call_arg (call, i));
  return INTEGRAL_TYPE_P (t) && TYPE_PRECISION (t) < POINTER_SIZE;
}

/* Is t a pointer to a socket address (`struct sockaddr`,
   `struct sockaddr_in6`, ...: no pointer inside, POSIX's sys/socket.h),
   whose type -flto may leave incomplete? */
bool
socket_address (tree t)
{
  if (!t || !POINTER_TYPE_P (t) || TREE_CODE (TREE_TYPE (t)) != RECORD_TYPE)
    return false;
  tree n = wmm_record_tag (TREE_TYPE (t));
  if (!n)
    return false;
  const char *s = IDENTIFIER_POINTER (n);
  return !strcmp (s, "sockaddr") || !strncmp (s, "sockaddr_", 9);
}

/* Does argument i of call point to memory of a type that holds no
   pointer, by its type and the parameter's (a `pthread_t *`, an `int *`,
   a `struct stat *`, a socket address: glibc's __SOCKADDR_ARG is a
   transparent union of pointers to them)?  Not a char or void buffer,
   which may receive the bytes of a pointer (read from a pipe). */
bool
scalar_out_param (gcall *call, unsigned i)
{
  auto scalar = [] (tree t) {
    return socket_address (t)
           || (t && POINTER_TYPE_P (t) && !VOID_TYPE_P (TREE_TYPE (t))
               && COMPLETE_TYPE_P (TREE_TYPE (t))
               && get_alias_set (TREE_TYPE (t)) != 0
               && !holds_pointer (TREE_TYPE (t)));
  };
  for (tree t : { TREE_TYPE (gimple_call_arg (call, i)),
                  param_type (call, i) })
    if (t && TREE_CODE (t) == UNION_TYPE && TYPE_TRANSPARENT_AGGR (t))
      {
        for (tree f = TYPE_FIELDS (t); f; f = DECL_CHAIN (f))
          if (TREE_CODE (f) == FIELD_DECL && !scalar (TREE_TYPE (f)))
            return false;
      }
    else if (!scalar (t))
      return false;
  return true;
}

/* Is parameter i of call's function declared a pointer to a pointer
   (strtol's `char **endptr`, strsep's `char **stringp`)? */
bool
pointer_slot_param (gcall *call, unsigned i)
{
  tree t = param_type (call, i);
  return t && POINTER_TYPE_P (t) && POINTER_TYPE_P (TREE_TYPE (t));
}

/* Calls of code without a body the analysis reads: what their pointer
   arguments reach escapes unless the library table says no copy is kept,
   memory they are given may receive any escaped pointer, and they return
   one (malloc & co: a new object of the call).  A library may also
   return a pointer into what it was given, or store one into memory it
   was given (fgets' result, strtol's endptr, getpwnam_r's strings): its
   result and what its arguments that may hold pointers point to get
   every pointer argument's targets, so that a pointer that came from
   code outside reaches only what escaped, what code outside can name,
   and these (wmm_threadlocal_targets_outside). */
void
unknown_call (gcall *call, tree fndecl)
{
  const char *name = NULL;
  if (fndecl)
    name = IDENTIFIER_POINTER (DECL_NAME (wmm_alias_target (fndecl)));
  /* (an internal function: va_arg, an overflow check) */
  bool library = gimple_call_internal_p (call) || library_fn (fndecl);
  tree lhs = gimple_call_lhs (call);
  /* A const or pure function (__builtin_bswap16, strchr) writes no
     memory, so it keeps no copy of what it is given and stores nothing:
     its result may carry its arguments' bits, or memory of its own. */
  if ((gimple_call_flags (call) & (ECF_CONST | ECF_PURE))
      && !(gimple_call_flags (call) & ECF_LOOPING_CONST_OR_PURE)
      && !gimple_call_chain (call))
    {
      if (!lhs)
        return;
      for (unsigned i = 0; i < gimple_call_num_args (call); i++)
        assign_to (lhs, rvalue (gimple_call_arg (call, i)));
      assign_to (lhs, st->u_node);
      return;
    }
  int given = library ? new_node () : -1;
  for (unsigned i = 0; i < gimple_call_num_args (call); i++)
    {
      int v = unknown_arg (call, name, library, i);
      if (given < 0)
        continue;
      if (library && libevent_event_arg (call, name, i))
        st->event_outs.safe_push (std::make_pair (v, given));
      else if (pointer_out_param (call, i) && !sync_object_arg (call, name, i))
        add (C_STORE, v, given, B_BOTH | B_NOT_U);
      if (!POINTER_TYPE_P (TREE_TYPE (gimple_call_arg (call, i))))
        continue;
      /* (a `char **` parameter is a slot: what it holds may come back,
         strsep's string, not the slot itself, strtok_r's `&save`) */
      if (pointer_slot_param (call, i))
        {
          int inside = new_node ();
          add (C_LOAD, inside, v);
          add (C_COPY, given, inside);
        }
      else
        add (C_COPY, given, v);
    }
  if (gimple_call_chain (call))
    escape (rvalue (gimple_call_chain (call)));
  if (!lhs)
    return;
  if (gimple_call_flags (call) & ECF_MALLOC)
    assign_to (lhs, site_node (call));
  else
    {
      assign_to (lhs, st->u_node);
      if (POINTER_TYPE_P (TREE_TYPE (lhs)))
        assign_to (lhs, given);
    }
}

int
arg (gcall *call, unsigned i)
{
  return i < gimple_call_num_args (call) ? rvalue (gimple_call_arg (call, i))
                                          : -1;
}

/* GCC's memory and atomic builtins, modelled by what they copy; false
   when fndecl is none of them. */
bool
builtin_call (gcall *call, tree fndecl)
{
  if (!fndecl_built_in_p (fndecl, BUILT_IN_NORMAL))
    return false;
  tree lhs = gimple_call_lhs (call);
  switch (DECL_FUNCTION_CODE (fndecl))
    {
    case BUILT_IN_MEMCPY: case BUILT_IN_MEMMOVE: case BUILT_IN_MEMPCPY:
    case BUILT_IN_STRCPY: case BUILT_IN_STRNCPY: case BUILT_IN_STPCPY:
    case BUILT_IN_STPNCPY: case BUILT_IN_STRCAT: case BUILT_IN_STRNCAT:
    case BUILT_IN_MEMCPY_CHK: case BUILT_IN_MEMMOVE_CHK:
    case BUILT_IN_MEMPCPY_CHK: case BUILT_IN_STRCPY_CHK:
    case BUILT_IN_STRNCPY_CHK: case BUILT_IN_STPCPY_CHK:
    case BUILT_IN_STPNCPY_CHK: case BUILT_IN_STRCAT_CHK:
    case BUILT_IN_STRNCAT_CHK:
      add (C_MCOPY, arg (call, 0), arg (call, 1));
      assign_to (lhs, arg (call, 0));
      return true;
    case BUILT_IN_BCOPY:
      add (C_MCOPY, arg (call, 1), arg (call, 0));
      return true;
    case BUILT_IN_MEMSET: case BUILT_IN_MEMSET_CHK: case BUILT_IN_BZERO:
      assign_to (lhs, arg (call, 0));
      return true;
    case BUILT_IN_MALLOC: case BUILT_IN_CALLOC: case BUILT_IN_ALLOCA:
    case BUILT_IN_ALLOCA_WITH_ALIGN:
    case BUILT_IN_ALLOCA_WITH_ALIGN_AND_MAX: case BUILT_IN_ALIGNED_ALLOC:
    case BUILT_IN_STRDUP: case BUILT_IN_STRNDUP:
      assign_to (lhs, site_node (call));
      return true;
    case BUILT_IN_REALLOC:
      assign_to (lhs, fresh_result (call, arg (call, 0)));
      st->freed.safe_push (arg (call, 0));
      return true;
    case BUILT_IN_POSIX_MEMALIGN:
      add (C_STORE, arg (call, 0), site_node (call));
      return true;
    case BUILT_IN_FREE:
      st->freed.safe_push (arg (call, 0));
      return true;
    case BUILT_IN_VA_START:
      /* the va_list set up to the frame's variadic arguments (bind_call:
         what every call gives them) */
      add (C_STORE, arg (call, 0), st->fns[cur_fn].varargs);
      return true;
    case BUILT_IN_VA_END:
      return true;
    case BUILT_IN_VA_COPY:
      add (C_MCOPY, arg (call, 0), arg (call, 1));
      return true;
    case BUILT_IN_MEMCHR: case BUILT_IN_STRCHR: case BUILT_IN_STRRCHR:
    case BUILT_IN_STRSTR: case BUILT_IN_STRPBRK:
      /* a pointer into the first argument, or null; no copy kept */
      assign_to (lhs, widen (arg (call, 0), W_SCALAR | W_FROM_U));
      return true;
    case BUILT_IN_STRSPN: case BUILT_IN_STRCSPN:
    case BUILT_IN_STRLEN: case BUILT_IN_STRNLEN:
    case BUILT_IN_STRCMP: case BUILT_IN_STRNCMP: case BUILT_IN_MEMCMP:
    case BUILT_IN_BCMP: case BUILT_IN_PREFETCH: case BUILT_IN_TRAP:
    case BUILT_IN_UNREACHABLE: case BUILT_IN_STACK_SAVE:
    case BUILT_IN_STACK_RESTORE: case BUILT_IN_OBJECT_SIZE:
    case BUILT_IN_DYNAMIC_OBJECT_SIZE:
      return true;
    case BUILT_IN_EXPECT: case BUILT_IN_EXPECT_WITH_PROBABILITY:
    case BUILT_IN_ASSUME_ALIGNED:
      assign_to (lhs, arg (call, 0));
      return true;
    default:
      break;
    }
  const char *name = IDENTIFIER_POINTER (DECL_NAME (fndecl));
  if (strncmp (name, "__atomic_", 9) && strncmp (name, "__sync_", 7))
    return false;
  unsigned n = gimple_call_num_args (call);
  if (strstr (name, "fence") || !strcmp (name, "__sync_synchronize")
      || strstr (name, "lock_free"))
    return true;
  /* the generic forms pass and return values through pointers */
  if (!strcmp (name, "__atomic_load"))
    {
      add (C_MCOPY, arg (call, 1), arg (call, 0));
      return true;
    }
  if (!strcmp (name, "__atomic_store"))
    {
      add (C_MCOPY, arg (call, 0), arg (call, 1));
      return true;
    }
  if (!strcmp (name, "__atomic_exchange")
      || !strcmp (name, "__atomic_compare_exchange"))
    {
      /* exchange (p, val, ret): ret gets *p, *p gets *val;
         compare_exchange (p, expected, desired): *p gets *desired,
         *expected gets *p */
      bool cas = !strcmp (name, "__atomic_compare_exchange");
      add (C_MCOPY, arg (call, cas ? 1 : 2), arg (call, 0));
      add (C_MCOPY, arg (call, 0), arg (call, cas ? 2 : 1));
      return true;
    }
  int p = arg (call, 0);
  if (p < 0)
    return false;
  if (lhs)
    {
      int v = new_node ();
      add (C_LOAD, v, p);
      assign_to (lhs, v);
    }
  if (!strncmp (name, "__atomic_compare_exchange", 25))
    {
      /* (p, expected*, desired, ...): *expected receives *p */
      add (C_MCOPY, arg (call, 1), p);
      add (C_STORE, p, arg (call, 2));
      return true;
    }
  for (unsigned i = 1; i < n; i++)
    add (C_STORE, p, arg (call, i));
  return true;
}

fninfo *
body_of (tree fndecl)
{
  int *k = st->fn_index.get (wmm_alias_target (fndecl));
  return k ? &st->fns[*k] : NULL;
}

/* The body of the function whose address `a` is (`&fn`: a callback or a
   start routine given to a library), or NULL. */
fninfo *
body_at (tree a)
{
  return TREE_CODE (a) == ADDR_EXPR
         && TREE_CODE (TREE_OPERAND (a, 0)) == FUNCTION_DECL
         ? body_of (TREE_OPERAND (a, 0)) : NULL;
}

/* Parameter p of fn's body receives value node v: its SSA value on
   entry, and its object (when its address is taken). */
void
bind_param (function *fn, tree p, int v)
{
  if (tree d = ssa_default_def (fn, p))
    add (C_COPY, ssa_node (d), v);
  add (C_STORE, node_of_object (decl_object (p)), v,
       ref_halves (NULL_TREE, TREE_TYPE (p)));
}

/* Does value v go nowhere but into copies, PHIs, comparisons and
   returns (each value of fresh_value's chain is checked)? */
bool
only_returned (tree v, int depth)
{
  if (TREE_CODE (v) != SSA_NAME)
    return true;
  if (depth > 16)
    return false;
  return wmm_each_use (v, [&] (gimple *use) {
    if (is_a<greturn *> (use) || is_a<gcond *> (use))
      return true;
    if (gphi *phi = dyn_cast<gphi *> (use))
      return only_returned (gimple_phi_result (phi), depth + 1);
    if (gassign *a = dyn_cast<gassign *> (use))
      {
        enum tree_code code = gimple_assign_rhs_code (a);
        if (TREE_CODE_CLASS (code) == tcc_comparison)
          return true;
        if ((gimple_assign_ssa_name_copy_p (a) || CONVERT_EXPR_CODE_P (code))
            && TREE_CODE (gimple_assign_lhs (a)) == SSA_NAME)
          return only_returned (gimple_assign_lhs (a), depth + 1);
      }
    return false;
  });
}

/* Is SSA value v of the current function fresh memory of an allocation
   (or null):
   through copies, conversions and PHIs to malloc & co, to an allocation
   wrapper, to a call through a pointer that only holds malloc-like
   functions, or to realloc of parameter *param (set); *made when one of
   them is a call? */
bool
fresh_value (tree v, int *param, int depth, bool *made)
{
  if (integer_zerop (v))
    return true;
  if (TREE_CODE (v) != SSA_NAME || depth > 16 || !only_returned (v, 0))
    return false;
  gimple *def = SSA_NAME_DEF_STMT (v);
  if (gphi *phi = dyn_cast<gphi *> (def))
    {
      for (unsigned k = 0; k < gimple_phi_num_args (phi); k++)
        if (!fresh_value (gimple_phi_arg_def (phi, k), param, depth + 1, made))
          return false;
      return true;
    }
  if (gassign *a = dyn_cast<gassign *> (def))
    return (gimple_assign_ssa_name_copy_p (a)
            || CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (a)))
           && fresh_value (gimple_assign_rhs1 (a), param, depth + 1, made);
  gcall *call = dyn_cast<gcall *> (def);
  if (!call || gimple_call_internal_p (call))
    return false;
  *made = true;
  tree callee = gimple_call_fndecl (call);
  if (callee && fndecl_built_in_p (callee, BUILT_IN_REALLOC))
    {
      tree p = gimple_call_arg (call, 0);
      if (integer_zerop (p))
        return true;
      if (TREE_CODE (p) != SSA_NAME || !SSA_NAME_IS_DEFAULT_DEF (p)
          || TREE_CODE (SSA_NAME_VAR (p)) != PARM_DECL)
        return false;
      int k = wmm_param_index (current_function_decl, SSA_NAME_VAR (p));
      if (k < 0 || (*param >= 0 && *param != k))
        return false;
      *param = k;
      return true;
    }
  if (gimple_call_flags (call) & ECF_MALLOC)
    return true;
  if (callee)
    {
      fninfo *f = body_of (callee);
      return f && f->allocator == -1;
    }
  /* a hook holding malloc (entries.cc resolved it) */
  vec<tree> *targets = st->resolved ? st->resolved->get (call) : NULL;
  if (!targets || targets->is_empty ())
    return false;
  for (tree t : *targets)
    if (!(flags_from_decl_or_type (t) & ECF_MALLOC))
      return false;
  return true;
}

/* Allocation wrappers (pigz's `alloc (ptr, size)`: realloc, a failure
   check, return): every value f returns is fresh memory that goes
   nowhere else.  Each direct call then makes an object of its own (one
   level of heap cloning); their content is the wrapper's realloc'd
   parameter's. */
void
find_allocators (void)
{
  for (bool again = true; again;)
    {
      again = false;
      for (fninfo &f : st->fns)
        {
          if (f.allocator != -2 || !POINTER_TYPE_P (TREE_TYPE (TREE_TYPE (f.decl))))
            continue;
          push_cfun (f.fn);
          int param = -1;
          bool fresh = true, any = false, made = false;
          basic_block bb;
          FOR_EACH_BB_FN (bb, f.fn)
            if (greturn *r = safe_dyn_cast<greturn *> (last_stmt (bb)))
              {
                tree v = gimple_return_retval (r);
                any = true;
                fresh &= v && fresh_value (v, &param, 0, &made);
              }
          pop_cfun ();
          if (fresh && any && made)
            {
              f.allocator = param;
              again = true;
            }
        }
    }
}

/* The parameter every return of body f returns unchanged (through
   copies and conversions: std::move, std::forward, std::addressof, the
   placement operator new), or -1. */
int
returned_param (fninfo *f)
{
  int k = -1;
  bool ok = wmm_each_return (f->fn, [&] (tree v) {
    while (v && TREE_CODE (v) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (v))
      {
        gimple *d = SSA_NAME_DEF_STMT (v);
        if (!is_gimple_assign (d)
            || TREE_CODE (gimple_assign_rhs1 (d)) != SSA_NAME
            || !(gimple_assign_single_p (d)
                 || CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (d))))
          return false;
        v = gimple_assign_rhs1 (d);
      }
    tree p = v && TREE_CODE (v) == SSA_NAME ? SSA_NAME_VAR (v) : NULL_TREE;
    if (!p || TREE_CODE (p) != PARM_DECL || DECL_BY_REFERENCE (p))
      return false;
    int i = wmm_param_index (f->decl, p);
    if (i < 0 || (k >= 0 && i != k))
      return false;
    k = i;
    return true;
  });
  return ok ? k : -1;
}

/* Bind call's arguments to the parameters of the body f, its result to
   the call's lhs. */
void
bind_call (gcall *call, fninfo *f)
{
  unsigned i = 0;
  tree p = DECL_ARGUMENTS (f->decl);
  for (; i < gimple_call_num_args (call); i++)
    {
      tree a = gimple_call_arg (call, i);
      int v;
      if (p && DECL_BY_REFERENCE (p) && is_memory_ref (a))
        v = addr_node (a);       /* passed by invisible reference */
      else
        v = rvalue (a);
      if (!p)
        {
          /* a variadic argument: what va_arg reads from the va_list
             va_start set up (a va_list given to code outside escapes
             with them) */
          add (C_COPY, f->varargs, v);
          continue;
        }
      if (v >= 0)
        bind_param (f->fn, p, v);
      p = DECL_CHAIN (p);
    }
  if (gimple_call_chain (call))
    escape (rvalue (gimple_call_chain (call)));
  tree lhs = gimple_call_lhs (call);
  if (f->allocator != -2 && lhs && gimple_call_fndecl (call))
    {
      /* an allocation wrapper: a new object of this call */
      assign_to (lhs, fresh_result (call, f->allocator >= 0
                                          ? arg (call, f->allocator) : -1));
      return;
    }
  tree res = DECL_RESULT (f->decl);
  if (lhs && res && DECL_BY_REFERENCE (res))
    {
      tree d = ssa_default_def (f->fn, res);
      if (d)
        add (C_COPY, ssa_node (d), addr_node (lhs));
      add (C_STORE, node_of_object (decl_object (res)), addr_node (lhs));
      /* (the body built the result in lhs through that reference; what
         it returns is the reference itself, no value of lhs: assigning
         it would store lhs's own address into lhs, `msg = to_string
         (i)` making every member of msg point to msg) */
      return;
    }
  /* (a body that returns a parameter, std::move or the placement new:
     this call's argument; f->ret is every call's) */
  int k = lhs ? returned_param (f) : -1;
  assign_to (lhs, k >= 0 ? arg (call, k) : f->ret);
}

/* Code outside the analysis may call f: its parameters are unknown, its
   results escape. */
void
called_from_outside (fninfo *f)
{
  if (f->outside)
    return;
  f->outside = true;
  for (tree p = DECL_ARGUMENTS (f->decl); p; p = DECL_CHAIN (p))
    bind_param (f->fn, p, st->u_node);
  add (C_COPY, f->varargs, st->u_node);
  tree res = DECL_RESULT (f->decl);
  if (res && DECL_BY_REFERENCE (res))
    if (tree d = ssa_default_def (f->fn, res))
      add (C_COPY, ssa_node (d), st->u_node);
  /* (a result that is no pointer carries no member view code outside
     could have given the program) */
  tree rt = TREE_TYPE (TREE_TYPE (f->decl));
  escape (f->ret, POINTER_TYPE_P (rt) || !INTEGRAL_TYPE_P (rt));
}

/* pthread_create (&t, attr, start, arg) or thrd_create (&t, start, arg)
   of a start routine whose body the analysis reads: the new thread calls
   start (arg), nothing else of the library sees arg; its targets are
   shared with that thread (roots of find_shared) and bound to start's
   parameter, not given to code outside (which would make every pointer
   read from them unknown).  False for any other call. */
bool
thread_start (gcall *call, tree fndecl)
{
  int argi = wmm_thread_arg_index (call);
  if (argi < 0 || gimple_call_num_args (call) != (unsigned) argi + 1)
    return false;
  const char *name = wmm_callee_name (call);
  tree fn = gimple_call_arg (call, argi - 1);
  /* the create of a create wrapper: its routine and argument are bound
     at each call of the wrapper (wrapper_start) */
  int rn, an, hn;
  if (TREE_CODE (fn) == SSA_NAME && SSA_NAME_IS_DEFAULT_DEF (fn)
      && TREE_CODE (SSA_NAME_VAR (fn)) == PARM_DECL
      && wmm_create_wrapper (DECL_CONTEXT (SSA_NAME_VAR (fn)), &rn, &an, &hn))
    {
      for (int i = 0; i < argi - 1; i++)
        unknown_arg (call, name, library_fn (fndecl), i);
      return true;
    }
  fninfo *f = body_at (fn);
  tree param = f ? DECL_ARGUMENTS (f->decl) : NULL_TREE;
  if (!param || DECL_CHAIN (param))
    return false;
  /* (the handle, and pthread_create's attributes) */
  for (int i = 0; i < argi - 1; i++)
    unknown_arg (call, name, library_fn (fndecl), i);
  int v = arg (call, argi);
  if (v >= 0)
    {
      bind_param (f->fn, param, v);
      add (C_COPY, st->thread_args, v);
    }
  /* (what it returns pthread_join hands to its caller, as U: shared,
     a root of find_shared too; thrd_create's routine returns an int) */
  add (C_COPY, st->thread_args, f->ret);
  return true;
}

/* A call of a create wrapper of the unit (wmm_create_wrapper: `xcreate
   (&t, worker, arg)`), whose create binds nothing itself: as
   thread_start, worker's parameter receives arg; with a routine the
   analysis does not read, the argument and the routine go to the
   library. */
void
wrapper_start (gcall *call, tree fndecl)
{
  int rn, an, hn;
  if (!wmm_create_wrapper (fndecl, &rn, &an, &hn)
      || gimple_call_num_args (call) <= (unsigned) MAX (rn, an))
    return;
  fninfo *f = body_at (gimple_call_arg (call, rn));
  tree param = f ? DECL_ARGUMENTS (f->decl) : NULL_TREE;
  if (!param || DECL_CHAIN (param))
    {
      unknown_arg (call, NULL, true, rn);
      unknown_arg (call, NULL, true, an);
      return;
    }
  int v = arg (call, an);
  if (v >= 0)
    {
      bind_param (f->fn, param, v);
      add (C_COPY, st->thread_args, v);
    }
  add (C_COPY, st->thread_args, f->ret);
}

/* std::thread::_M_start_thread (this, state, fn), libstdc++'s start of
   every std::thread: the library takes the _State the unique_ptr `state`
   (passed by reference) holds, and the new thread runs the state's
   virtual _M_run and then deletes it through its virtual destructor;
   nothing else of the library sees the state, and the std::thread object
   only gets the thread's id.  So the state is bound to `this` of every
   member function of the unit's _State_impl classes and shared with that
   thread (a root of find_shared), not given to code outside (which would
   make every capture of a lambda run by std::thread reached from
   outside).  False for any other call. */
bool
std_thread_start (gcall *call, tree fndecl)
{
  if (!DECL_ASSEMBLER_NAME_SET_P (fndecl)
      || strncmp (IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (fndecl)),
                  "_ZNSt6thread15_M_start_thread", 29)
      || gimple_call_num_args (call) < 2)
    return false;
  int holder = arg (call, 1);
  if (holder < 0)
    return false;
  int state = new_node ();
  add (C_LOAD, state, holder);
  add (C_COPY, st->thread_args, state);
  for (fninfo &f : st->fns)
    {
      tree self = DECL_ARGUMENTS (f.decl);
      tree ctx = DECL_CONTEXT (f.decl);
      if (self && ctx && TYPE_P (ctx) && wmm_std_state_type (ctx)
          && TREE_CODE (TREE_TYPE (f.decl)) == METHOD_TYPE)
        bind_param (f.fn, self, state);
    }
  /* (the thread's id written into the std::thread object) */
  int handle = arg (call, 0);
  if (handle >= 0)
    add (C_STORE, handle, st->u_node);
  return true;
}

/* Is fndecl libstdc++'s std::thread::_State::~_State, which the state's
   own destructors run and which has nothing to destroy (it touches no
   memory of the program)? */
bool
std_state_base_dtor (tree fndecl)
{
  return DECL_ASSEMBLER_NAME_SET_P (fndecl)
         && !strncmp (IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (fndecl)),
                      "_ZNSt6thread6_StateD", 20);
}

/* An exit registration (__cxa_atexit (dtor, object, dso)) of a
   destructor whose body the analysis reads: the library calls dtor
   (object) at exit and keeps nothing else; object is bound to its
   parameter, neither escapes.  False for any other call. */
bool
exit_registration (gcall *call)
{
  tree dtor = wmm_exit_dtor_of (call);
  fninfo *f = dtor ? body_of (dtor) : NULL;
  tree param = f ? DECL_ARGUMENTS (f->decl) : NULL_TREE;
  if (!param || DECL_CHAIN (param))
    return false;
  const char *name = wmm_callee_name (call);
  unsigned objno = !strcmp (name, "__cxa_atexit") ? 1 : 0;
  int v = arg (call, objno);
  if (v >= 0)
    bind_param (f->fn, param, v);
  return true;
}

/* The record in which class `type` or one of its bases declares a member
   named `name`, and that member (NULL_TREE: none). */
tree
named_member (tree type, const char *name, tree *rec, int depth = 0)
{
  if (!type || !RECORD_OR_UNION_TYPE_P (type) || depth > 8)
    return NULL_TREE;
  for (tree f = TYPE_FIELDS (type); f; f = DECL_CHAIN (f))
    if (TREE_CODE (f) == FIELD_DECL)
      {
        if (DECL_NAME (f) && !strcmp (IDENTIFIER_POINTER (DECL_NAME (f)), name)
            && tree_fits_shwi_p (bit_position (f)))
          {
            *rec = type;
            return f;
          }
        /* (a base class's subobject) */
        if (DECL_ARTIFICIAL (f) && RECORD_OR_UNION_TYPE_P (TREE_TYPE (f)))
          if (tree m = named_member (TREE_TYPE (f), name, rec, depth + 1))
            return m;
      }
  return NULL_TREE;
}

/* A member of std::basic_string compiled into libstdc++
   (wmm_std_string_member): a string it is given may get a new buffer of
   the call; its pointer result is a new buffer or one of its arguments
   (`*this`); no argument escapes.  False for any other call. */
bool
std_string_call (gcall *call, tree fndecl)
{
  if (!wmm_std_string_member (fndecl))
    return false;
  int fresh = site_node (call), given = new_node ();
  add (C_COPY, given, fresh);
  for (unsigned i = 0; i < gimple_call_num_args (call); i++)
    {
      int v = arg (call, i);
      if (v < 0 || !POINTER_TYPE_P (TREE_TYPE (gimple_call_arg (call, i))))
        continue;
      add (C_COPY, given, v);
      /* (a string's buffer pointer may become a new buffer) */
      add (C_STORE, v, fresh, B_PTR);
    }
  tree lhs = gimple_call_lhs (call);
  if (lhs && POINTER_TYPE_P (TREE_TYPE (lhs)))
    assign_to (lhs, given);
  return true;
}

/* An input member of std::istream compiled into libstdc++
   (wmm_istream_input): it returns its stream, argument 0, keeps no
   argument, and may give a string it fills a new buffer of the call.
   False for any other call. */
bool
istream_call (gcall *call, tree fndecl)
{
  wmm_istream_kind in = wmm_istream_input (fndecl);
  if (in == WMM_ISTREAM_NONE)
    return false;
  tree lhs = gimple_call_lhs (call);
  if (lhs && POINTER_TYPE_P (TREE_TYPE (lhs)) && gimple_call_num_args (call))
    assign_to (lhs, arg (call, 0));
  int v = in == WMM_ISTREAM_STRING ? arg (call, 1) : -1;
  if (v >= 0)
    add (C_STORE, v, site_node (call), B_PTR);
  return true;
}

/* A member of the C++ library given numbers besides an object that holds
   no pointer (wmm_std_scalar_object), or its hash of bytes: it keeps
   nothing and stores no pointer.  False for any other call, and for one
   returning a pointer. */
bool
scalar_object_call (gcall *call, tree fndecl)
{
  tree lhs = gimple_call_lhs (call);
  return (wmm_std_scalar_object (call, fndecl) || wmm_std_hash_bytes (fndecl))
         && !(lhs && holds_pointer (TREE_TYPE (lhs)));
}

/* A member setting up or tearing down a stream (wmm_stream_setup):
   basic_ios::init keeps its stream buffer, argument 1, in the stream's
   _M_streambuf; basic_stringbuf::_M_sync points the buffer's get and
   put areas into its characters, argument 1; the others keep only the
   library's own objects (locales, callbacks) there.  False for any
   other call. */
bool
stream_setup_call (gcall *call, tree fndecl)
{
  if (!wmm_stream_setup (fndecl))
    return false;
  static const char *const areas[] = {
    "_M_in_beg", "_M_in_cur", "_M_in_end", "_M_out_beg", "_M_out_cur",
    "_M_out_end",
  };
  const char *a = IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (fndecl));
  bool init = strstr (a, "4initEP") != NULL, sync = strstr (a, "7_M_syncEP");
  int self = arg (call, 0), v = arg (call, 1);
  tree t = gimple_call_num_args (call) > 1
           ? TREE_TYPE (gimple_call_arg (call, 0)) : NULL_TREE;
  if ((!init && !sync) || self < 0 || v < 0 || !t || !POINTER_TYPE_P (t))
    return true;
  for (unsigned k = 0; k < (init ? 1 : ARRAY_SIZE (areas)); k++)
    {
      tree rec, f = named_member (TREE_TYPE (t), init ? "_M_streambuf"
                                                      : areas[k], &rec);
      /* (a member it cannot name: anywhere in the stream) */
      fkey key = f ? key_of (rec, int_bit_position (f)) : ANY;
      add (C_STORE, self, v, B_PTR, key);
    }
  return true;
}

/* An output member of std::ostream compiled into libstdc++
   (wmm_ostream_output): it returns its stream, argument 0, and keeps no
   argument.  False for any other call. */
bool
ostream_call (gcall *call, tree fndecl)
{
  if (!wmm_ostream_output (fndecl))
    return false;
  tree lhs = gimple_call_lhs (call);
  if (lhs && POINTER_TYPE_P (TREE_TYPE (lhs)) && gimple_call_num_args (call))
    assign_to (lhs, arg (call, 0));
  return true;
}

/* The replaceable global operator new and delete: a new object of the
   call, and the end of one (as malloc and free).  False for any other
   call. */
bool
operator_new_delete (gcall *call, tree fndecl)
{
  if (!DECL_IS_REPLACEABLE_OPERATOR (fndecl))
    return false;
  if (DECL_IS_OPERATOR_NEW_P (fndecl))
    {
      assign_to (gimple_call_lhs (call), site_node (call));
      return true;
    }
  if (DECL_IS_OPERATOR_DELETE_P (fndecl) && gimple_call_num_args (call))
    {
      st->freed.safe_push (arg (call, 0));
      return true;
    }
  return false;
}

/* zlib's stream functions (deflate, inflate, deflateEnd, ...: zlibfns.cc)
   while every stream keeps zlib's allocators: the stream receives its own
   pointers back, zlib's strings and state (never written by the program:
   as string literals) and numbers, not U; the pointers its next_in and
   next_out hold are kept for the buffers the call reads and writes
   (wmm_threadlocal_zlib_buffer).  The other arguments as for any library
   call.  By name, as collect.cc and libfns.cc take zlib's functions
   (zlib_sb.c declares them as zlib.h does), and only on a z_stream.
   False for any other call. */
bool
zlib_stream_call (gcall *call, tree fndecl)
{
  const char *name = IDENTIFIER_POINTER (DECL_NAME (wmm_alias_target (fndecl)));
  bool in, out;
  if (!DECL_EXTERNAL (fndecl) || !wmm_zlib_stream_call (name, call, &in, &out))
    return false;
  tree strm = gimple_call_arg (call, 0);
  int v = rvalue (strm);
  fkey keys[2];   /* the members next_in, next_out */
  for (int k = 0; k < 2; k++)
    {
      tree f = wmm_zlib_buffer_field (TREE_TYPE (strm), k);
      keys[k] = key_of (DECL_CONTEXT (f), int_bit_position (f));
    }
  std::pair<int, int> bufs (-1, -1);
  if (!strcmp (name, "inflateBack"))
    {
      /* in (in_desc, &next) hands over the input in zlib's own slot,
         which ends up in strm->next_in; out (out_desc, put, len) gets a
         pointer into the window (kept by inflateBackInit_: escaped) */
      fninfo *cb[2] = { NULL, NULL };
      for (int k = 0; k < 2 && gimple_call_num_args (call) == 5; k++)
        {
          tree a = gimple_call_arg (call, 1 + 2 * k);
          cb[k] = body_at (a);
          tree p0 = cb[k] ? DECL_ARGUMENTS (cb[k]->decl) : NULL_TREE;
          if (!p0 || !DECL_CHAIN (p0))
            return false;
        }
      if (!cb[0])
        return false;
      tree in0 = DECL_ARGUMENTS (cb[0]->decl);
      tree out0 = DECL_ARGUMENTS (cb[1]->decl);
      int slot = new_object (NULL_TREE);
      bind_param (cb[0]->fn, in0, arg (call, 2));
      bind_param (cb[0]->fn, DECL_CHAIN (in0), node_of_object (slot));
      bind_param (cb[1]->fn, out0, arg (call, 4));
      bind_param (cb[1]->fn, DECL_CHAIN (out0), st->u_node);
      bufs.first = new_node ();
      add (C_LOAD, bufs.first, node_of_object (slot), B_PTR);
      add (C_STORE, v, bufs.first, B_PTR, keys[0]);
      bufs.second = st->zlib_windows;
    }
  else
    {
      for (unsigned i = 1; i < gimple_call_num_args (call); i++)
        {
          int a = unknown_arg (call, name, true, i);
          if (i == 2 && !strcmp (name, "inflateBackInit_"))
            add (C_COPY, st->zlib_windows, a);
        }
      for (int k = 0; k < 2; k++)
        if (k ? out : in)
          {
            int n = new_node ();
            add (C_LOAD, n, v, B_PTR, keys[k]);
            (k ? bufs.second : bufs.first) = n;
          }
    }
  add (C_STORE, v, node_of_object (OBJ_STR), B_PTR);
  add (C_STORE, v, st->u_node, B_OTHER);
  st->zlib_buffers.put (call, bufs);
  assign_to (gimple_call_lhs (call), st->u_node);
  return true;
}

/* libevent's event_set (ev, fd, events, cb, arg) and event_assign (ev,
   base, fd, events, cb, arg), with cb a function of the analysis taking
   three parameters: the loop later calls cb (fd, events, arg) in the
   thread that runs it, and libevent never reads or writes what arg points
   to.  So cb's third parameter receives arg, and neither cb nor arg
   escapes here (no U is stored into *arg, no call from outside binds U to
   cb's parameters).  The event (and the base) as for any library call.
   Where the program asks libevent for them back (the event_get_*
   functions, event_base_foreach_event: event_getters), every registered
   callback and argument escapes.  False for any other call. */
bool
event_registration (gcall *call, tree fndecl)
{
  const char *name = IDENTIFIER_POINTER (DECL_NAME (wmm_alias_target (fndecl)));
  unsigned n = gimple_call_num_args (call), cbi;
  if (!strcmp (name, "event_set") && n == 5)
    cbi = 3;
  else if (!strcmp (name, "event_assign") && n == 6)
    cbi = 4;
  else
    return false;
  tree a = gimple_call_arg (call, cbi);
  if (!DECL_EXTERNAL (fndecl) || !library_fn (fndecl))
    return false;
  fninfo *cb = body_at (a);
  tree p = cb ? DECL_ARGUMENTS (cb->decl) : NULL_TREE;
  /* a callback held in a pointer (a parameter of a setup helper): the
     loop's later call cb (fd, events, arg) as an indirect call, bound to
     every target the pointer gets (unknown code where it points nowhere
     known: then arg escapes there) */
  bool pointer = TREE_CODE (a) == SSA_NAME && POINTER_TYPE_P (TREE_TYPE (a))
                 && FUNC_OR_METHOD_TYPE_P (TREE_TYPE (TREE_TYPE (a)));
  if (!pointer && (!p || !DECL_CHAIN (p) || !DECL_CHAIN (DECL_CHAIN (p))))
    return false;
  for (unsigned i = 0; i < cbi; i++)
    unknown_arg (call, name, true, i);
  int v = arg (call, cbi + 1);
  if (pointer)
    {
      gcall *later = gimple_build_call (a, 3, gimple_call_arg (call, cbi - 2),
                                        gimple_call_arg (call, cbi - 1),
                                        gimple_call_arg (call, cbi + 1));
      icall ic = {later, rvalue (a), new hash_set<tree>, false};
      if (ic.fnptr < 0)
        ic.fnptr = st->u_node;
      st->icalls.safe_push (ic);
    }
  else
    bind_param (cb->fn, DECL_CHAIN (DECL_CHAIN (p)), v);
  add (C_COPY, st->event_regs, v);
  add (C_COPY, st->event_regs, rvalue (a));
  /* (the loop may run in another thread: what arg reaches is shared) */
  add (C_COPY, st->thread_args, v);
  assign_to (gimple_call_lhs (call), st->u_node);
  return true;
}

/* Thread-specific data: pthread_setspecific (key, v) and tss_set (key, v)
   keep v for pthread_getspecific / tss_get of the same key in the same
   thread, and for the key's destructor (pthread_key_create (&key, dtor),
   tss_create), which the library calls with it at the thread's exit;
   nothing else of the library looks at v.  One node holds the values of
   every key (st->specific).  When a key is not the analysis's own (not
   read from a declared variable, or one code outside may name or reach:
   settle_specific), values of code outside come back and the values
   given go out, as for any library call.  False for any other call. */
bool
specific_call (gcall *call, tree fndecl)
{
  if (!library_fn (fndecl))
    return false;
  const char *name = IDENTIFIER_POINTER (DECL_NAME (wmm_alias_target (fndecl)));
  unsigned n = gimple_call_num_args (call);
  bool set = !strcmp (name, "pthread_setspecific") || !strcmp (name, "tss_set");
  bool get = !strcmp (name, "pthread_getspecific") || !strcmp (name, "tss_get");
  bool create = !strcmp (name, "pthread_key_create")
                || !strcmp (name, "tss_create");
  if (!(set && n == 2) && !(get && n == 1) && !(create && n == 2))
    return false;
  tree key = NULL_TREE;
  if (create)
    {
      tree a = gimple_call_arg (call, 0);
      if (TREE_CODE (a) == ADDR_EXPR && VAR_P (TREE_OPERAND (a, 0)))
        key = TREE_OPERAND (a, 0);
      /* (the key written: a number, no copy of its address kept) */
      int v = rvalue (a);
      if (v >= 0)
        add (C_STORE, v, st->u_node, B_OTHER);
      tree d = gimple_call_arg (call, 1);
      fninfo *f = body_at (d);
      if (f && DECL_ARGUMENTS (f->decl))
        bind_param (f->fn, DECL_ARGUMENTS (f->decl), st->specific);
      /* (the destructor itself as before: given to the library) */
      unknown_arg (call, name, true, 1);
      if (!f && !integer_zerop (d))
        st->specific_foreign = true;
    }
  else
    {
      key = wmm_tsd_key (call);
      if (set)
        add (C_COPY, st->specific, arg (call, 1));
      else
        assign_to (gimple_call_lhs (call), st->specific);
    }
  if (!key)
    st->specific_foreign = true;
  else
    st->specific_keys.safe_push (key);
  if (!get)
    assign_to (gimple_call_lhs (call), st->u_node);
  return true;
}

/* After the sets stop growing: is every key of the thread-specific calls
   the analysis's own (a variable no body outside may name, whose address
   and value go only to the thread-specific calls: wmm_key_contained)?
   If not, the values go out and code outside's come back (once).  Did
   anything change? */
bool
settle_specific (void)
{
  if (st->specific_settled)
    return false;
  bool foreign = st->specific_foreign;
  for (tree k : st->specific_keys)
    {
      foreign |= DECL_EXTERNAL (k)
                 || (TREE_PUBLIC (k) && wmm_foreign_code_may_run ())
                 || !wmm_key_contained (k);
    }
  if (!foreign)
    return false;
  st->specific_settled = true;
  add (C_COPY, st->specific, st->u_node);
  escape_to_library (st->specific);
  return true;
}

/* Does fndecl give back libevent's copies of a callback or its argument
   (event_get_callback, event_get_callback_arg, event_get_assignment,
   event_base_foreach_event, event_base_get_running_event)? */
bool
event_getter (tree fndecl)
{
  /* (the other event_get_* functions give back numbers, strings or the
     base: event_get_version, event_get_fd, event_get_base) */
  static const char *const getters[] = {
    "event_get_callback", "event_get_callback_arg", "event_get_assignment",
    "event_base_foreach_event", "event_base_get_running_event"
  };
  const char *name = IDENTIFIER_POINTER (DECL_NAME (wmm_alias_target (fndecl)));
  if (!library_fn (fndecl))
    return false;
  for (const char *g : getters)
    if (!strcmp (name, g))
      return true;
  return false;
}

/* A call of fndecl (direct, or a target of an indirect call). */
void
call_to (gcall *call, tree fndecl)
{
  if (fninfo *f = body_of (fndecl))
    {
      bind_call (call, f);
      wrapper_start (call, fndecl);
    }
  else if (!builtin_call (call, fndecl) && !thread_start (call, fndecl)
           && !std_thread_start (call, fndecl) && !std_state_base_dtor (fndecl)
           && !exit_registration (call)
           && !std_string_call (call, fndecl) && !ostream_call (call, fndecl)
           && !istream_call (call, fndecl) && !scalar_object_call (call, fndecl)
           && !stream_setup_call (call, fndecl)
           && !operator_new_delete (call, fndecl)
           && !zlib_stream_call (call, fndecl)
           && !event_registration (call, fndecl)
           && !specific_call (call, fndecl))
    {
      if (event_getter (fndecl))
        escape_to_library (st->event_regs);
      unknown_call (call, fndecl);
    }
}

/* An SSA value too narrow to hold a pointer (an int on LP64, a char). */
bool
narrow_value (tree t)
{
  tree type = TREE_TYPE (t);
  return INTEGRAL_TYPE_P (type) && TYPE_PRECISION (type) < POINTER_SIZE;
}

void
statement (gimple *s)
{
  if (gassign *a = dyn_cast<gassign *> (s))
    {
      if (gimple_clobber_p (s))
        return;
      tree lhs = gimple_assign_lhs (a);
      tree rhs1 = gimple_assign_rhs1 (a);
      enum tree_code code = gimple_assign_rhs_code (a);
      int v;
      if (gimple_assign_single_p (a) && is_memory_ref (lhs)
          && is_memory_ref (rhs1) && AGGREGATE_TYPE_P (TREE_TYPE (lhs)))
        {
          /* a struct copy keeps each member's content in its place */
          add (C_MCOPY, addr_node (lhs), addr_node (rhs1), B_BOTH, ANY,
               TREE_CODE (TREE_TYPE (lhs)) == RECORD_TYPE
               && types_compatible_p (TREE_TYPE (lhs), TREE_TYPE (rhs1)));
          return;
        }
      if (gimple_assign_single_p (a))
        v = rvalue (rhs1);
      else if (code == POINTER_PLUS_EXPR)
        /* the offset moves within the object (C 6.5.6): within an array
           member when not backwards, out of a scalar member */
        v = widen (rvalue (rhs1), offset_reach (gimple_assign_rhs2 (a)));
      else if (code == POINTER_DIFF_EXPR
               || TREE_CODE_CLASS (code) == tcc_comparison
               || (narrow_value (lhs) && !CONVERT_EXPR_CODE_P (code)))
        /* (a byte of a pointer, copied or converted, still carries it;
           arithmetic at a width that cannot hold one makes none) */
        return;
      else
        {
          v = -1;
          bool pointer = false;
          for (unsigned k = code == COND_EXPR || code == VEC_COND_EXPR ? 2 : 1;
               k < gimple_num_ops (a); k++)
            {
              merge_into (&v, rvalue (gimple_op (a, k)));
              pointer |= from_pointer (gimple_op (a, k));
            }
          /* (integer arithmetic on a pointer converted to an integer may
             move it anywhere in its object; a conversion or a choice
             does not, nor arithmetic on integers read from memory or
             returned by calls, which we assume are not made into a
             member's object: docs/plugin.md) */
          if (!CONVERT_EXPR_CODE_P (code) && code != COND_EXPR
              && code != VEC_COND_EXPR && pointer)
            v = widen (v, W_ALL | W_FROM_U);
        }
      assign_to (lhs, v);
      return;
    }
  if (gphi *phi = dyn_cast<gphi *> (s))
    {
      tree res = gimple_phi_result (phi);
      if (virtual_operand_p (res))
        return;
      for (unsigned k = 0; k < gimple_phi_num_args (phi); k++)
        add (C_COPY, ssa_node (res), rvalue (gimple_phi_arg_def (phi, k)));
      return;
    }
  if (greturn *r = dyn_cast<greturn *> (s))
    {
      tree val = gimple_return_retval (r);
      if (val)
        add (C_COPY, st->fns[cur_fn].ret, rvalue (val));
      return;
    }
  if (gasm *as = dyn_cast<gasm *> (s))
    {
      for (unsigned k = 0; k < gimple_asm_ninputs (as); k++)
        {
          int v = rvalue (TREE_VALUE (gimple_asm_input_op (as, k)));
          escape (v);
          add (C_STORE, v, st->u_node);
        }
      for (unsigned k = 0; k < gimple_asm_noutputs (as); k++)
        {
          tree o = TREE_VALUE (gimple_asm_output_op (as, k));
          if (is_memory_ref (o))
            escape (addr_node (o));
          assign_to (o, st->u_node);
        }
      return;
    }
  gcall *call = dyn_cast<gcall *> (s);
  if (!call)
    return;
  if (gimple_call_internal_p (call))
    {
      if (gimple_call_internal_fn (call) == IFN_BUILTIN_EXPECT)
        assign_to (gimple_call_lhs (call), arg (call, 0));
      else if (gimple_call_internal_fn (call) == IFN_VA_ARG)
        {
          /* the next variadic argument, from the va_list's content
             (va_start's; code outside it was given put U there) */
          int n = new_node ();
          add (C_LOAD, n, arg (call, 0));
          assign_to (gimple_call_lhs (call), n);
        }
      else
        unknown_call (call, NULL_TREE);
      return;
    }
  if (tree fndecl = gimple_call_fndecl (call))
    {
      call_to (call, fndecl);
      return;
    }
  tree fn = gimple_call_fn (call);
  if (TREE_CODE (fn) == OBJ_TYPE_REF)
    fn = OBJ_TYPE_REF_EXPR (fn);       /* a virtual call's pointer */
  icall ic = {call, rvalue (fn), new hash_set<tree>, false};
  if (ic.fnptr < 0)
    ic.fnptr = st->u_node;
  st->icalls.safe_push (ic);
}

bool
ior (bitmap a, bitmap b)
{
  return a != b && bitmap_ior_into (a, b);
}

/* Object to's contents receive object from's: member by member when
   same_type, else each into any member. */
bool
copy_contents (int to, int from, bool same_type)
{
  bool changed = false;
  if (to == OBJ_STR)
    return false;
  if (from == OBJ_U)
    {
      for (int h = 0; h < 2; h++)
        changed |= ior (st->pts[content_node (to, ANY, h)],
                        st->pts[st->u_content]);
      return changed;
    }
  /* (from a member view: what an access of that member reads) */
  int fb = base_of (from);
  fkey fk = access_key (from, ANY);
  for (unsigned k = 0; k < st->slots[fb].size (); k++)
    for (int h = 0; h < 2; h++)
      {
        slot sl = st->slots[fb][k];
        if (!reads_slot (fk, sl))
          continue;
        int dst = content_node (to, same_type ? sl.key : ANY, h);
        changed |= ior (st->pts[dst], st->pts[sl.node[h]]);
      }
  return changed;
}

/* The objects an access through a pointer holding src must visit: src,
   but when it holds U none of the escaped objects, which U stands for
   (their contents are all in U's, and each holds U). */
void
targets (bitmap dst, bitmap src)
{
  bitmap_copy (dst, src);
  if (bitmap_bit_p (src, OBJ_U))
    {
      bitmap_and_compl_into (dst, st->pts[st->u_content]);
      bitmap_set_bit (dst, OBJ_U);
    }
}

/* Is d a vtable whose entries the analysis knows: one the unit defines
   (code outside reads it, never writes it), or libstdc++'s of
   std::thread::_State, which each std::thread state's constructor stores
   before its own (its destructor has nothing to destroy, its _M_run is
   pure virtual)?  Its content is then its initializer's addresses. */
bool
known_vtable (tree d)
{
  if (!d || !VAR_P (d) || !DECL_VIRTUAL_P (d) || !TREE_READONLY (d))
    return false;
  if (DECL_ASSEMBLER_NAME_SET_P (d)
      && !strcmp (IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (d)),
                  "_ZTVNSt6thread6_StateE"))
    return true;
  varpool_node *vn = varpool_node::get (d);
  return vn && vn->definition && !DECL_EXTERNAL (d);
}

bool named_by_unread_code (symtab_node *n);

/* Is var a C++ vtable of vague linkage the unit defines, which no code
   the analysis does not read names?  Other units read their copy for
   the objects they make; calls on the unit's objects read it through
   the objects, escaped (it escapes with them) or not. */
bool
own_vtable (varpool_node *var)
{
  return known_vtable (var->decl) && DECL_COMDAT (var->decl)
         && !named_by_unread_code (var);
}

/* One pass over the constraints; true when some set grew. */
bool
round (bitmap scratch)
{
  bool changed = false;
  bitmap_iterator bi, bj;
  unsigned o, o2;
  for (unsigned k = 0; k < st->cs.length (); k++)
    {
      cons c = st->cs[k];
      bitmap a = st->pts[c.a], b = st->pts[c.b];
      switch (c.kind)
        {
        case C_COPY:
          changed |= ior (a, b);
          break;
        case C_LOAD:
          /* a member reads its own content and what was stored through
             no member; an access of any member reads them all */
          targets (scratch, b);
          EXECUTE_IF_SET_IN_BITMAP (scratch, 0, o, bi)
            for (int h = 0; h < 2; h++)
              if (c.mask & (1 << h))
                {
                  if (o == OBJ_U)
                    changed |= ior (a, st->pts[st->u_content]);
                  else
                    {
                      int ob = base_of (o);
                      fkey key = access_key (o, c.key);
                      for (unsigned k = 0; k < st->slots[ob].size (); k++)
                        if (reads_slot (key, st->slots[ob][k]))
                          changed |= ior (a,
                                          st->pts[st->slots[ob][k].node[h]]);
                    }
                }
          break;
        case C_STORE:
          targets (scratch, a);
          EXECUTE_IF_SET_IN_BITMAP (scratch, 0, o, bi)
            for (int h = 0; h < 2; h++)
              if ((c.mask & (1 << h)) && o != OBJ_STR
                  && !(o == OBJ_U && (c.mask & B_NOT_U)))
                changed |= ior (st->pts[content_node (o, c.key, h)], b);
          break;
        case C_VIEW:
          EXECUTE_IF_SET_IN_BITMAP (b, 0, o, bi)
            changed |= bitmap_set_bit (a, view_of (o, c.key, c.same_type));
          break;
        case C_WIDEN:
          {
            /* (an escaped pointer may be an escaped member view: code of
               the program that a library hands it to may compute its
               object) */
            bitmap from = b;
            auto_bitmap with (&st->obs);
            if ((c.mask & W_FROM_U) && bitmap_bit_p (b, OBJ_U))
              {
                bitmap_and (with, st->pts[st->u_content], st->view_objs);
                bitmap_ior_into (with, b);
                from = with;
              }
            if (!bitmap_intersect_p (from, st->view_objs))
              {
                changed |= ior (a, from);
                break;
              }
            EXECUTE_IF_SET_IN_BITMAP (from, 0, o, bi)
              {
                int t = o;
                if (st->obj_view[o] >= 0
                    && ((c.mask & W_ALL) || !st->views[st->obj_view[o]].array))
                  t = st->views[st->obj_view[o]].base;
                changed |= bitmap_set_bit (a, t);
              }
            break;
          }
        case C_MCOPY:
          {
            auto_bitmap from (&st->obs);
            targets (from, b);
            targets (scratch, a);
            EXECUTE_IF_SET_IN_BITMAP (scratch, 0, o, bi)
              EXECUTE_IF_SET_IN_BITMAP (from, 0, o2, bj)
                changed |= copy_contents (o, o2, c.same_type);
            break;
          }
        }
    }
  /* Escaped objects: code outside reads and writes them, and calls the
     escaped functions. */
  bitmap escaped = st->pts[st->u_content];
  bitmap_copy (scratch, escaped);
  EXECUTE_IF_SET_IN_BITMAP (scratch, 0, o, bi)
    {
      if ((int) o == OBJ_U || (int) o == OBJ_STR)
        continue;
      if (st->obj_view[o] >= 0)
        {
          /* an escaped member view: its member, and what was stored
             through no member of its object */
          const view v = st->views[st->obj_view[o]];
          for (int h = 0; h < 2; h++)
            changed |= bitmap_set_bit (st->pts[slot_node (v.base, v.key, h)],
                                       OBJ_U);
          for (unsigned k = 0; k < st->slots[v.base].size (); k++)
            if (reads_slot (v.key, st->slots[v.base][k]))
              for (int h = 0; h < 2; h++)
                changed |= ior (escaped,
                                st->pts[st->slots[v.base][k].node[h]]);
          continue;
        }
      /* (read-only data that holds no pointer, `static constexpr char
         __digits[201]` of an inline function: no code can put one there,
         nor a byte of one) */
      tree od = st->obj_decl[o];
      bool constant = od && VAR_P (od) && TREE_READONLY (od)
                      && !TREE_THIS_VOLATILE (od)
                      && !holds_pointer (TREE_TYPE (od));
      if (!known_vtable (od) && !constant)
        for (int h = 0; h < 2; h++)
          changed |= bitmap_set_bit (st->pts[slot_node (o, ANY, h)],
                                     OBJ_U);
      for (unsigned k = 0; k < st->slots[o].size (); k++)
        for (int h = 0; h < 2; h++)
          changed |= ior (escaped, st->pts[st->slots[o][k].node[h]]);
      tree d = st->obj_decl[o];
      if (d && TREE_CODE (d) == FUNCTION_DECL)
        if (fninfo *f = body_of (d))
          if (!f->outside)
            {
              called_from_outside (f);
              changed = true;
            }
    }
  /* Indirect calls: bind every target found so far. */
  for (unsigned k = 0; k < st->icalls.length (); k++)
    {
      icall *ic = &st->icalls[k];
      bool virtual_call = TREE_CODE (gimple_call_fn (ic->stmt)) == OBJ_TYPE_REF;
      bitmap_copy (scratch, st->pts[ic->fnptr]);
      EXECUTE_IF_SET_IN_BITMAP (scratch, 0, o, bi)
        {
          tree d = st->obj_decl[o];
          /* (an abstract class's slot, read through an object's vptr) */
          if (d && virtual_call && wmm_abstract_slot (d))
            continue;
          /* (a string literal is never called: a table's initializer
             holding names beside functions, `{ "get", process_get }`,
             puts both in the slots' one pointer half) */
          if ((int) o == OBJ_STR)
            continue;
          if (d && TREE_CODE (d) == FUNCTION_DECL)
            {
              if (!ic->bound->add (d))
                {
                  call_to (ic->stmt, d);
                  changed = true;
                }
            }
          /* (a virtual call's pointer, read from a vtable, may also
             seem to be the vtable's type_info: no function) */
          else if (!ic->unknown && !(d && VAR_P (d) && virtual_call))
            {
              ic->unknown = true;
              unknown_call (ic->stmt, NULL_TREE);
              changed = true;
            }
        }
    }
  return changed;
}

/* After the sets stop growing: a call through a pointer that points
   nowhere known (or only to string literals) is a call of unknown code. */
bool
settle_empty_calls (void)
{
  bool changed = false;
  for (unsigned k = 0; k < st->icalls.length (); k++)
    {
      icall *ic = &st->icalls[k];
      bitmap fp = st->pts[ic->fnptr];
      if (!ic->unknown
          && (bitmap_empty_p (fp)
              || (bitmap_single_bit_set_p (fp) && bitmap_bit_p (fp, OBJ_STR))))
        {
          ic->unknown = true;
          unknown_call (ic->stmt, NULL_TREE);
          changed = true;
        }
    }
  return changed;
}

/* Objects another thread may reach: globals, escaped objects, and
   everything their contents reach.  A thread-local variable is no root:
   each thread has its own copy, which, like a local, another thread
   reaches only through an address that went into shared memory (the
   closure finds it) or out to code the analysis cannot read (escape), so
   what only such copies hold is private too (a `static __thread char
   *scratch` the thread fills with malloc). */
void
find_shared (void)
{
  st->shared = BITMAP_ALLOC (&st->obs);
  auto_vec<int> work;
  for (unsigned o = 0; o < st->obj_decl.length (); o++)
    {
      tree d = st->obj_decl[o];
      if ((int) o == OBJ_U
          || bitmap_bit_p (st->pts[st->u_content], o)
          || bitmap_bit_p (st->pts[st->thread_args], o)
          || (d && VAR_P (d) && is_global_var (d)
              && !DECL_THREAD_LOCAL_P (d)))
        if (bitmap_set_bit (st->shared, o))
          work.safe_push (o);
    }
  while (!work.is_empty ())
    {
      int o = work.pop ();
      bitmap_iterator bi;
      unsigned p;
      if (o == OBJ_U)
        continue;
      if (st->obj_view[o] >= 0)
        {
          /* (a member view's object is reached with it) */
          if (bitmap_set_bit (st->shared, base_of (o)))
            work.safe_push (base_of (o));
          continue;
        }
      for (const slot &sl : st->slots[o])
        for (int h = 0; h < 2; h++)
          EXECUTE_IF_SET_IN_BITMAP (st->pts[sl.node[h]], 0, p, bi)
            if (bitmap_set_bit (st->shared, p))
              work.safe_push (p);
    }
  /* and a view with its object */
  st->member_escaped = BITMAP_ALLOC (&st->obs);
  for (const view &v : st->views)
    {
      if (bitmap_bit_p (st->shared, v.base))
        bitmap_set_bit (st->shared, v.obj);
      if (bitmap_bit_p (st->pts[st->u_content], v.obj))
        bitmap_set_bit (st->member_escaped, v.base);
    }
}

/* Objects whose storage may be reused for another object: those a free
   or realloc may be given, and the escaped ones (code outside may free
   them). */
void
find_reused (void)
{
  st->reused = BITMAP_ALLOC (&st->obs);
  bitmap_copy (st->reused, st->pts[st->u_content]);
  for (int n : st->freed)
    if (n >= 0)
      bitmap_ior_into (st->reused, st->pts[n]);
  /* (freeing a member frees its object) */
  for (unsigned k = 0; k < st->views.length (); k++)
    if (bitmap_bit_p (st->reused, st->views[k].obj))
      bitmap_set_bit (st->reused, st->views[k].base);
}

/* Does a function whose body the analysis does not read name symbol n
   (take its address, read or write it)?  (Outside the analysis: a body
   no analysis reads, wmm_analysable_body.) */
/* Is object o (no member view) one of a region: memory of an allocation
   call, or a declared variable (the parts of it that no access names
   meet on its region's words, not on any heap memory's)? */
bool
region_object (int o)
{
  if (bitmap_bit_p (st->alloc_objs, o))
    return true;
  tree d = o > OBJ_STR ? st->obj_decl[o] : NULL_TREE;
  return d && VAR_P (d);
}

/* The representative of object o's region. */
int
region_of (int o)
{
  /* (an object made after the regions were found is its own) */
  if (o < 0 || o >= (int) st->region.length ())
    return o;
  while (st->region[o] != o)
    o = st->region[o] = st->region[st->region[o]];
  return o;
}

/* Join the heap regions of the allocation objects SSA pointer v may
 * point to (nothing when it may hold U: its accesses take no region). */
void
join_regions (tree v)
{
  int *n = v && TREE_CODE (v) == SSA_NAME ? st->ssa_node.get (v) : NULL;
  if (!n || bitmap_bit_p (st->pts[*n], OBJ_U))
    return;
  /* (heap memory joins heap memory, declared variables join declared
     variables: a pointer that may point to either, `this` of a class
     whose objects are locals and heap copies, takes the words any
     memory shares, and the heap's accesses keep words of their own) */
  int first[2] = { -1, -1 };
  bitmap_iterator bi;
  unsigned k;
  EXECUTE_IF_SET_IN_BITMAP (st->pts[*n], 0, k, bi)
    {
      int o = base_of (k);
      if (!region_object (o))
        continue;
      int &f = first[bitmap_bit_p (st->alloc_objs, o)];
      if (f < 0)
        f = region_of (o);
      else
        st->region[region_of (o)] = f;
      f = region_of (f);
    }
}

/* The pointer a memory reference goes through (`*p`, `p->f`), or NULL. */
tree
deref_pointer (tree ref)
{
  tree base = ref ? get_base_address (ref) : NULL_TREE;
  return base && (TREE_CODE (base) == MEM_REF
                  || TREE_CODE (base) == TARGET_MEM_REF)
         ? TREE_OPERAND (base, 0) : NULL_TREE;
}

/* Remember the pointers statement s accesses memory through: those it
 * dereferences, and those it gives a call (which may access through
 * them; not free's or realloc's, which end the object: an allocation
 * wrapper's `realloc (ptr, n)` joins nothing). */
void
note_access_pointers (gimple *s)
{
  for (unsigned k = 0; k < gimple_num_ops (s); k++)
    if (gimple_op (s, k) && is_memory_ref (gimple_op (s, k)))
      if (tree p = deref_pointer (gimple_op (s, k)))
        st->access_ptrs.safe_push (p);
  gcall *call = dyn_cast<gcall *> (s);
  if (!call || gimple_call_builtin_p (call, BUILT_IN_FREE)
      || gimple_call_builtin_p (call, BUILT_IN_REALLOC))
    return;
  for (unsigned k = 0; k < gimple_call_num_args (call); k++)
    if (TREE_CODE (gimple_call_arg (call, k)) == SSA_NAME)
      st->access_ptrs.safe_push (gimple_call_arg (call, k));
}

/* Heap regions: the objects of allocation calls, joined when one pointer
 * the program accesses memory through may point to both (access_ptrs).
 * Two such pointers whose targets lie in two regions never point to one
 * object: each region's memory gets words of its own (tbaa.cc). */
void
find_regions (void)
{
  st->region.safe_grow (st->obj_decl.length ());
  for (unsigned o = 0; o < st->region.length (); o++)
    st->region[o] = o;
  for (tree p : st->access_ptrs)
    join_regions (p);
}

bool
named_by_unread_code (symtab_node *n)
{
  ipa_ref *ref;
  for (unsigned i = 0; n->iterate_referring (i, ref); i++)
    if (cgraph_node *fn = dyn_cast<cgraph_node *> (ref->referring))
      if (st ? !body_of (fn->decl) : !wmm_analysable_body (fn))
        return true;
  return false;
}

} // namespace

bool
wmm_own_vtable_method (cgraph_node *n)
{
  if (!DECL_COMDAT (n->decl))
    return false;
  ipa_ref *ref;
  for (unsigned i = 0; n->iterate_referring (i, ref); i++)
    {
      if (ref->use == IPA_REF_ALIAS)
        {
          cgraph_node *a = dyn_cast<cgraph_node *> (ref->referring);
          if (!a || !wmm_own_vtable_method (a))
            return false;
          continue;
        }
      if (ref->use != IPA_REF_ADDR)
        continue;
      varpool_node *var = dyn_cast<varpool_node *> (ref->referring);
      if (!var || !own_vtable (var))
        return false;
    }
  return true;
}


void
wmm_threadlocal_reset (void)
{
  if (!st)
    return;
  for (icall &ic : st->icalls)
    delete ic.bound;
  st->icalls.release ();
  st->target_sets.release ();
  st->target_hash.release ();
  st->target_strings.release ();
  st->region.release ();
  st->access_ptrs.release ();
  st->freed.release ();
  st->event_args.release ();
  st->event_loads.release ();
  st->event_outs.release ();
  st->pts.release ();
  st->obj_decl.release ();
  st->obj_node.release ();
  st->obj_view.release ();
  st->views.release ();
  st->fns.release ();
  st->cs.release ();
  bitmap_obstack_release (&st->obs);
  delete st;
  st = NULL;
}

void
wmm_threadlocal_analyse (wmm_unitinfo *u)
{
  wmm_threadlocal_reset ();
  st = new state ();
  bitmap_obstack_initialize (&st->obs);
  st->valid = false;
  new_object (NULL_TREE);        /* OBJ_U: one content for everything */
  st->u_content = new_node ();
  new_object (NULL_TREE);        /* OBJ_STR: nothing is stored there */
  st->str_content = new_node ();
  st->u_node = node_of_object (OBJ_U);
  st->thread_args = new_node ();
  st->zlib_windows = new_node ();
  st->event_regs = new_node ();
  st->specific = new_node ();
  bitmap_set_bit (st->pts[st->u_content], OBJ_U);
  st->view_objs = BITMAP_ALLOC (&st->obs);
  st->alloc_objs = BITMAP_ALLOC (&st->obs);

  wmm_each_body ([&] (cgraph_node *node, function *fn) {
    if (node->inlined_to)
      return;
    fninfo f = {node->decl, fn, new_node (), false, -2, new_node ()};
    st->fn_index.put (node->decl, st->fns.length ());
    st->fns.safe_push (f);
  });
  st->resolved = u->resolved_calls;
  find_allocators ();
  for (unsigned k = 0; k < st->fns.length (); k++)
    {
      fninfo *f = &st->fns[k];
      cur_fn = k;
      push_cfun (f->fn);
      basic_block bb;
      FOR_EACH_BB_FN (bb, f->fn)
        {
          for (gphi_iterator pi = gsi_start_phis (bb); !gsi_end_p (pi);
               gsi_next (&pi))
            statement (pi.phi ());
          for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
               gsi_next (&gsi))
            if (!is_gimple_debug (gsi_stmt (gsi)))
              {
                statement (gsi_stmt (gsi));
                note_access_pointers (gsi_stmt (gsi));
                event_member_access (gsi_stmt (gsi));
              }
        }
      pop_cfun ();
    }
  settle_events ();
  /* Who calls a body from outside the analysis: other units by name,
     callers whose code is not read. */
  for (unsigned k = 0; k < st->fns.length (); k++)
    {
      fninfo *f = &st->fns[k];
      cgraph_node *node = cgraph_node::get (f->decl);
      /* (main's arguments come from outside too; C++ inline and
         template code, whose address no one takes, other units run on
         their own memory: their copy, fenced for their calls) */
      bool outside = !node
                     || (wmm_called_back_by_name (node)
                         && !wmm_vague_linkage (node)
                         && !wmm_own_vtable_method (node))
                     || MAIN_NAME_P (DECL_NAME (f->decl));
      for (cgraph_edge *e = node ? node->callers : NULL; e && !outside;
           e = e->next_caller)
        if (!body_of (e->caller->decl)
            && !(e->caller->inlined_to && body_of (e->caller->inlined_to->decl)))
          outside = true;
      if (outside || (node && named_by_unread_code (node)))
        called_from_outside (f);
    }
  /* Globals: their initializers' addresses; those other units see have
     escaped. */
  varpool_node *var;
  FOR_EACH_VARIABLE (var)
    {
      tree d = var->decl;
      int o = decl_object (d);
      if (o < 0)
        continue;
      /* (a body the analysis does not read may name it: -flto's link
         step with a unit compiled without the plugin; asm may name a
         variable kept by hand, and the linker's __start_ / __stop_
         symbols point into a named section) */
      /* (own_vtable: it escapes with the unit's objects) */
      if (((TREE_PUBLIC (d) || var->externally_visible) && !own_vtable (var))
          || DECL_EXTERNAL (d) || named_by_unread_code (var)
          || DECL_PRESERVE_P (d) || DECL_SECTION_NAME (d))
        escape (node_of_object (o));
      /* the addresses its initializer holds (GCC's references: they are
         there in every step, also where the initializer is not read) */
      ipa_ref *ref;
      for (unsigned i = 0; var->iterate_reference (i, ref); i++)
        if (ref->use == IPA_REF_ADDR)
          {
            int r = decl_object (ref->referred->decl);
            if (r >= 0)
              add (C_STORE, node_of_object (o), node_of_object (r));
          }
      /* and the string literals it points to (no symbol, no reference) */
      tree init = wmm_decl_initial (d);
      hash_set<tree> bases;
      if (init && init != error_mark_node)
        walk_tree_without_duplicates (&init, wmm_addr_of, &bases);
      for (tree b : bases)
        if (TREE_CODE (b) == STRING_CST)
          {
            add (C_STORE, node_of_object (o), node_of_object (OBJ_STR));
            break;
          }
    }

  auto_bitmap scratch (&st->obs);
  int rounds = 0;
  for (;;)
    {
      if (++rounds > MAX_ROUNDS)
        {
          wmm_note (u, "points-to analysis of private objects stopped after "
                    "%d rounds: objects are taken to be shared", MAX_ROUNDS);
          return;
        }
      if (!round (scratch) && !settle_empty_calls () && !settle_specific ())
        break;
    }
  find_shared ();
  find_reused ();
  find_regions ();

  st->valid = true;
}

bool
wmm_threadlocal_never_freed (gimple *alloc)
{
  if (!st || !st->valid || !alloc)
    return false;
  int *o = st->site_obj.get (alloc);
  return o && !bitmap_bit_p (st->reused, *o);
}

int
wmm_threadlocal_alloc_object (gimple *call)
{
  if (!st || !st->valid || !call)
    return -1;
  int *o = st->site_obj.get (call);
  return o ? *o : -1;
}

bool
wmm_threadlocal_object_escaped (int o)
{
  if (!st || !st->valid || o < 0)
    return true;
  return bitmap_bit_p (st->pts[st->u_content], o)
         || bitmap_bit_p (st->member_escaped, o);
}

int
wmm_threadlocal_decl_object (tree decl)
{
  int *o = st && st->valid && decl ? st->decl_obj.get (decl) : NULL;
  return o ? *o : -1;
}

bool
wmm_threadlocal_held_only_by (int o, int holder)
{
  if (!st || !st->valid || o <= OBJ_STR || holder <= OBJ_STR
      || o == holder || wmm_threadlocal_object_escaped (o))
    return false;
  /* Does value node n hold o, or a member view of it? */
  auto holds = [&] (int n) {
    bitmap_iterator bi;
    unsigned k;
    EXECUTE_IF_SET_IN_BITMAP (st->pts[n], 0, k, bi)
      if (base_of (k) == o)
        return true;
    return false;
  };
  if (holds (st->thread_args) || holds (st->u_content))
    return false;
  for (unsigned x = 0; x < st->slots.size (); x++)
    if ((int) x != holder)
      for (const slot &sl : st->slots[x])
        if (holds (sl.node[0]) || holds (sl.node[1]))
          return false;
  return true;
}

int
wmm_threadlocal_set_meets (int set, const vec<int> &objs)
{
  if (!st || !st->valid || set < 0 || set >= (int) st->target_sets.length ())
    return -1;
  bool in = false, out = false;
  bitmap_iterator bi;
  unsigned k;
  EXECUTE_IF_SET_IN_BITMAP (st->target_sets[set], 0, k, bi)
    {
      /* (a member view is part of its object) */
      int o = st->obj_view[k] >= 0 ? st->views[st->obj_view[k]].base : (int) k;
      if (o == OBJ_STR)
        continue;
      if (objs.contains (o))
        in = true;
      else
        out = true;
    }
  return in ? (out ? -1 : 1) : 0;
}

namespace {

/* The one allocation object (by_region: heap region) all objects of
 * target set `set` are, string literals aside; -1 when none such. */
int
alloc_set_key (int set, bool by_region)
{
  if (!st || !st->valid || set < 0 || set >= (int) st->target_sets.length ())
    return -1;
  int key = -1;
  bitmap_iterator bi;
  unsigned k;
  EXECUTE_IF_SET_IN_BITMAP (st->target_sets[set], 0, k, bi)
    {
      if ((int) k == OBJ_STR)
        continue;   /* (never written) */
      int o = base_of (k);
      if (by_region ? !region_object (o) : !bitmap_bit_p (st->alloc_objs, o))
        return -1;
      int ko = by_region ? region_of (o) : o;
      if (key >= 0 && key != ko)
        return -1;
      key = ko;
    }
  return key;
}

} // anon namespace

int
wmm_threadlocal_heap_site (int set)
{
  return alloc_set_key (set, false);
}

int
wmm_threadlocal_heap_region (int set)
{
  return alloc_set_key (set, true);
}

bool
wmm_threadlocal_set_meets_region (int set, int region)
{
  if (!st || !st->valid || set < 0 || set >= (int) st->target_sets.length ()
      || region < 0 || region >= (int) st->region.length ())
    return true;
  bitmap_iterator bi;
  unsigned k;
  EXECUTE_IF_SET_IN_BITMAP (st->target_sets[set], 0, k, bi)
    if ((int) k != OBJ_STR && region_of (base_of (k)) == region)
      return true;
  return false;
}

tree
wmm_threadlocal_object_decl (int o)
{
  if (!st || !st->valid || o <= OBJ_STR || o >= (int) st->obj_decl.length ())
    return NULL_TREE;
  return st->obj_decl[o];
}

gimple *
wmm_threadlocal_site_call (int o)
{
  if (!st || !st->valid || o < 0)
    return NULL;
  for (hash_map<gimple *, int>::iterator i = st->site_obj.begin ();
       i != st->site_obj.end (); ++i)
    if ((*i).second == o)
      return (*i).first;
  return NULL;
}

bool
wmm_threadlocal_pointer (tree ptr)
{
  if (!st || !st->valid || !ptr || TREE_CODE (ptr) != SSA_NAME)
    return false;
  int *n = st->ssa_node.get (ptr);
  if (!n)
    return false;
  bitmap p = st->pts[*n];
  return !bitmap_empty_p (p) && !bitmap_intersect_p (p, st->shared);
}

namespace {

/* Does a member view of object o (variable decl) in `set` reach its bits
   [pos, pos + size) (size 0: any of them)? */
bool
views_reach (bitmap set, tree decl, int o, HOST_WIDE_INT pos,
             HOST_WIDE_INT size)
{
  fkey key = pos >= 0 && size > 0 ? member_at (TREE_TYPE (decl), pos, size)
                                   : ANY;
  for (const view &v : st->views)
    if (v.base == o && bitmap_bit_p (set, v.obj)
        && (!key.rec || same_key (key, v.key)))
      return true;
  return false;
}

} // anon namespace

bool
wmm_threadlocal_unreached (tree decl, HOST_WIDE_INT pos, HOST_WIDE_INT size)
{
  if (!st || !st->valid || !decl || !VAR_P (decl))
    return false;
  int *o = st->decl_obj.get (decl);
  if (!o || bitmap_bit_p (st->pts[st->u_content], *o))
    return false;
  if (!bitmap_bit_p (st->member_escaped, *o))
    return true;
  /* (a member a library was given: that member's bits) */
  return !views_reach (st->pts[st->u_content], decl, *o, pos, size);
}

bool
wmm_threadlocal_decl (tree decl)
{
  if (!st || !st->valid || !decl || !DECL_P (decl) || is_global_var (decl))
    return false;
  int *o = st->decl_obj.get (decl);
  return o && !bitmap_bit_p (st->shared, *o);
}

namespace {

bool null_only (tree v, hash_set<tree> *seen);

/* Is parameter value v (a default definition) null at every call of its
   function, which only the unit's direct calls enter? */
bool
null_param (tree v, hash_set<tree> *seen)
{
  tree parm = SSA_NAME_VAR (v);
  if (!parm || TREE_CODE (parm) != PARM_DECL)
    return false;
  tree fn = DECL_CONTEXT (parm);
  cgraph_node *node = fn ? cgraph_node::get (fn) : NULL;
  if (!node || !node->callers || node->address_taken
      || wmm_called_back_by_name (node))
    return false;
  unsigned i = 0;
  for (tree p = DECL_ARGUMENTS (fn); p != parm; p = DECL_CHAIN (p), i++)
    if (!p)
      return false;
  for (cgraph_edge *e = node->callers; e; e = e->next_caller)
    if (!e->call_stmt || i >= gimple_call_num_args (e->call_stmt)
        || !null_only (gimple_call_arg (e->call_stmt, i), seen))
      return false;
  return true;
}

/* Is every value SSA name v may hold a null pointer (through copies,
   conversions, phis, offsets and the parameters of functions only
   called directly: `buf = NULL; while (...) buf += k;`, pigz's `crc32z
   (0, NULL, 0)` walking its buffer in chunks)? */
bool
null_only (tree v, hash_set<tree> *seen)
{
  if (TREE_CODE (v) != SSA_NAME)
    return integer_zerop (v);
  if (seen->add (v))
    return true;
  if (seen->elements () > 64)
    return false;
  if (SSA_NAME_IS_DEFAULT_DEF (v))
    return null_param (v, seen);
  gimple *d = SSA_NAME_DEF_STMT (v);
  if (gphi *phi = dyn_cast<gphi *> (d))
    {
      for (unsigned k = 0; k < gimple_phi_num_args (phi); k++)
        if (!null_only (gimple_phi_arg_def (phi, k), seen))
          return false;
      return true;
    }
  if (!is_gimple_assign (d))
    return false;
  switch (gimple_assign_rhs_code (d))
    {
    case POINTER_PLUS_EXPR:
    case SSA_NAME: CASE_CONVERT: case INTEGER_CST:
      return null_only (gimple_assign_rhs1 (d), seen);
    default:
      return false;
    }
}

} // anon namespace

/* The index of target set p (a distinct set is kept once). */
static int
set_index (bitmap p)
{
  hashval_t h = bitmap_hash (p);
  for (unsigned k = 0; k < st->target_sets.length (); k++)
    if (st->target_hash[k] == h && bitmap_equal_p (st->target_sets[k], p))
      return k;
  bitmap copy = BITMAP_ALLOC (&st->obs);
  bitmap_copy (copy, p);
  st->target_sets.safe_push (copy);
  st->target_hash.safe_push (h);
  st->target_strings.safe_push (bitmap_count_bits (p) == 1
                                && bitmap_bit_p (p, OBJ_STR));
  return st->target_sets.length () - 1;
}

int
wmm_threadlocal_targets (tree ptr)
{
  if (!st || !st->valid || !ptr || TREE_CODE (ptr) != SSA_NAME)
    return -1;
  int *n = st->ssa_node.get (ptr);
  if (!n)
    return -1;
  bitmap p = st->pts[*n];
  /* (a null pointer touches nothing: as string literals, no memory
     another thread writes) */
  auto_bitmap none (&st->obs);
  if (bitmap_empty_p (p))
    {
      hash_set<tree> seen;
      if (null_only (ptr, &seen))
        {
          bitmap_set_bit (none, OBJ_STR);
          p = none;
        }
    }
  /* (U: memory code outside reaches: what escaped and what it can name;
     wmm_threadlocal_targets_outside) */
  if (bitmap_empty_p (p))
    return -1;
  return set_index (p);
}

int
wmm_threadlocal_zlib_buffer (gimple *call, bool out)
{
  std::pair<int, int> *b = st && st->valid && call
                           ? st->zlib_buffers.get (call) : NULL;
  int n = !b ? -1 : out ? b->second : b->first;
  if (n < 0 || bitmap_empty_p (st->pts[n]))
    return -1;
  return set_index (st->pts[n]);
}

bool
wmm_threadlocal_set_private (int set)
{
  if (!st || !st->valid || set < 0 || set >= (int) st->target_sets.length ())
    return false;
  bitmap p = st->target_sets[set];
  return !bitmap_empty_p (p) && !bitmap_bit_p (p, OBJ_U)
         && !bitmap_intersect_p (p, st->shared);
}

int
wmm_threadlocal_decl_targets (tree decl)
{
  int *o = st && st->valid && decl ? st->decl_obj.get (decl) : NULL;
  if (!o)
    return -1;
  auto_bitmap one (&st->obs);
  bitmap_set_bit (one, *o);
  return set_index (one);
}

bool
wmm_threadlocal_may_target (int set, tree decl, HOST_WIDE_INT pos,
                            HOST_WIDE_INT size)
{
  if (!st || !st->valid || set < 0 || set >= (int) st->target_sets.length ()
      || !decl || !VAR_P (decl))
    return true;
  /* (an alias and its target are one object) */
  varpool_node *v = varpool_node::get (decl);
  if (v && (v->alias || v->has_aliases_p ()))
    return true;
  int *o = st->decl_obj.get (decl);
  bitmap targets = st->target_sets[set];
  if (!o || bitmap_bit_p (targets, *o))
    return true;
  if (!bitmap_intersect_p (targets, st->view_objs))
    return false;
  /* (a member view reaches its member's bits: an offset from an array
     member stays in the array, C11 6.5.6p8; any other offset made the
     pointer its whole object) */
  return views_reach (targets, decl, *o, pos, size);
}

bool
wmm_threadlocal_targets_outside (int set)
{
  return !st || !st->valid || set < 0
         || set >= (int) st->target_sets.length ()
         || bitmap_bit_p (st->target_sets[set], OBJ_U);
}

bool
wmm_threadlocal_targets_strings (int set)
{
  if (!st || !st->valid || set < 0 || set >= (int) st->target_sets.length ())
    return false;
  return st->target_strings[set];
}

