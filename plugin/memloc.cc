/* memloc.cc — is a memory reference shared between threads, which location
 * of the IR is it, and what do we call it in reports?
 *
 * Example: for `s.f = 1` with a global struct s the location is "s.f"
 *   (identified by the object s and the bit range of f); `a[i]` with a
 *   variable index is shared with an unknown address (loc -1, shown as
 *   "a[]"); `*p` where GCC's points-to set of p holds only non-escaped
 *   locals is private.
 *
 * Shared: globals and statics (not thread-local, not const), locals whose
 * address escapes, memory through pointers that may point to global,
 * escaped or heap memory (points-to; without points-to information, e.g.
 * at -O0, every pointer dereference is shared).
 */
#include "plugin.h"

/* One location of the IR: an object and a constant bit range of it. */
struct loc_entry {
  tree decl;
  HOST_WIDE_INT pos, size;
  int loc;
  bool ambiguous;   /* overlaps another range of the same object */
};

static vec<loc_entry> loc_table;

void
wmm_memloc_reset (void)
{
  loc_table.release ();
}

/* Name of a declaration: globals by name, locals as "function.name". */
static void
decl_name (pretty_printer *pp, tree decl)
{
  tree ctx = DECL_CONTEXT (decl);
  if (ctx && TREE_CODE (ctx) == FUNCTION_DECL && DECL_NAME (ctx))
    {
      pp_string (pp, IDENTIFIER_POINTER (DECL_NAME (ctx)));
      pp_character (pp, '.');
    }
  if (DECL_NAME (decl))
    pp_string (pp, IDENTIFIER_POINTER (DECL_NAME (decl)));
  else
    {
      pp_string (pp, "D.");
      pp_decimal_int (pp, (int) DECL_UID (decl));
    }
}

/* Readable name of a reference: x, s.f, a[3], a[], *p, p->f. */
static void
ref_name (pretty_printer *pp, tree t)
{
  switch (TREE_CODE (t))
    {
    case VAR_DECL:
    case PARM_DECL:
    case RESULT_DECL:
      decl_name (pp, t);
      return;
    case COMPONENT_REF:
      {
        tree base = TREE_OPERAND (t, 0), field = TREE_OPERAND (t, 1);
        if (TREE_CODE (base) == MEM_REF && integer_zerop (TREE_OPERAND (base, 1))
            && TREE_CODE (TREE_OPERAND (base, 0)) == SSA_NAME)
          {
            tree var = SSA_NAME_VAR (TREE_OPERAND (base, 0));
            pp_string (pp, var && DECL_NAME (var)
                           ? IDENTIFIER_POINTER (DECL_NAME (var)) : "ptr");
            pp_string (pp, "->");
          }
        else
          {
            ref_name (pp, base);
            pp_character (pp, '.');
          }
        if (DECL_NAME (field))
          pp_string (pp, IDENTIFIER_POINTER (DECL_NAME (field)));
        else
          pp_string (pp, "<anon>");
        return;
      }
    case ARRAY_REF:
    case ARRAY_RANGE_REF:
      ref_name (pp, TREE_OPERAND (t, 0));
      if (TREE_CODE (TREE_OPERAND (t, 1)) == INTEGER_CST
          && tree_fits_shwi_p (TREE_OPERAND (t, 1)))
        {
          pp_character (pp, '[');
          pp_wide_integer (pp, tree_to_shwi (TREE_OPERAND (t, 1)));
          pp_character (pp, ']');
        }
      else
        pp_string (pp, "[]");
      return;
    case MEM_REF:
      {
        tree ptr = TREE_OPERAND (t, 0);
        HOST_WIDE_INT off = tree_fits_shwi_p (TREE_OPERAND (t, 1))
                            ? tree_to_shwi (TREE_OPERAND (t, 1)) : 0;
        if (TREE_CODE (ptr) == ADDR_EXPR)
          ref_name (pp, TREE_OPERAND (ptr, 0));
        else
          {
            tree var = TREE_CODE (ptr) == SSA_NAME ? SSA_NAME_VAR (ptr) : NULL;
            pp_character (pp, '*');
            pp_string (pp, var && DECL_NAME (var)
                           ? IDENTIFIER_POINTER (DECL_NAME (var)) : "ptr");
          }
        if (off)
          {
            pp_character (pp, '+');
            pp_wide_integer (pp, off);
          }
        return;
      }
    case BIT_FIELD_REF:
    case REALPART_EXPR:
    case IMAGPART_EXPR:
    case VIEW_CONVERT_EXPR:
      ref_name (pp, TREE_OPERAND (t, 0));
      return;
    case STRING_CST:
      pp_string (pp, "\"...\"");
      return;
    default:
      pp_string (pp, "*ptr");
      return;
    }
}

static char *
name_of (tree ref)
{
  pretty_printer pp;
  ref_name (&pp, ref);
  return xstrdup (pp_formatted_text (&pp));
}

/* May a pointer with this points-to information reach memory another
 * thread can see?  No information = yes. */
static bool
ptr_may_be_shared (tree ptr)
{
  if (TREE_CODE (ptr) != SSA_NAME || !POINTER_TYPE_P (TREE_TYPE (ptr)))
    return true;
  struct ptr_info_def *pi = SSA_NAME_PTR_INFO (ptr);
  if (!pi)
    return true;
  struct pt_solution *pt = &pi->pt;
  if (pt->anything || pt->nonlocal || pt->escaped || pt->ipa_escaped
      || pt->vars_contains_nonlocal || pt->vars_contains_escaped
      || pt->vars_contains_escaped_heap || pt->vars_contains_interposable)
    return true;
  return wmm_pt_includes_global (pt);
}

/* Can another thread see this declaration? */
static bool
decl_may_be_shared (tree base)
{
  if (!VAR_P (base) && TREE_CODE (base) != PARM_DECL
      && TREE_CODE (base) != RESULT_DECL)
    return false;
  if (VAR_P (base) && DECL_HARD_REGISTER (base))
    return false;
  if (TREE_READONLY (base) && !TREE_THIS_VOLATILE (base))
    return false;
  if (is_global_var (base))
    return !(VAR_P (base) && DECL_THREAD_LOCAL_P (base));
  /* A local: shared only when its address escapes the function. */
  if (!may_be_aliased (base))
    return false;
  struct pt_solution pt;
  memset (&pt, 0, sizeof pt);
  pt.escaped = 1;
  pt.ipa_escaped = flag_ipa_pta != 0;
  return pt_solution_includes (&pt, base);
}

/* The IR location of (decl, pos, size), added when new. */
static int
location_for (wmm_unitinfo *u, tree decl, HOST_WIDE_INT pos,
              HOST_WIDE_INT size, tree ref)
{
  for (unsigned i = 0; i < loc_table.length (); i++)
    if (loc_table[i].decl == decl && loc_table[i].pos == pos
        && loc_table[i].size == size)
      return loc_table[i].loc;
  char *name = name_of (ref);
  /* Two objects with one printed name get distinct IR names. */
  if (wmm_program_find_loc (u->prog, name) >= 0)
    {
      for (int k = 2;; k++)
        {
          char *alt = xasprintf ("%s'%d", name, k);
          if (wmm_program_find_loc (u->prog, alt) < 0)
            {
              free (name);
              name = alt;
              break;
            }
          free (alt);
        }
    }
  int loc = wmm_program_loc (u->prog, name);
  free (name);
  if (loc < 0)
    return -1;
  wmm_location *l = &u->prog->locs[loc];
  l->width = size > 0 && size % BITS_PER_UNIT == 0
             ? (int) (size / BITS_PER_UNIT) : 4;
  l->init = 0;
  tree init = VAR_P (decl) && pos == 0 ? DECL_INITIAL (decl) : NULL_TREE;
  if (init && TREE_CODE (init) == INTEGER_CST && tree_fits_shwi_p (init))
    l->init = tree_to_shwi (init);
  loc_entry e = { decl, pos, size, loc, false };
  loc_table.safe_push (e);
  return loc;
}

/* Bit range of a bit-field access: the whole representative (the bytes the
 * compiler reads and writes). */
static void
bitfield_range (tree ref, HOST_WIDE_INT *pos, HOST_WIDE_INT *size)
{
  if (TREE_CODE (ref) != COMPONENT_REF)
    return;
  tree field = TREE_OPERAND (ref, 1);
  if (!DECL_BIT_FIELD_TYPE (field))
    return;
  tree repr = DECL_BIT_FIELD_REPRESENTATIVE (field);
  if (!repr || !tree_fits_uhwi_p (DECL_FIELD_OFFSET (field))
      || !tree_fits_uhwi_p (DECL_FIELD_OFFSET (repr))
      || !tree_fits_uhwi_p (DECL_SIZE (repr)))
    return;
  HOST_WIDE_INT fbit = tree_to_uhwi (DECL_FIELD_OFFSET (field)) * BITS_PER_UNIT
                       + tree_to_uhwi (DECL_FIELD_BIT_OFFSET (field));
  HOST_WIDE_INT rbit = tree_to_uhwi (DECL_FIELD_OFFSET (repr)) * BITS_PER_UNIT
                       + tree_to_uhwi (DECL_FIELD_BIT_OFFSET (repr));
  *pos -= fbit - rbit;
  *size = tree_to_uhwi (DECL_SIZE (repr));
}

bool
wmm_shared_ref (wmm_unitinfo *u, tree ref, int *loc, char **name, int *width)
{
  *loc = -1;
  *name = NULL;
  if (!ref || TREE_CODE (ref) == SSA_NAME || CONSTANT_CLASS_P (ref)
      || TREE_CODE (ref) == CONSTRUCTOR || TREE_CODE (ref) == ADDR_EXPR)
    return false;
  HOST_WIDE_INT bytes = int_size_in_bytes (TREE_TYPE (ref));
  *width = bytes > 0 && bytes <= INT_MAX ? (int) bytes : 0;
  poly_int64 bitsize, bitpos;
  tree offset;
  machine_mode mode;
  int unsignedp, reversep, volatilep = 0;
  tree base = get_inner_reference (ref, &bitsize, &bitpos, &offset, &mode,
                                   &unsignedp, &reversep, &volatilep);
  if (!base)
    return false;
  if (DECL_P (base))
    {
      if (!decl_may_be_shared (base))
        return false;
      *name = name_of (ref);
      HOST_WIDE_INT pos, size;
      if (offset || !bitpos.is_constant (&pos) || !bitsize.is_constant (&size)
          || size <= 0)
        return true;
      bitfield_range (ref, &pos, &size);
      *loc = location_for (u, base, pos, size, ref);
      return true;
    }
  if (TREE_CODE (base) == MEM_REF || TREE_CODE (base) == TARGET_MEM_REF)
    {
      tree ptr = TREE_OPERAND (base, 0);
      if (TREE_CODE (ptr) == ADDR_EXPR)
        {
          tree obj = get_base_address (TREE_OPERAND (ptr, 0));
          if (obj && DECL_P (obj) && !decl_may_be_shared (obj))
            return false;
          if (obj && (TREE_CODE (obj) == STRING_CST
                      || TREE_CODE (obj) == CONST_DECL))
            return false;
        }
      else if (!ptr_may_be_shared (ptr))
        return false;
      *name = name_of (ref);
      return true;
    }
  return false;
}

bool
wmm_shared_ptr (wmm_unitinfo *u, tree ptr, int *loc, char **name)
{
  *loc = -1;
  *name = NULL;
  if (!ptr || TREE_CODE (ptr) == INTEGER_CST)
    return false;
  if (TREE_CODE (ptr) == ADDR_EXPR)
    {
      int width;
      return wmm_shared_ref (u, TREE_OPERAND (ptr, 0), loc, name, &width);
    }
  if (!ptr_may_be_shared (ptr))
    return false;
  tree var = TREE_CODE (ptr) == SSA_NAME ? SSA_NAME_VAR (ptr) : NULL;
  *name = xasprintf ("*%s", var && DECL_NAME (var)
                     ? IDENTIFIER_POINTER (DECL_NAME (var)) : "ptr");
  return true;
}

void
wmm_memloc_fix_overlaps (wmm_unitinfo *u)
{
  bool any = false;
  for (unsigned i = 0; i < loc_table.length (); i++)
    for (unsigned j = i + 1; j < loc_table.length (); j++)
      {
        loc_entry *a = &loc_table[i], *b = &loc_table[j];
        if (a->decl == b->decl && a->pos < b->pos + b->size
            && b->pos < a->pos + a->size)
          a->ambiguous = b->ambiguous = any = true;
      }
  if (!any)
    return;
  wmm_note (u, "overlapping accesses to parts of one object (unions, "
            "whole-struct copies): they are treated as unknown addresses");
  for (int t = 0; t < u->prog->nthreads; t++)
    {
      wmm_thread *th = &u->prog->threads[t];
      for (int i = 0; i < th->ncode; i++)
        {
          int l = th->code[i].addr.loc_hint;
          if (l < 0 || !wmm_instr_is_access (&th->code[i]))
            continue;
          for (unsigned k = 0; k < loc_table.length (); k++)
            if (loc_table[k].loc == l && loc_table[k].ambiguous)
              {
                th->code[i].addr.loc_hint = -1;
                th->code[i].addr.base.kind = WMM_OPND_NONE;
                th->code[i].addr.base.imm = 0;
              }
        }
    }
}
