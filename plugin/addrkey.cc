/* addrkey.cc — the form of an address that one activation of a function
 * computes to the same value every time: the text an address key
 * (ir.h, wmm_instr.addr_key) is given by (collect.cc, addr_key).
 *
 * Example:
 *   struct arg { long *partial; int id; };
 *   void *sum (void *p) { struct arg *a = p;
 *     for (...) a->partial[a->id] += x; }
 *   -> the load and the store of `a->partial[a->id]` both get the form
 *   `o(l(p..,0,0,64),o(c(l(p..,0,64,32)),k8))`: the parameter's entry
 *   value, two members of the object it points to, which only this
 *   thread reaches (a private start routine argument) and the function
 *   never writes (it only reads through the parameter), a conversion,
 *   a constant and the two arithmetic operations.  One activation
 *   touches one word of partial, however often the loop runs.
 *
 * A form is built from the function's own pointer parameters' entry
 * values, integer constants, addresses of declarations, loads of members
 * of a private parameter's object that the function only reads through
 * it (read-only while the activation runs: no other thread reaches the
 * object, the function does not write it), and the value-preserving or
 * typed arithmetic between them; the value a call of a function of the
 * unit returns when all its returns give one form, its parameters
 * standing for the call's arguments (std::array::operator[]); and a load
 * the collector took for a read of one known location, *pinned*: the key
 * is dropped when some collected access may write that location
 * (wmm_unpin_keys: std::vector::operator[] reading main's vector's start).
 * A PHI (a loop counter) or a load of any other memory has no form.  Two
 * SSA names with one form hold one value in one activation (each
 * operation's type is in the form).
 */
#include "plugin.h"

namespace {

const int FORM_DEPTH = 16;
const int CALL_DEPTH = 3;

/* Where a form is built: the function, and for a callee whose result
 * counts (`std::array::operator[]` returning `&this->_M_elems[n]`) the
 * call it runs for and the caller's scope. */
struct scope
{
  tree fn;
  gcall *call;
  const scope *outer;
  int calls;
  wmm_form_loads *loads;   /* known-location loads (may be NULL) */
};

/* The text being built, and whether it still fits. */
struct form_text
{
  char s[512];
  size_t n;
  bool ok;
};

void
put (form_text *f, const char *fmt, ...)
{
  if (!f->ok)
    return;
  va_list ap;
  va_start (ap, fmt);
  int w = vsnprintf (f->s + f->n, sizeof f->s - f->n, fmt, ap);
  va_end (ap);
  if (w < 0 || (size_t) w >= sizeof f->s - f->n)
    f->ok = false;
  else
    f->n += w;
}

/* The type's part in a form: signedness (or pointer) and precision. */
void
put_type (form_text *f, tree type)
{
  put (f, "%c%u", POINTER_TYPE_P (type) ? 'p' : TYPE_UNSIGNED (type)
                                                 ? 'u' : 's',
       (unsigned) TYPE_PRECISION (type));
}

/* Is pointer parameter parm of fn (its entry value q) one whose object
 * keeps its contents while fn runs: private to the running thread and
 * only read through parm by fn and the helpers it hands it to? */
bool
stable_object (tree fn, tree q)
{
  return wmm_private_pointer (q)
         && wmm_read_only_argument (fn, SSA_NAME_VAR (q));
}

/* Is location loc part of a variable no code outside the analysis can
 * reach (another unit's or a library's: its writes are in no IR): none
 * another unit may name (wmm_foreign_reach, as if that unit may run) and
 * none the points-to analysis hands to such code? */
bool
unreached_location (int loc)
{
  HOST_WIDE_INT pos, size;
  tree decl = wmm_location_decl (loc, &pos, &size);
  return decl && VAR_P (decl) && !wmm_foreign_reach (decl, false)
         && pos >= 0 && size > 0
         && wmm_threadlocal_unreached (decl, pos, size);
}

/* A load's part when the collector took it for a read of one known
 * location (wmm_form_loads): that location, pinned (the key holds only
 * when no collected access may write it: wmm_unpin_keys). */
bool
pinned_form (form_text *f, const scope *sc, gassign *g)
{
  if (!sc->loads)
    return false;
  int loc = sc->loads->resolve (g, sc->call);
  if (loc < 0 || !unreached_location (loc))
    return false;
  if (sc->loads->npins == (int) (sizeof sc->loads->pins
                                 / sizeof sc->loads->pins[0]))
    return false;
  sc->loads->pins[sc->loads->npins++] = loc;
  put (f, "L%d", loc);
  return true;
}

/* A load's part: a member of a stable parameter's object at a constant
 * offset and size. */
bool
load_form (form_text *f, const scope *sc, gassign *g)
{
  tree fn = sc->fn, ref = gimple_assign_rhs1 (g);
  if (TREE_THIS_VOLATILE (ref) || TYPE_VOLATILE (TREE_TYPE (ref))
      || TYPE_ATOMIC (TREE_TYPE (ref))
      || !(INTEGRAL_TYPE_P (TREE_TYPE (ref))
           || POINTER_TYPE_P (TREE_TYPE (ref))))
    return false;
  poly_int64 off, size, max;
  bool reverse;
  HOST_WIDE_INT o, sz, mx;
  tree base = get_ref_base_and_extent (ref, &off, &size, &max, &reverse);
  if (!base || TREE_CODE (base) != MEM_REF || !off.is_constant (&o)
      || !size.is_constant (&sz) || !max.is_constant (&mx) || sz != mx
      || sz <= 0 || !tree_fits_shwi_p (TREE_OPERAND (base, 1)))
    return pinned_form (f, sc, g);
  tree q = wmm_pointer_root (TREE_OPERAND (base, 0));
  if (sc->outer || !q || !SSA_NAME_IS_DEFAULT_DEF (q) || !SSA_NAME_VAR (q)
      || TREE_CODE (SSA_NAME_VAR (q)) != PARM_DECL
      || DECL_CONTEXT (SSA_NAME_VAR (q)) != fn || !stable_object (fn, q))
    return pinned_form (f, sc, g);
  put (f, "l");
  put_type (f, TREE_TYPE (ref));
  put (f, "(p%u,%ld,%ld,%ld)", (unsigned) DECL_UID (SSA_NAME_VAR (q)),
       (long) tree_to_shwi (TREE_OPERAND (base, 1)), (long) o, (long) sz);
  return true;
}

/* Is the conversion from type `from` to type `to` one that keeps every
 * bit (pointer to pointer, or two integers of one precision)? */
bool
keeps_bits (tree to, tree from)
{
  if (POINTER_TYPE_P (to) && POINTER_TYPE_P (from))
    return true;
  return (INTEGRAL_TYPE_P (to) || POINTER_TYPE_P (to))
         && (INTEGRAL_TYPE_P (from) || POINTER_TYPE_P (from))
         && TYPE_PRECISION (to) == TYPE_PRECISION (from);
}

bool value_form (form_text *f, const scope *sc, tree v, int depth);
bool ref_form (form_text *f, const scope *sc, tree ref, int depth);
bool call_form (form_text *f, const scope *sc, gcall *call, int depth);

/* The part of gimple assignment g (the definition of an SSA name). */
bool
assign_form (form_text *f, const scope *sc, gassign *g, int depth)
{
  tree lhs = gimple_assign_lhs (g), a = gimple_assign_rhs1 (g);
  enum tree_code code = gimple_assign_rhs_code (g);
  if (gimple_assign_load_p (g) && gimple_num_ops (g) == 2)
    return load_form (f, sc, g);
  if (code == SSA_NAME || code == INTEGER_CST || code == ADDR_EXPR)
    return value_form (f, sc, a, depth + 1);
  if (CONVERT_EXPR_CODE_P (code))
    {
      if (keeps_bits (TREE_TYPE (lhs), TREE_TYPE (a)))
        return value_form (f, sc, a, depth + 1);
      put (f, "c");
      put_type (f, TREE_TYPE (lhs));
      put_type (f, TREE_TYPE (a));
      put (f, "(");
      bool ok = value_form (f, sc, a, depth + 1);
      put (f, ")");
      return ok;
    }
  switch (code)
    {
    case NEGATE_EXPR:
    case BIT_NOT_EXPR:
    case PLUS_EXPR:
    case MINUS_EXPR:
    case MULT_EXPR:
    case POINTER_PLUS_EXPR:
    case TRUNC_DIV_EXPR:
    case TRUNC_MOD_EXPR:
    case EXACT_DIV_EXPR:
    case BIT_AND_EXPR:
    case BIT_IOR_EXPR:
    case BIT_XOR_EXPR:
    case LSHIFT_EXPR:
    case RSHIFT_EXPR:
    case MIN_EXPR:
    case MAX_EXPR:
      /* (the operation, its type, then each operand's part) */
      put (f, "o%d", (int) code);
      put_type (f, TREE_TYPE (lhs));
      for (unsigned i = 1; i < gimple_num_ops (g); i++)
        {
          put (f, i == 1 ? "(" : ",");
          if (!value_form (f, sc, gimple_op (g, i), depth + 1))
            return false;
        }
      put (f, ")");
      return true;
    default:
      return false;
    }
}

/* Append v's part to f; false when v has no form. */
bool
value_form (form_text *f, const scope *sc, tree v, int depth)
{
  if (depth > FORM_DEPTH || !f->ok)
    return false;
  switch (TREE_CODE (v))
    {
    case INTEGER_CST:
      if (!tree_fits_shwi_p (v))
        return false;
      put (f, "k");
      put_type (f, TREE_TYPE (v));
      put (f, "%ld", (long) tree_to_shwi (v));
      return true;
    case ADDR_EXPR:
      put (f, "&");
      return ref_form (f, sc, TREE_OPERAND (v, 0), depth + 1);
    case SSA_NAME:
      {
        if (SSA_NAME_IS_DEFAULT_DEF (v))
          {
            tree p = SSA_NAME_VAR (v);
            if (!p || TREE_CODE (p) != PARM_DECL || DECL_CONTEXT (p) != sc->fn)
              return false;
            if (!sc->outer)
              {
                put (f, "p%u", (unsigned) DECL_UID (p));
                return true;
              }
            /* a callee's parameter: the caller's argument */
            unsigned i = 0;
            for (tree a = DECL_ARGUMENTS (sc->fn); a && a != p; a = DECL_CHAIN (a))
              i++;
            return i < gimple_call_num_args (sc->call)
                   && value_form (f, sc->outer, gimple_call_arg (sc->call, i),
                                  depth + 1);
          }
        gimple *d = SSA_NAME_DEF_STMT (v);
        if (gcall *call = dyn_cast<gcall *> (d))
          return call_form (f, sc, call, depth);
        gassign *g = dyn_cast<gassign *> (d);
        return g && assign_form (f, sc, g, depth);
      }
    default:
      return false;
    }
}

/* Append the part of reference ref, whose address has a form when every
 * index and pointer in it has one: `(*_1)[_2]` with _1 and _2 members of
 * a stable argument, `a->rows[k].sum`.  False when it has none. */
bool
ref_form (form_text *f, const scope *sc, tree ref, int depth)
{
  if (depth > FORM_DEPTH || !f->ok)
    return false;
  switch (TREE_CODE (ref))
    {
    case ARRAY_REF:
      {
        tree low = array_ref_low_bound (ref), size = array_ref_element_size (ref);
        if (!tree_fits_shwi_p (low) || !tree_fits_shwi_p (size))
          return false;
        put (f, "[");
        if (!ref_form (f, sc, TREE_OPERAND (ref, 0), depth + 1))
          return false;
        put (f, ",");
        if (!value_form (f, sc, TREE_OPERAND (ref, 1), depth + 1))
          return false;
        put (f, ",%ld,%ld]", (long) tree_to_shwi (low),
             (long) tree_to_shwi (size));
        return true;
      }
    case COMPONENT_REF:
      {
        tree field = TREE_OPERAND (ref, 1);
        if (TREE_CODE (field) != FIELD_DECL || DECL_BIT_FIELD (field)
            || TREE_OPERAND (ref, 2)
            || !tree_fits_shwi_p (component_ref_field_offset (ref)))
          return false;
        put (f, ".%u(", (unsigned) DECL_UID (field));
        if (!ref_form (f, sc, TREE_OPERAND (ref, 0), depth + 1))
          return false;
        put (f, ")");
        return true;
      }
    case MEM_REF:
      if (!tree_fits_shwi_p (TREE_OPERAND (ref, 1)))
        return false;
      put (f, "m%ld(", (long) tree_to_shwi (TREE_OPERAND (ref, 1)));
      if (!value_form (f, sc, TREE_OPERAND (ref, 0), depth + 1))
        return false;
      put (f, ")");
      return true;
    case VAR_DECL:
    case PARM_DECL:
      /* (a callee's own locals are new in each of its calls) */
      if (sc->outer && !is_global_var (ref))
        return false;
      put (f, "d%u", (unsigned) DECL_UID (ref));
      return true;
    default:
      return false;
    }
}

/* Append the part of the value call returns: the one form every return
 * of its callee (a function of the unit with a body) gives, the callee's
 * parameters standing for the call's arguments.  What the callee does
 * besides cannot change it: inside a callee the form reads only pinned
 * locations, which no collected access writes. */
bool
call_form (form_text *f, const scope *sc, gcall *call, int depth)
{
  tree callee = gimple_call_fndecl (call);
  function *body = callee ? DECL_STRUCT_FUNCTION (callee) : NULL;
  if (!body || !body->gimple_df || !body->cfg || sc->calls >= CALL_DEPTH
      || gimple_call_chain (call) || gimple_call_internal_p (call))
    return false;
  scope inner = { callee, call, sc, sc->calls + 1, sc->loads };
  char first[sizeof f->s];
  bool have = false;
  bool same = wmm_each_return (body, [&] (tree v) {
      form_text g = { "", 0, true };
      if (!v || !value_form (&g, &inner, v, depth + 1) || !g.ok
          || (have && strcmp (first, g.s)))
        return false;
      memcpy (first, g.s, g.n + 1);
      have = true;
      return true;
  });
  if (!same || !have)
    return false;
  put (f, "%s", first);
  return true;
}

/* f's text, xmalloc'd, when it was built (ok) and fits; else NULL. */
char *
form_result (form_text *f, bool ok)
{
  return ok && f->ok ? xstrdup (f->s) : NULL;
}

} // namespace

char *
wmm_address_form (tree fn, tree ptr, wmm_form_loads *loads)
{
  form_text f = { "", 0, true };
  scope sc = { fn, NULL, NULL, 0, loads };
  return form_result (&f, value_form (&f, &sc, ptr, 0));
}

char *
wmm_reference_form (tree fn, tree ref, wmm_form_loads *loads)
{
  form_text f = { "", 0, true };
  scope sc = { fn, NULL, NULL, 0, loads };
  if (TREE_THIS_VOLATILE (ref) || !ref_form (&f, &sc, ref, 0))
    return NULL;
  tree size = TYPE_SIZE (TREE_TYPE (ref));
  if (!size || !tree_fits_uhwi_p (size))
    return NULL;
  put (&f, ":");
  put_type (&f, TREE_TYPE (ref));
  put (&f, "/%lu", (unsigned long) tree_to_uhwi (size));
  return form_result (&f, true);
}

/* May an access of the collected IR write location loc: a write to it,
 * or to an unknown address whose alias set holds it (an unknown call's
 * stand-in too)? */
static bool
written (const wmm_program *p, int loc)
{
  for (int t = 0; t < p->nthreads; t++)
    for (int i = 0; i < p->threads[t].ncode; i++)
      {
        const wmm_instr *in = &p->threads[t].code[i];
        if (!wmm_instr_writes (in))
          continue;
        if (in->addr.loc_hint >= 0 ? in->addr.loc_hint == loc
                                   : wmm_alias_contains (p, in->addr.alias, loc))
          return true;
      }
  return false;
}

bool
wmm_stable_word (const wmm_unitinfo *u, tree decl, HOST_WIDE_INT pos)
{
  bool found = false;
  for (int l = 0; l < u->prog->nlocs; l++)
    {
      HOST_WIDE_INT lp, ls;
      if (wmm_location_decl (l, &lp, &ls) != decl || pos < lp
          || pos >= lp + ls)
        continue;
      if (!unreached_location (l) || written (u->prog, l))
        return false;
      found = true;
    }
  return found;
}

int
wmm_unpin_keys (wmm_unitinfo *u)
{
  int dropped = 0;
  hash_map<int_hash<int, -1, -2>, bool> seen;   /* location -> written */
  for (const wmm_pinned_key &pk : u->pinned_keys)
    {
      bool held = true;
      for (int k = 0; k < pk.npins && held; k++)
        {
          bool *w = seen.get (pk.pins[k]);
          bool wr = w ? *w : written (u->prog, pk.pins[k]);
          if (!w)
            seen.put (pk.pins[k], wr);
          held = !wr;
        }
      if (held)
        continue;
      wmm_thread *t = &u->prog->threads[pk.thread];
      for (int i = 0; i < t->ncode; i++)
        if (t->code[i].addr_key == pk.key)
          t->code[i].addr_key = 0;
      dropped++;
    }
  return dropped;
}
