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
 * typed arithmetic between them.  A PHI (a loop counter), a call or a
 * load of any other memory has no form.  Two SSA names with one form hold
 * one value in one activation (each operation's type is in the form).
 */
#include "plugin.h"

namespace {

const int FORM_DEPTH = 10;

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

/* A load's part: a member of a stable parameter's object at a constant
 * offset and size. */
bool
load_form (form_text *f, tree fn, tree ref)
{
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
    return false;
  tree q = wmm_pointer_root (TREE_OPERAND (base, 0));
  if (!q || !SSA_NAME_IS_DEFAULT_DEF (q) || !SSA_NAME_VAR (q)
      || TREE_CODE (SSA_NAME_VAR (q)) != PARM_DECL
      || DECL_CONTEXT (SSA_NAME_VAR (q)) != fn || !stable_object (fn, q))
    return false;
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

bool value_form (form_text *f, tree fn, tree v, int depth);

/* The part of gimple assignment g (the definition of an SSA name). */
bool
assign_form (form_text *f, tree fn, gassign *g, int depth)
{
  tree lhs = gimple_assign_lhs (g), a = gimple_assign_rhs1 (g);
  enum tree_code code = gimple_assign_rhs_code (g);
  if (gimple_assign_load_p (g) && gimple_num_ops (g) == 2)
    return load_form (f, fn, a);
  if (code == SSA_NAME || code == INTEGER_CST || code == ADDR_EXPR)
    return value_form (f, fn, a, depth + 1);
  if (CONVERT_EXPR_CODE_P (code))
    {
      if (keeps_bits (TREE_TYPE (lhs), TREE_TYPE (a)))
        return value_form (f, fn, a, depth + 1);
      put (f, "c");
      put_type (f, TREE_TYPE (lhs));
      put_type (f, TREE_TYPE (a));
      put (f, "(");
      bool ok = value_form (f, fn, a, depth + 1);
      put (f, ")");
      return ok;
    }
  switch (code)
    {
    case NEGATE_EXPR:
    case BIT_NOT_EXPR:
      put (f, "u%d", (int) code);
      put_type (f, TREE_TYPE (lhs));
      put (f, "(");
      if (!value_form (f, fn, a, depth + 1))
        return false;
      put (f, ")");
      return true;
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
      put (f, "o%d", (int) code);
      put_type (f, TREE_TYPE (lhs));
      put (f, "(");
      if (!value_form (f, fn, a, depth + 1))
        return false;
      put (f, ",");
      if (!value_form (f, fn, gimple_assign_rhs2 (g), depth + 1))
        return false;
      put (f, ")");
      return true;
    default:
      return false;
    }
}

/* Append v's part to f; false when v has no form. */
bool
value_form (form_text *f, tree fn, tree v, int depth)
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
      {
        poly_int64 off;
        HOST_WIDE_INT o;
        tree base = get_addr_base_and_unit_offset (TREE_OPERAND (v, 0), &off);
        if (!base || !(VAR_P (base) || TREE_CODE (base) == PARM_DECL)
            || !off.is_constant (&o))
          return false;
        put (f, "a%u+%ld", (unsigned) DECL_UID (base), (long) o);
        return true;
      }
    case SSA_NAME:
      {
        if (SSA_NAME_IS_DEFAULT_DEF (v))
          {
            tree p = SSA_NAME_VAR (v);
            if (!p || TREE_CODE (p) != PARM_DECL || DECL_CONTEXT (p) != fn)
              return false;
            put (f, "p%u", (unsigned) DECL_UID (p));
            return true;
          }
        gassign *g = dyn_cast<gassign *> (SSA_NAME_DEF_STMT (v));
        return g && assign_form (f, fn, g, depth);
      }
    default:
      return false;
    }
}

} // namespace

char *
wmm_address_form (tree fn, tree ptr)
{
  form_text f;
  f.n = 0;
  f.ok = true;
  f.s[0] = 0;
  if (!value_form (&f, fn, ptr, 0) || !f.ok)
    return NULL;
  return xstrdup (f.s);
}
