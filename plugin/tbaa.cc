/* tbaa.cc — type-based alias analysis: which locations may an access to an
 * unknown address touch, by GCC's alias sets (C's effective-type rules as
 * GCC applies them under -fstrict-aliasing, the default from -O2)?
 *
 * Example:
 *   struct msg { int ready; int payload; };  struct msg *box;  int got;
 *   ... struct msg *m = box; if (m->ready) got = m->payload; ...
 * `m->ready` is an access to an unknown address: an `int` (it cannot be
 * `box`, a pointer) inside a `struct msg` object (it cannot be `got`, an
 * int too small to hold one).  The IR gives it the alias set
 * {?mem1 ?mem2 ?mem3 ?mem4} (wmm_addr.alias), and the analysis finds no
 * cycle through `box` or `got`.
 *
 * collect.cc records with each access (its wmm_site) the alias sets of its
 * reference (wmm_tbaa_of_ref, wmm_tbaa_of_ptr); once the unit is
 * collected, wmm_tbaa_apply gives every location the alias sets of the
 * accesses that name it and of its declared object, and every access to
 * an unknown address the locations it may touch — GCC's tests for a
 * pointer access against a declared object (tree-ssa-alias.cc):
 *   - the alias sets of the two references conflict (alias_sets_conflict_p);
 *   - for a member access through a pointer (p->f), the alias set of *p
 *     conflicts with the object's, and *p is not larger than the object.
 * The pointer-against-declaration test uses the declared variable's own
 * type, whatever the location was accessed with (a char flag is no
 * struct msg).  A library call's struct argument (`event_del
 * (&c->event)`, a parameter declared `struct event *`) has the alias sets
 * of the struct object its address names (wmm_tbaa_of_record_arg).
 * Independently of the alias sets (GCC's base-object test, which holds
 * without -fstrict-aliasing too): a reference whose base is a declared
 * object (`buffer[i]`, `s.f[j]`) touches only that object, so it may
 * touch only locations of that object and the anonymous words (an access
 * to an unknown address meets another through them).
 * And independently of the types (GCC's may_be_aliased test): a static
 * that is not exported and whose address no body or initializer takes is
 * touched only by references that name it, never by a dereference.
 * A char member of *p (`m->tag[0]`) keeps *p's base alias set and size;
 * a location char accesses name in a declared object that holds *p's
 * type (`ws[k].name[0]` against `w->id`) still gets the access-path test.
 * A whole struct access has its type's alias set, whose children are its
 * members' (GCC's record_component_aliases).
 * Conservative on both sides: alias set 0 (char, ref-all pointers such as
 * pointers to may_alias types, functions without -fstrict-aliasing),
 * array and union accesses, members of may_alias types, atomics
 * through a pointer that is not an address expression, memcpy & co, asm
 * operands and the stand-ins of unknown calls conflict with everything; so
 * do the anonymous locations (heap memory takes the type of each store) and
 * locations no access names with a known address (overlapping ranges of
 * one object).
 */
#include "plugin.h"

namespace {

/* Does the reference go through a union (type punning GCC allows there)
 * or an object whose type has the may_alias attribute (GCC honours that
 * only through pointers to such types; we also do for members)? */
bool
may_alias_anything (tree ref)
{
  for (tree t = ref;; t = TREE_OPERAND (t, 0))
    {
      tree type = TREE_TYPE (t);
      if (type && (TREE_CODE (type) == UNION_TYPE
                   || TREE_CODE (type) == QUAL_UNION_TYPE
                   || lookup_attribute ("may_alias", TYPE_ATTRIBUTES (type))))
        return true;
      if (!handled_component_p (t))
        return false;
    }
}

/* Is TBAA in force in the function being collected? */
bool
strict_here (void)
{
  return cfun && cfun->decl ? opt_for_fn (cfun->decl, flag_strict_aliasing)
                            : flag_strict_aliasing;
}

/* A size in bits, 0 when not a known constant. */
HOST_WIDE_INT
bits_of (tree size)
{
  return size && tree_fits_uhwi_p (size) ? (HOST_WIDE_INT) tree_to_uhwi (size)
                                         : 0;
}

/* What is known of the locations: per location l, the alias sets of the
 * references that name it, sets[start[l] .. start[l + 1]); any[l] =
 * conflicts with everything; obj_set[l] / obj_bits[l]: alias set and size
 * of its declared object (0: none known). */
struct loc_info {
  auto_vec<tree> objs;          /* each location's declared object */
  auto_vec<bool> any;
  auto_vec<int> start;
  auto_vec<alias_set_type> sets;
  auto_vec<alias_set_type> obj_set;
  auto_vec<HOST_WIDE_INT> obj_bits;
  auto_vec<HOST_WIDE_INT> pos, size;  /* the bits of its object location l
                                         is (size 0: not known) */
  auto_vec<wmm_anon_class> word;  /* typed anonymous words: their class */
  const wmm_unitinfo *unit;     /* (its classes of words) */
  auto_vec<bool> heap;          /* anonymous words (heap memory) */
  /* declared object -> index in groups of its first group of words */
  mutable hash_map<tree, int> words;
  auto_vec<int> word_locs;
  /* The words of a declared object accessed at computed addresses come
     in groups of WMM_OBJECT_WORDS: one per member (rec, bits, size) of
     its elements that such accesses name (`items[i].out`), or a single
     group without a member (rec NULL); word_locs[first ..] are its
     locations.  An access naming no member touches every group. */
  struct word_group { tree obj, rec; HOST_WIDE_INT bits, size; int first; };
  auto_vec<word_group> groups;
  auto_vec<int> word_group_of;  /* per location: its group, or -1 */
};

/* Is type `rec` (a record's main variant) the same type as t? */
bool
same_record (tree t, tree rec)
{
  t = TYPE_MAIN_VARIANT (t);
  return t == rec || (TYPE_CANONICAL (t) && TYPE_CANONICAL (t) == TYPE_CANONICAL (rec));
}

/* May an access with alias sets `a` touch the words of group g, by the
 * member of g's elements it names?  A member of an element of the same
 * record (object[i].f, or p->f through a pointer to one) touches only the
 * group of that member: members of one record do not overlap, and an
 * object of the record lies in the object only as such an element. */
static bool
group_may_hold (const loc_info::word_group &g, const wmm_tbaa &a)
{
  if (!g.rec)
    return true;
  HOST_WIDE_INT bits, size;
  if (a.object == g.obj && a.elem_type)
    {
      if (!same_record (a.elem_type, g.rec))
        return true;
      bits = a.elem_bits;
      size = a.elem_size;
    }
  else if (!a.object && a.base_type && a.path_known && a.field_size > 0
           && a.field_size != WMM_BITS_TO_END
           && same_record (a.base_type, g.rec))
    {
      bits = a.path_bits;
      size = a.field_size;
    }
  else
    return true;
  return bits < g.bits + g.size && g.bits < bits + size;
}

/* Does an object of type t hold an object of record type rec whose bits
 * [fb, fb + fs) (a member) overlap bits [lo, hi) of the t object?  True
 * when not known (a variable size, too deep) and where those bits are
 * char-typed (alias set 0: storage that may hold any object). */
bool
member_within (tree t, tree rec, HOST_WIDE_INT lo, HOST_WIDE_INT hi,
               HOST_WIDE_INT fb, HOST_WIDE_INT fs, int depth)
{
  if (depth > 16 || !t)
    return true;
  if (same_record (t, rec))
    return fb < hi && lo < fb + fs;
  if (TREE_CODE (t) == ARRAY_TYPE)
    {
      HOST_WIDE_INT es = bits_of (TYPE_SIZE (TREE_TYPE (t)));
      if (es <= 0)
        return true;
      /* (an element that overlaps [lo, hi); the array's bounds are the
         object's, whose bits l lies in) */
      if ((hi - lo) / es > 64)
        return true;
      for (HOST_WIDE_INT k = lo > 0 ? lo / es : 0; k * es < hi; k++)
        if (member_within (TREE_TYPE (t), rec, lo - k * es, hi - k * es, fb,
                           fs, depth + 1))
          return true;
      return false;
    }
  if (!RECORD_OR_UNION_TYPE_P (t))
    return get_alias_set (t) == 0;
  for (tree f = TYPE_FIELDS (t); f; f = DECL_CHAIN (f))
    {
      if (TREE_CODE (f) != FIELD_DECL)
        continue;
      if (!DECL_SIZE (f) || !tree_fits_shwi_p (DECL_SIZE (f))
          || !tree_fits_shwi_p (bit_position (f)))
        return true;
      HOST_WIDE_INT fp = int_bit_position (f), sz = tree_to_shwi (DECL_SIZE (f));
      if (fp < hi && lo < fp + sz
          && member_within (TREE_TYPE (f), rec, lo - fp, hi - fp, fb, fs,
                            depth + 1))
        return true;
    }
  return false;
}

/* May location l, part of a declared object, hold an object of another
 * type?  In C++ an array of char, unsigned char or std::byte provides
 * storage (placement new into it); a C object's declared type is its
 * effective type.  So: outside C, where l's bits are char-typed or not
 * known (member_within with a record no member is). */
static bool
provides_storage (const loc_info &li, int l)
{
  if (lang_GNU_C ())
    return false;
  tree t = TREE_TYPE (li.objs[l]);
  HOST_WIDE_INT lo = li.size[l] > 0 ? li.pos[l] : 0;
  HOST_WIDE_INT hi = li.size[l] > 0 ? li.pos[l] + li.size[l]
                                    : bits_of (TYPE_SIZE (t));
  if (lo < 0 || hi <= lo)
    return true;
  return member_within (t, void_type_node, lo, hi, 0, 0, 0);
}

/* May an access of a member of *p (a.base, GCC's base alias set) touch
 * location l, by *p's type and size? */
bool
base_may_touch (const loc_info &li, int l, const wmm_tbaa &a)
{
  /* a typed word of a member of *q: another member of the same type of
     object, or a member of an object that cannot be *q, is other memory */
  const wmm_anon_class &w = li.word[l];
  if (w.base > 0 && wmm_tbaa_member (a))
    {
      if (w.base != a.base)
        return alias_sets_conflict_p (w.base, a.base);
      return a.field_bits < w.bits + w.size && w.bits < a.field_bits + a.field_size;
    }
  /* GCC's access-path test (aliasing_component_refs_p, pointer against
     declaration): no object of *p's struct type lies in a declared
     object whose type holds none (`p->shutdown` is no element of `int
     results[64]`) */
  if (a.base_type && li.objs[l] && VAR_P (li.objs[l])
      && !wmm_type_holds (TREE_TYPE (li.objs[l]), a.base_type)
      && !provides_storage (li, l))
    return false;
  /* ... and where the object holds some, p->f is f of one of them
     (`options->verbose` through a pointer to g's `struct options zopts`
     member reaches g.zopts.verbose, not g.ret) */
  if (a.base_type && a.path_known && li.objs[l] && VAR_P (li.objs[l])
      && li.size[l] > 0 && li.pos[l] >= 0
      && !member_within (TREE_TYPE (li.objs[l]), a.base_type, li.pos[l],
                         li.pos[l] + li.size[l], a.path_bits,
                         a.field_size, 0))
    return false;
  /* (the declared object's alias set and size: may_touch) */
  return true;
}

bool reachable_by_unknown_code (tree decl);
bool reachable_part (const wmm_unitinfo *u, tree decl, HOST_WIDE_INT pos,
                     HOST_WIDE_INT size);

/* May an access with alias sets `a`, through a pointer to the objects of
 * one allocation call (site, wmm_tbaa_heap_region), touch the heap's word
 * l?  Not another call's words: two calls' objects are two objects (GCC's
 * points-to assumes it too; one freed and its storage given to another
 * goes through the allocator, which orders the two).  Nor, when the
 * access has its call's class of words, those of any heap memory: every
 * access that may reach the call's objects and is not its call's touches
 * its call's words too (alias sets permitting), having no site or
 * another call's besides. */
bool
site_may_touch (const loc_info &li, int l, const wmm_tbaa &a, int site)
{
  int w = li.word[l].site;
  if (w)
    return w == site;
  return !wmm_anon_class_in (li.unit, a, true).site;
}

/* May a pointer with target set `set` point into the object allocated
 * once whose key is SSA name `key` (true when not known: the key is no
 * allocation's result, or the set holds memory of code outside)? */
bool
heap_once_target (int set, tree key)
{
  int o = wmm_threadlocal_alloc_object (SSA_NAME_DEF_STMT (key));
  if (o < 0 || wmm_threadlocal_targets_outside (set))
    return true;
  auto_vec<int, 1> objs;
  objs.quick_push (o);
  return wmm_threadlocal_set_meets (set, objs) != 0;
}

/* May an access with alias sets `a` touch location l? */
bool
may_touch (const loc_info &li, int l, const wmm_tbaa &a)
{
  /* heap memory of other allocation calls: not the words of a call
     whose objects are none of the pointer's known targets */
  if (li.heap[l] && a.targets > 0 && !a.object)
    {
      int site = wmm_tbaa_heap_region (a);
      if (site && !site_may_touch (li, l, a, site))
        return false;
      if (!site && li.word[l].site
          && !wmm_threadlocal_targets_outside (a.targets - 1)
          && !wmm_threadlocal_set_meets_region (a.targets - 1,
                                                li.word[l].site - 1))
        return false;
    }
  /* an object allocated once (heaponce.cc: its key is the allocation's
     result) the pointer cannot point to */
  if (a.targets > 0 && li.objs[l] && TREE_CODE (li.objs[l]) == SSA_NAME
      && !heap_once_target (a.targets - 1, li.objs[l]))
    return false;
  /* a variable, or a member of one, the pointer cannot point into
     (points-to, threadlocal.cc; whatever the types) */
  if (a.targets > 0 && li.objs[l] && VAR_P (li.objs[l])
      && !wmm_threadlocal_may_target (a.targets - 1, li.objs[l], li.pos[l],
                                      li.size[l])
      && !(wmm_threadlocal_targets_outside (a.targets - 1)
           && reachable_part (li.unit, li.objs[l], li.size[l] ? li.pos[l] : -1,
                              li.size[l])
           && !wmm_threadlocal_unreached (li.objs[l], li.pos[l],
                                          li.size[l])))
    return false;
  /* nothing, when every target is a string literal (never written; the
     anonymous words are where accesses to unknown addresses meet, a
     pointer into a declared object too, so they stay otherwise) */
  if (a.targets > 0 && wmm_threadlocal_targets_strings (a.targets - 1))
    return false;
  /* part of another declared object, or heap memory: never (whatever the
     types); the object's own word meets accesses by pointer */
  if (a.object && li.objs[l] && DECL_P (li.objs[l]) && li.objs[l] != a.object)
    return false;
  /* an object allocated once (its key an SSA name): no part of a
     declared one */
  if (a.object && DECL_P (a.object) && li.objs[l]
      && TREE_CODE (li.objs[l]) == SSA_NAME)
    return false;
  /* another part of its own object (`s.head` for `s.buf[i]`) */
  if (a.object && li.objs[l] == a.object && a.obj_size > 0
      && li.size[l] > 0
      && (li.pos[l] >= a.obj_bits + a.obj_size
          || a.obj_bits >= li.pos[l] + li.size[l]))
    return false;
  if (a.object && li.heap[l] && li.words.get (a.object))
    return false;
  /* another member's words of an object's elements */
  if (li.word_group_of[l] >= 0
      && !group_may_hold (li.groups[li.word_group_of[l]], a))
    return false;
  /* GCC's base test for a pointer against a declaration
     (indirect_ref_may_alias_decl_p), whatever the location was accessed
     with: `p->f` touches no part of a declared object whose type's alias
     set conflicts with none of *p's (a char array's, or a struct's with
     a char member, conflicts with every set), nor of one smaller than *p */
  if (a.base > 0 && li.obj_set[l] > 0 && a.base != li.obj_set[l]
      && !alias_sets_conflict_p (a.base, li.obj_set[l]))
    return false;
  if (a.base_bits > 0 && li.obj_bits[l] > 0 && li.obj_bits[l] < a.base_bits)
    return false;
  /* Set 0 (char) has no alias-set test of its own, but a char member of
     *p (`m->tag[0]`) keeps *p's base alias set and size, and a member of
     a C++ class (a union, a typeless class) the class. */
  if (a.ref == 0)
    return (a.base == 0 && !a.base_type) || base_may_touch (li, l, a);
  /* a location char accesses name (`ws[k].name[0]`) may be anything as
     far as alias sets go, but in a declared object that holds objects of
     *p's type a member of *p lies where that type puts it: GCC's
     access-path test (aliasing_component_refs_p, *p's type found in the
     object's path); where the object's alias set is 0 (a char array) or
     holds no object of *p's type, GCC assumes nothing, nor does this */
  if (li.any[l])
    return !(a.base_type && li.objs[l] && VAR_P (li.objs[l])
             && li.obj_set[l] > 0
             && wmm_type_holds (TREE_TYPE (li.objs[l]), a.base_type))
           || base_may_touch (li, l, a);
  bool ref_conflict = false;
  for (int k = li.start[l]; k < li.start[l + 1] && !ref_conflict; k++)
    ref_conflict = alias_sets_conflict_p (a.ref, li.sets[k]);
  return ref_conflict && base_may_touch (li, l, a);
}

int
cmp_pair (const void *x, const void *y)
{
  const std::pair<int, alias_set_type> *a
    = (const std::pair<int, alias_set_type> *) x;
  const std::pair<int, alias_set_type> *b
    = (const std::pair<int, alias_set_type> *) y;
  if (a->first != b->first)
    return a->first < b->first ? -1 : 1;
  return (a->second > b->second) - (a->second < b->second);
}

/* The locations of an object allocated once (heaponce.cc: its key, an
 * SSA name, is the location's object) are typed words as heap memory's
 * are, when every access that names one is a member access of one class
 * (the same struct type and alias set; the class's bits cover every such
 * member's: `o->payload[0]` and `o->payload[i]` name one word): an access
 * of another member of that type through an unknown pointer (`j->rb`
 * against the object's `ra`) is other memory, by the rule of
 * base_may_touch. */
void
heap_once_words (wmm_unitinfo *u, loc_info &li)
{
  wmm_program *p = u->prog;
  auto_vec<char> state;   /* 0: no access yet, 1: one class, 2: none */
  state.safe_grow_cleared (p->nlocs);
  for (const wmm_unit &unit : u->units)
    {
      const wmm_thread *t = &p->threads[unit.thread];
      for (int i = 0; i < t->ncode && i < (int) unit.sites.length (); i++)
        {
          int l = t->code[i].addr.loc_hint;
          if (!wmm_instr_is_access (&t->code[i]) || l < 0 || l >= p->nlocs
              || !li.objs[l] || TREE_CODE (li.objs[l]) != SSA_NAME
              || state[l] == 2)
            continue;
          const wmm_tbaa &a = unit.sites[i].tbaa;
          wmm_anon_class k = { a.ref, a.base, a.field_bits, a.field_size, 0 };
          const wmm_anon_class &w = li.word[l];
          bool same = wmm_same_anon_class (w, k);
          if (unit.sites[i].summary || !wmm_tbaa_member (a) || a.base <= 0
              || (state[l] == 1 && !same
                  && (k.ref != w.ref || k.base != w.base)))
            {
              state[l] = 2;
              li.word[l] = wmm_anon_class ();
              continue;
            }
          if (state[l] == 1 && !same)
            /* members of one type of object at other bits (`o->refs[0]`
               and the whole array `o->refs[i]`): the bits that cover
               both, since two objects of one type never overlap in part */
            {
              HOST_WIDE_INT lo = MIN (w.bits, k.bits);
              HOST_WIDE_INT hi = MAX (w.bits + w.size, k.bits + k.size);
              k.bits = lo;
              k.size = hi - lo;
            }
          li.word[l] = k;
          state[l] = 1;
        }
    }
}

/* Fill li from the accesses of the unit with a known address and the
 * declared objects; returns whether some access to an unknown address
 * has an alias set other than 0. */
bool
location_info (wmm_unitinfo *u, loc_info &li)
{
  wmm_program *p = u->prog;
  auto_vec<std::pair<int, alias_set_type> > pairs;
  auto_vec<bool> named;
  li.unit = u;
  li.any.safe_grow_cleared (p->nlocs);
  named.safe_grow_cleared (p->nlocs);
  bool unknown = false;
  for (unsigned k = 0; k < u->units.length (); k++)
    {
      const wmm_unit *unit = &u->units[k];
      const wmm_thread *t = &p->threads[unit->thread];
      for (int i = 0; i < t->ncode && i < (int) unit->sites.length (); i++)
        {
          if (!wmm_instr_is_access (&t->code[i]))
            continue;
          int l = t->code[i].addr.loc_hint;
          alias_set_type s = unit->sites[i].tbaa.ref;
          int *word = unit->sites[i].tbaa.object && !unit->sites[i].summary
                      ? li.words.get (unit->sites[i].tbaa.object) : NULL;
          if ((l < 0 || l >= p->nlocs) && word)
            {
              /* a computed address in the object: the words of its
                 member's group, or of every group */
              const wmm_tbaa &a = unit->sites[i].tbaa;
              for (unsigned g = *word; g < li.groups.length ()
                                       && li.groups[g].obj == a.object; g++)
                if (group_may_hold (li.groups[g], a))
                  for (int w = 0; w < WMM_OBJECT_WORDS; w++)
                    {
                      int wl = li.word_locs[li.groups[g].first + w];
                      named[wl] = true;
                      if (s == 0)
                        li.any[wl] = true;
                      else
                        pairs.safe_push (std::make_pair (wl, s));
                    }
              unknown = true;
              continue;
            }
          if (l < 0 || l >= p->nlocs)
            unknown |= s != 0 || unit->sites[i].tbaa.object
                       || wmm_tbaa_member (unit->sites[i].tbaa)
                       || unit->sites[i].tbaa.base_bits > 0;
          else if (s == 0)
            /* (a char member of *p on its class's words: the class holds
               what the words may be) */
            {
              named[l] = true;
              li.any[l] |= !(p->locs[l].name[0] == '?'
                             && wmm_tbaa_member (unit->sites[i].tbaa));
            }
          else
            {
              named[l] = true;
              pairs.safe_push (std::make_pair (l, s));
            }
        }
    }
  /* Typed anonymous words hold their type; the untyped ones and locations
     no access names with a known address (overlapping parts of one
     object) may be anything. */
  li.word.safe_grow_cleared (p->nlocs);
  for (const std::pair<int, int> &w : u->anon_typed)
    if (w.first >= 0 && w.first < p->nlocs)
      {
        const wmm_anon_class &k = u->anon_classes[w.second];
        named[w.first] = true;
        pairs.safe_push (std::make_pair (w.first, k.ref));
        li.word[w.first] = k;
      }
  for (int l = 0; l < p->nlocs; l++)
    li.any[l] |= (p->locs[l].name[0] == '?' && li.word[l].ref == 0
                  && li.word[l].base == 0)
                 || !named[l];
  li.heap.safe_grow_cleared (p->nlocs);
  for (int l = 0; l < p->nlocs; l++)
    li.heap[l] = p->locs[l].name[0] == '?';
  pairs.qsort (cmp_pair);
  li.start.safe_grow_cleared (p->nlocs + 1);
  unsigned j = 0;
  for (int l = 0; l < p->nlocs; l++)
    {
      li.start[l] = li.sets.length ();
      for (; j < pairs.length () && pairs[j].first == l; j++)
        if (li.start[l] == (int) li.sets.length ()
            || li.sets.last () != pairs[j].second)
          li.sets.safe_push (pairs[j].second);
    }
  li.start[p->nlocs] = li.sets.length ();
  auto_vec<tree> &objs = li.objs;
  wmm_memloc_objects (u, &objs);
  heap_once_words (u, li);
  li.obj_set.safe_grow_cleared (p->nlocs);
  li.obj_bits.safe_grow_cleared (p->nlocs);
  li.pos.safe_grow_cleared (p->nlocs);
  li.size.safe_grow_cleared (p->nlocs);
  for (int l = 0; l < p->nlocs; l++)
    if (!wmm_memloc_range (l, &li.pos[l], &li.size[l]))
      li.size[l] = 0;
  for (int l = 0; l < p->nlocs; l++)
    if (objs[l] && DECL_P (objs[l]))
      {
        alias_set_type s = get_alias_set (objs[l]);
        li.obj_set[l] = s > 0 ? s : 0;
        li.obj_bits[l] = bits_of (DECL_SIZE (objs[l]));
      }
  return unknown;
}

} // anon namespace

int
wmm_tbaa_heap_region (const wmm_tbaa &a)
{
  if (a.targets <= 0 || a.object)
    return 0;
  return 1 + wmm_threadlocal_heap_region (a.targets - 1);
}

namespace {

bool
same_tbaa (const wmm_tbaa &a, const wmm_tbaa &b)
{
  return a.ref == b.ref && a.base == b.base && a.base_bits == b.base_bits
         && a.object == b.object && a.field_bits == b.field_bits
         && a.field_size == b.field_size && a.args == b.args
         && a.base_type == b.base_type && a.obj_bits == b.obj_bits
         && a.obj_size == b.obj_size && a.targets == b.targets
         && a.path_known == b.path_known && a.path_bits == b.path_bits
         && a.elem_type == b.elem_type && a.elem_bits == b.elem_bits
         && a.elem_size == b.elem_size;
}

/* The argument lists of wmm_tbaa_param_args (per unit). */
vec<vec<wmm_tbaa> > param_args;

/* When p is a pointer parameter's entry value in a function whose calls
 * the unit all sees (wmm_calls_all_seen) and has some: that function's node,
 * p's position in *i; else NULL. */
cgraph_node *
param_of_seen_calls (tree p, unsigned *i)
{
  if (TREE_CODE (p) != SSA_NAME || !SSA_NAME_IS_DEFAULT_DEF (p)
      || !SSA_NAME_VAR (p) || TREE_CODE (SSA_NAME_VAR (p)) != PARM_DECL)
    return NULL;
  tree parm = SSA_NAME_VAR (p), fn = DECL_CONTEXT (parm);
  int k = wmm_param_index (fn, parm);
  cgraph_node *node = cgraph_node::get (fn);
  if (k < 0 || !node || !wmm_calls_all_seen (node))
    return NULL;
  bool any = false;
  wmm_each_caller (node, [&] (cgraph_edge *) { any = true; });
  if (!any)
    return NULL;
  *i = k;
  return node;
}

/* `ref` with reference r put in for its base *p (a copy), or NULL when
 * *p's type is not r's. */
tree
put_in (tree ref, tree r)
{
  ref = unshare_expr (ref);
  tree *b = &ref;
  while (handled_component_p (*b))
    b = &TREE_OPERAND (*b, 0);
  if (!types_compatible_p (TREE_TYPE (*b), TREE_TYPE (r)))
    return NULL_TREE;
  *b = r;
  return ref;
}

/* The declared object a reference is part of (its base is the decl, or
 * MEM[&decl + offset], or MEM[p + offset] with p derived from a start
 * routine's parameter that points into one object: wmm_param_object), or
 * NULL. */
tree
declared_object (tree ref)
{
  tree base = ref;
  while (handled_component_p (base))
    base = TREE_OPERAND (base, 0);
  if (TREE_CODE (base) == MEM_REF
      && TREE_CODE (TREE_OPERAND (base, 0)) == ADDR_EXPR)
    base = TREE_OPERAND (TREE_OPERAND (base, 0), 0);
  else if (TREE_CODE (base) == MEM_REF)
    return wmm_param_object (TREE_OPERAND (base, 0));
  return base && VAR_P (base) ? base : NULL_TREE;
}

/* Can code outside the unit name this declaration?  Not a static whose
 * address is never taken, kept by no `used` and in no named section
 * (whose bounds the linker's symbols give): only the unit's own
 * functions access it, by name (callbacks into the unit are analysed as
 * entries). */
bool
reachable_by_unknown_code (tree decl)
{
  return !decl || !VAR_P (decl) || TREE_PUBLIC (decl) || DECL_EXTERNAL (decl)
         || TREE_ADDRESSABLE (decl) || !TREE_STATIC (decl)
         || DECL_PRESERVE_P (decl) || DECL_SECTION_NAME (decl);
}

/* May code outside the unit reach bits [pos, pos + size) of decl (pos
 * -1: anywhere in it): by name, or through an address the unit's code
 * gives away (hidden.cc's escape walk: an address kept inside the unit,
 * or that of another member, reaches nothing of it)? */
bool
reachable_part (const wmm_unitinfo *u, tree decl, HOST_WIDE_INT pos,
                HOST_WIDE_INT size)
{
  if (!reachable_by_unknown_code (decl))
    return false;
  /* (wmm_static_part_hidden: never an exported or external object) */
  if (!u->lock_facts || !decl || !VAR_P (decl) || DECL_PRESERVE_P (decl)
      || DECL_SECTION_NAME (decl))
    return true;
  hash_set<tree> *params;
  wmm_escapes *e = wmm_locks_escaped (const_cast<wmm_unitinfo *> (u), &params);
  return !wmm_static_part_hidden (*e, decl, pos, size);
}

/* What addresses_taken collects, and the statements it may pass over. */
struct taken_walk {
  hash_set<tree> *taken;
  hash_set<gimple *> *quiet;
};

/* The declaration whose address `op` takes (an ADDR_EXPR's operand) is
 * named by a pointer somewhere: into `taken`.  A visit_addr callback. */
bool
note_taken (gimple *stmt, tree op, tree, void *data)
{
  taken_walk *w = (taken_walk *) data;
  tree base = op ? get_base_address (op) : NULL_TREE;
  /* (an unused `p = &a[i]`, which -O2 removes later, gives nothing) */
  bool unused = stmt && is_gimple_assign (stmt)
                && TREE_CODE (gimple_assign_lhs (stmt)) == SSA_NAME
                && has_zero_uses (gimple_assign_lhs (stmt));
  if (base && DECL_P (base) && !unused
      && !(stmt && w->quiet && w->quiet->contains (stmt)
           && is_gimple_call (stmt) && !wmm_address_escapes (stmt, base)))
    w->taken->add (base);
  return false;
}

/* walk_tree callback: the same for an address in a static initializer. */
tree
note_taken_init (tree *tp, int *walk_subtrees, void *w)
{
  if (TREE_CODE (*tp) == ADDR_EXPR)
    note_taken (NULL, TREE_OPERAND (*tp, 0), NULL_TREE, w);
  else if (TYPE_P (*tp) || DECL_P (*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

/* The declarations whose address some function body or static initializer
 * of the unit (the program, at the link step) takes. */
void
addresses_taken (hash_set<tree> *taken, hash_set<gimple *> *quiet)
{
  taken_walk w = { taken, quiet };
  cgraph_node *node;
  FOR_EACH_FUNCTION_WITH_GIMPLE_BODY (node)
    {
      function *fn = DECL_STRUCT_FUNCTION (node->decl);
      if (!fn || !fn->cfg)
        continue;
      wmm_each_stmt (fn, [&] (gimple *s) {
        walk_stmt_load_store_addr_ops (s, &w, NULL, NULL, note_taken); });
      wmm_each_phi (fn, [&] (gphi *phi) {
        walk_stmt_load_store_addr_ops (phi, &w, NULL, NULL, note_taken); });
    }
  varpool_node *v;
  FOR_EACH_VARIABLE (v)
    {
      tree init = wmm_decl_initial (v->decl);
      if (init && init != error_mark_node)
        walk_tree_without_duplicates (&init, note_taken_init, &w);
    }
}

/* Per location: is it part of a static no pointer can reach (GCC's
 * may_be_aliased test: not public, not external, its address never
 * taken, by the front end's mark or in any body or initializer)?  Only
 * references that name such an object touch it, never a dereference. */
void
unreachable_by_pointers (wmm_unitinfo *u, const vec<tree> &objs,
                         vec<bool> *hidden)
{
  hidden->safe_grow_cleared (u->prog->nlocs);
  hash_set<tree> taken;
  bool walked = false;
  for (int l = 0; l < u->prog->nlocs; l++)
    {
      tree d = objs[l];
      /* (kept or placed by hand: the linker's section bounds may walk
         it, reachable_by_unknown_code) */
      if (!d || !VAR_P (d) || reachable_by_unknown_code (d))
        continue;
      if (!walked)
        addresses_taken (&taken, NULL);
      walked = true;
      (*hidden)[l] = !taken.contains (d);
    }
}

/* Per location: is it part of a static (or one of main's locals) whose
 * address never leaves the unit's code as a value kept anywhere — never
 * stored, returned, nor given to code the unit cannot see (hidden.cc's
 * escape walk, the one lock protection uses)?  No pointer read from memory
 * or returned by a call holds its address then. */
void
never_kept (wmm_unitinfo *u, const loc_info &li, vec<bool> *out)
{
  out->safe_grow_cleared (u->prog->nlocs);
  hash_set<tree> *params;
  wmm_escapes *escaped = u->lock_facts ? wmm_locks_escaped (u, &params)
                                        : NULL;
  if (!escaped)
    return;
  for (int l = 0; l < u->prog->nlocs; l++)
    {
      tree d = li.objs[l];
      /* kept or placed by hand: the linker's section bounds may walk it */
      if (d && VAR_P (d) && !DECL_PRESERVE_P (d) && !DECL_SECTION_NAME (d))
        (*out)[l] = wmm_static_part_hidden (*escaped, d,
                                            li.size[l] > 0 ? li.pos[l] : -1,
                                            li.size[l]);
    }
}

/* Is access i of unit one through a pointer read from memory or returned
 * by a call, never through a parameter some kept-in-the-unit address
 * reaches (hidden.cc's wmm_ref_never_hidden)? */
bool
pointer_from_memory (wmm_unitinfo *u, const wmm_unit *unit, int i)
{
  const wmm_site *s = &unit->sites[i];
  if (s->summary || s->operand < 0 || !s->stmt || !is_gimple_assign (s->stmt)
      || !u->lock_facts)
    return false;
  hash_set<tree> *params;
  wmm_locks_escaped (u, &params);
  return wmm_ref_never_hidden (gimple_op (s->stmt, s->operand == 0 ? 0 : 1),
                               params);
}

/* Mark in *touched the locations the code of `node` may touch when code
 * outside calls it back: its code unit's accesses and those of the units
 * it calls (their alias sets; the stand-ins of its own unknown calls are
 * the set being computed, which adds nothing).  False when that is not
 * known: no code unit, an access that may touch anything. */
bool
callback_locations (wmm_unitinfo *u, cgraph_node *node, vec<bool> *touched)
{
  wmm_program *p = u->prog;
  auto_vec<bool> seen;
  seen.safe_grow_cleared (p->nthreads);
  auto_vec<int> work;
  for (const wmm_unit &unit : u->units)
    if (unit.decl == node->decl)
      work.safe_push (unit.thread);
  if (work.is_empty ())
    return false;
  while (!work.is_empty ())
    {
      int th = work.pop ();
      if (th < 0 || th >= p->nthreads || seen[th])
        continue;
      seen[th] = true;
      const wmm_unit *unit = NULL;
      for (const wmm_unit &x : u->units)
        if (x.thread == th)
          unit = &x;
      if (!unit)
        return false;
      const wmm_thread *t = &p->threads[th];
      for (int i = 0; i < t->ncode; i++)
        {
          const wmm_instr *in = &t->code[i];
          if (in->op == WMM_OP_CALL)
            {
              work.safe_push (in->target);
              continue;
            }
          if (!wmm_instr_is_access (in)
              || (i < (int) unit->sites.length () && unit->sites[i].summary
                  && in->addr.loc_hint < 0))
            continue;
          if (in->addr.loc_hint >= 0 && in->addr.loc_hint < p->nlocs)
            (*touched)[in->addr.loc_hint] = true;
          else if (in->addr.alias < 0)
            return false;
          else
            for (int l = 0; l < p->nlocs; l++)
              if (wmm_alias_contains (p, in->addr.alias, l))
                (*touched)[l] = true;
        }
    }
  return true;
}

/* The alias set of the stand-in access of a call to unknown code: the
 * locations it can reach (-1: all).  When a function of the unit has its
 * address taken, unknown code may call it back from inside the call (a
 * comparator, an event handler): then what that function's code touches;
 * it may also call an exported function, and reach the statics that one
 * names.  Computed once every other access has its alias set. */
int
unknown_code_set (wmm_unitinfo *u)
{
  wmm_program *p = u->prog;
  auto_vec<bool> touched;
  touched.safe_grow_cleared (p->nlocs);
  cgraph_node *node;
  FOR_EACH_FUNCTION_WITH_GIMPLE_BODY (node)
    if (wmm_called_from_outside (u, node)
        && !callback_locations (u, node, &touched))
      return -1;
  /* ... or an exported function, which may name statics. */
  hash_set<tree> called_back;
  wmm_callback_statics (u, NULL, &called_back);
  auto_vec<int> members;
  int nshared = 0;
  for (int l = 0; l < p->nlocs; l++)
    if (!p->locs[l].is_private)
      {
        nshared++;
        HOST_WIDE_INT pos, size;
        tree d = wmm_location_decl (l, &pos, &size);
        if ((reachable_part (u, d, pos, size)
             && !wmm_threadlocal_unreached (d, pos, size))
            || called_back.contains (d) || touched[l])
          members.safe_push (l);
      }
  if ((int) members.length () == nshared)
    return -1;
  int a = wmm_program_alias (p, members.address (), members.length ());
  return a < 0 ? -1 : a;
}

} // anon namespace

/* Does every name of n (n and its aliases) keep its address to itself,
 * and is it static, C++ inline code (whose calls by other units touch
 * only their memory), or defined in main's unit when no code of another
 * unit may run (wmm_foreign_code_may_run: nothing else can call it)? */
bool
wmm_calls_all_seen (cgraph_node *n)
{
  auto_vec<cgraph_node *> names;
  names.safe_push (n);
  while (!names.is_empty ())
    {
      cgraph_node *a = names.pop ();
      if (a->address_taken
          || (TREE_PUBLIC (a->decl) && !wmm_vague_linkage (a)
              && (!a->definition || wmm_foreign_code_may_run ())))
        return false;
      ipa_ref *ref;
      for (unsigned i = 0; a->iterate_direct_aliases (i, ref); i++)
        if (cgraph_node *al = dyn_cast<cgraph_node *> (ref->referring))
          names.safe_push (al);
    }
  return true;
}

void
wmm_addresses_taken (hash_set<tree> *taken, hash_set<gimple *> *quiet)
{
  addresses_taken (taken, quiet);
}

/* The bits of its declared object that reference ref may touch (C 6.5.6:
 * an index cannot leave the array it indexes, so `s.buf[i]` and
 * `p->buf[i]` with p at a known offset of s touch member buf only):
 * *bits and *size, false when not known (a variable offset, an array at
 * the end of its struct, which may be flexible, a union). */
bool
object_extent (tree ref, tree object, HOST_WIDE_INT *bits,
               HOST_WIDE_INT *size)
{
  poly_int64 off, sz, max;
  bool reverse;
  HOST_WIDE_INT o, m, start = 0;
  tree base = get_ref_base_and_extent (ref, &off, &sz, &max, &reverse);
  if (!base || !known_size_p (max) || !off.is_constant (&o)
      || !max.is_constant (&m) || m <= 0)
    return false;
  for (tree t = ref; handled_component_p (t); t = TREE_OPERAND (t, 0))
    if (TREE_CODE (TREE_TYPE (TREE_OPERAND (t, 0))) == UNION_TYPE
        || TREE_CODE (TREE_TYPE (TREE_OPERAND (t, 0))) == QUAL_UNION_TYPE)
      return false;
  if (TREE_CODE (base) == MEM_REF)
    {
      tree ptr = TREE_OPERAND (base, 0);
      /* (the offset get_ref_base_and_extent gives includes the MEM_REF's) */
      if (TREE_CODE (ptr) != SSA_NAME
          || wmm_param_object_at (ptr, &start) != object)
        return false;
    }
  else if (base != object)
    return false;
  *bits = start + o;
  *size = m;
  return true;
}

/* object[i].f, .f.g, .f[j]: the record type of the elements of the
 * array indexed nearest the object (*rec) and f's bits within one;
 * nothing set for other references and through unions. */
static void
element_member (tree ref, tree *rec, HOST_WIDE_INT *bits, HOST_WIDE_INT *size)
{
  tree found = NULL_TREE;
  for (tree t = ref; handled_component_p (t); t = TREE_OPERAND (t, 0))
    {
      tree inner = TREE_OPERAND (t, 0), it = TREE_TYPE (inner);
      if (!it || TREE_CODE (it) == UNION_TYPE
          || TREE_CODE (it) == QUAL_UNION_TYPE)
        return;
      if (TREE_CODE (t) == COMPONENT_REF && TREE_CODE (inner) == ARRAY_REF
          && TREE_CODE (it) == RECORD_TYPE)
        found = t;
    }
  tree f = found ? TREE_OPERAND (found, 1) : NULL_TREE;
  if (!f || TREE_CODE (f) != FIELD_DECL
      || !tree_fits_shwi_p (bit_position (f)))
    return;
  HOST_WIDE_INT sz = bits_of (DECL_SIZE (f));
  if (sz <= 0)
    return;
  *rec = TYPE_MAIN_VARIANT (TREE_TYPE (TREE_OPERAND (found, 0)));
  *bits = int_bit_position (f);
  *size = sz;
}

/* The first-level member of record rec at bit b, or NULL. */
static tree
field_at (tree rec, HOST_WIDE_INT b)
{
  for (tree f = TYPE_FIELDS (rec); f; f = DECL_CHAIN (f))
    if (TREE_CODE (f) == FIELD_DECL && tree_fits_shwi_p (bit_position (f))
        && int_bit_position (f) == b)
      return f;
  return NULL_TREE;
}

/* The member's bits within *p (p->f, through base, a MEM_REF of pointer
 * type pointee) into r: field_bits / field_size when constant, a
 * trailing array to *p's end, and *p's record type with f's place in it
 * (path_bits). */
static void
member_path (tree ref, tree base, tree pointee, wmm_tbaa *r)
{
  poly_int64 off, size, max;
  bool reverse;
  HOST_WIDE_INT o, sz;
  tree rb = get_ref_base_and_extent (ref, &off, &size, &max, &reverse);
  /* an element of a member array at a variable index (`p->t[i]`): the
     whole array's bits (GCC leaves the extent of a trailing array, which
     may run past the object, unknown) */
  if (rb == base && known_size_p (max) && off.is_constant (&o)
      && max.is_constant (&sz) && sz > 0)
    {
      r->field_bits = o;
      r->field_size = sz;
    }
  /* ... and a trailing array's elements from its start on: still no other
     member of *p (GCC's own access-path test keeps two members of one
     struct type apart) */
  else if (rb == base && !known_size_p (max) && off.is_constant (&o)
           && o >= 0)
    {
      r->field_bits = o;
      r->field_size = WMM_BITS_TO_END;
    }
  if (TREE_CODE (pointee) != UNION_TYPE && TREE_CODE (pointee) != QUAL_UNION_TYPE)
    r->base_bits = bits_of (TYPE_SIZE (pointee));
  if (TREE_CODE (pointee) == RECORD_TYPE)
    r->base_type = TYPE_MAIN_VARIANT (pointee);
  /* (the member's bits within the *p object: the MEM_REF's own offset
     taken off) */
  if (r->field_size > 0 && r->base_type
      && tree_fits_shwi_p (TREE_OPERAND (base, 1)))
    {
      r->path_bits = r->field_bits
                     - tree_to_shwi (TREE_OPERAND (base, 1)) * BITS_PER_UNIT;
      r->path_known = r->path_bits >= 0
                      && r->path_bits + r->field_size <= r->base_bits;
    }
}

/* The SSA pointer a reference goes through (*p, p->f, p->a[i]), or
 * NULL. */
static tree
ref_pointer (tree ref)
{
  while (handled_component_p (ref))
    ref = TREE_OPERAND (ref, 0);
  if (TREE_CODE (ref) != MEM_REF && TREE_CODE (ref) != TARGET_MEM_REF)
    return NULL_TREE;
  tree p = TREE_OPERAND (ref, 0);
  return TREE_CODE (p) == SSA_NAME ? p : NULL_TREE;
}

/* The target set of SSA pointer ptr (wmm_threadlocal_targets), plus one;
 * a callee's parameter collected for one call site (collect.cc) has its
 * call's argument's: an SSA pointer of the caller, or a declared
 * object's address (`&task` given to std::function's members as `this`,
 * through every level of the calls collected there). */
int
wmm_pointer_targets (tree ptr)
{
  tree start = ptr, bound = NULL_TREE;
  for (int depth = 0; ptr && depth < 16; depth++)
    {
      /* (an address expression itself: `utimes (to, &times)`) */
      tree arg = TREE_CODE (ptr) == ADDR_EXPR ? ptr : NULL_TREE;
      if (!arg && TREE_CODE (ptr) != SSA_NAME)
        break;
      if (!arg && (arg = wmm_memloc_bound_argument (ptr)))
        bound = arg;
      /* (within a bound function: `_1 = &this_2(D)->D.1`, copies and
         constant offsets keep the objects of the pointer they start
         from) */
      if (!arg && !SSA_NAME_IS_DEFAULT_DEF (ptr)
          && is_gimple_assign (SSA_NAME_DEF_STMT (ptr)))
        {
          gassign *g = as_a<gassign *> (SSA_NAME_DEF_STMT (ptr));
          tree_code code = gimple_assign_rhs_code (g);
          if (code == SSA_NAME || CONVERT_EXPR_CODE_P (code)
              || code == ADDR_EXPR
              || (code == POINTER_PLUS_EXPR
                  && TREE_CODE (gimple_assign_rhs2 (g)) == INTEGER_CST))
            arg = gimple_assign_rhs1 (g);
        }
      if (!arg)
        break;
      if (TREE_CODE (arg) == ADDR_EXPR)
        {
          tree base = get_base_address (TREE_OPERAND (arg, 0));
          if (base && TREE_CODE (base) == MEM_REF
              && TREE_CODE (TREE_OPERAND (base, 0)) == SSA_NAME)
            {
              ptr = TREE_OPERAND (base, 0);   /* &p->f: p's objects */
              continue;
            }
          if (base && DECL_P (base))
            {
              int set = wmm_threadlocal_decl_targets (base);
              if (set >= 0)
                return 1 + set;
            }
          break;
        }
      ptr = arg;
    }
  return 1 + wmm_threadlocal_targets (bound || !start
                                      || TREE_CODE (start) != SSA_NAME
                                      ? ptr : start);
}

/* The member reference `*p` stands for when p holds its address and the
 * access has the member's own type (`_4 = &this->D.1._M_functor; *_4 =
 * MEM[(union _Any_data *)_3]`: C++'s copy of a union member, which GCC
 * makes through a ref-all pointer), else ref itself: the member access
 * names the object's class again (C++ [expr.ref]; not in C). */
static tree
member_behind (tree ref)
{
  if (!ref || TREE_CODE (ref) != MEM_REF || !integer_zerop (TREE_OPERAND (ref, 1))
      || TREE_CODE (TREE_OPERAND (ref, 0)) != SSA_NAME
      || SSA_NAME_IS_DEFAULT_DEF (TREE_OPERAND (ref, 0)))
    return ref;
  gassign *g = dyn_cast<gassign *> (SSA_NAME_DEF_STMT (TREE_OPERAND (ref, 0)));
  if (!g || gimple_assign_rhs_code (g) != ADDR_EXPR)
    return ref;
  tree r = TREE_OPERAND (gimple_assign_rhs1 (g), 0);
  if (lang_GNU_C () || TREE_CODE (r) != COMPONENT_REF || !TREE_TYPE (r)
      || !TREE_TYPE (ref)
      || TYPE_MAIN_VARIANT (TREE_TYPE (r)) != TYPE_MAIN_VARIANT (TREE_TYPE (ref)))
    return ref;
  return r;
}

/* The MEM_REF at the base of member or element access `ref` when it
 * goes through a pointer (p->f, p->a[i]; not a declared object's
 * `MEM[&x]`), with *p's type in *pointee; else NULL. */
static tree
pointer_base (tree ref, tree *pointee)
{
  tree base = ref;
  while (handled_component_p (base))
    base = TREE_OPERAND (base, 0);
  if (base == ref || TREE_CODE (base) != MEM_REF
      || TREE_CODE (TREE_OPERAND (base, 0)) == ADDR_EXPR)
    return NULL_TREE;
  *pointee = TREE_TYPE (TREE_TYPE (TREE_OPERAND (base, 1)));
  return base;
}

wmm_tbaa
wmm_tbaa_of_ref (tree ref)
{
  wmm_tbaa r = { 0, 0, 0, NULL_TREE, 0, 0, 0, NULL_TREE, 0, 0, 0, 0, false,
                   NULL_TREE, 0, 0 };
  ref = member_behind (ref);
  if (ref)
    r.object = declared_object (ref);
  if (ref && !r.object)
    r.targets = wmm_pointer_targets (ref_pointer (ref));
  if (r.object && !object_extent (ref, r.object, &r.obj_bits, &r.obj_size))
    r.obj_bits = r.obj_size = 0;
  if (r.object)
    element_member (ref, &r.elem_type, &r.elem_bits, &r.elem_size);
  if (!ref || !strict_here () || !TREE_TYPE (ref))
    return r;
  tree pointee = NULL_TREE;
  tree base = pointer_base (ref, &pointee);
  bool through_pointer = base != NULL_TREE;
  /* p->f names a member of an object of *p's class, whatever the
     member's type (a union, an array) or the class's alias set (C++
     gives a class with a char array member, "typeless storage", set 0: a
     std::function, a std::mutex): C++ [expr.ref], no member access
     reaches a member of no such object.  Outside C only, and not for a
     may_alias class. */
  bool class_path = through_pointer && !lang_GNU_C ()
                    && TREE_CODE (pointee) == RECORD_TYPE
                    && !lookup_attribute ("may_alias",
                                          TYPE_ATTRIBUTES (pointee));
  if (TREE_CODE (TREE_TYPE (ref)) == ARRAY_TYPE || may_alias_anything (ref))
    {
      if (class_path)
        member_path (ref, base, pointee, &r);
      if (r.field_size == 0)
        r.base_type = NULL_TREE;
      return r;
    }
  alias_set_type s = get_alias_set (ref);
  r.ref = s > 0 ? s : 0;
  /* A member (or element) access through a pointer: *p's alias set and
     size (GCC's base alias set and the pointer's pointed-to type). */
  if (through_pointer)
    {
      alias_set_type b = get_alias_set (base);
      /* (*p's size, even when its alias set is 0; GCC's size test,
         indirect_ref_may_alias_decl_p, holds for it too) */
      if (b <= 0 && TREE_CODE (pointee) == RECORD_TYPE)
        r.base_bits = bits_of (TYPE_SIZE (pointee));
      if (b > 0)
        r.base = b;
      if (b > 0 || class_path)
        member_path (ref, base, pointee, &r);
    }
  /* (char and other set-0 references: only a member's place in *p, and
     *p's size) */
  if (r.ref == 0 && r.field_size == 0)
    {
      r.base = 0;
      r.base_type = NULL_TREE;
    }
  return r;
}

bool
wmm_param_gets_constants (tree p)
{
  unsigned i;
  cgraph_node *node = param_of_seen_calls (p, &i);
  if (!node)
    return false;
  bool ok = true;
  wmm_each_caller (node, [&] (cgraph_edge *e) {
    tree a = ok && e->call_stmt && i < gimple_call_num_args (e->call_stmt)
             ? gimple_call_arg (e->call_stmt, i) : NULL_TREE;
    tree b = a && TREE_CODE (a) == ADDR_EXPR
             ? get_base_address (TREE_OPERAND (a, 0)) : NULL_TREE;
    ok = b && (TREE_CODE (b) == STRING_CST
               || (VAR_P (b) && TREE_READONLY (b) && !TREE_THIS_VOLATILE (b)));
  });
  return ok;
}

int
wmm_tbaa_param_args (tree ref)
{
  tree base = ref;
  while (handled_component_p (base))
    base = TREE_OPERAND (base, 0);
  if (TREE_CODE (base) != MEM_REF || !integer_zerop (TREE_OPERAND (base, 1)))
    return 0;
  tree p = TREE_OPERAND (base, 0);
  unsigned i;
  cgraph_node *node = param_of_seen_calls (p, &i);
  if (!node)
    return 0;
  auto_vec<wmm_tbaa> alts;
  bool ok = true;
  wmm_each_caller (node, [&] (cgraph_edge *e) {
    function *cf = ok ? wmm_analysable_body (e->caller) : NULL;
    if (!cf || !e->call_stmt || i >= gimple_call_num_args (e->call_stmt))
      {
        ok = false;
        return;
      }
    tree a = gimple_call_arg (e->call_stmt, i);
    /* _1 = &this->size; max (_1, ...) */
    if (TREE_CODE (a) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (a)
        && gimple_assign_single_p (SSA_NAME_DEF_STMT (a)))
      a = gimple_assign_rhs1 (SSA_NAME_DEF_STMT (a));
    if (TREE_CODE (a) != ADDR_EXPR)
      {
        ok = false;
        return;
      }
    tree r = TREE_OPERAND (a, 0), b = get_base_address (r);
    if (b && wmm_decl_private (b))
      return;   /* a local no other thread reaches: nothing shared */
    tree alt = put_in (ref, r);
    if (!alt)
      {
        ok = false;
        return;
      }
    push_cfun (cf);
    alts.safe_push (wmm_tbaa_of_ref (alt));
    pop_cfun ();
  });
  if (!ok || alts.is_empty ())
    return 0;
  vec<wmm_tbaa> kept = vNULL;
  kept.safe_splice (alts);
  param_args.safe_push (kept);
  return param_args.length ();
}

const vec<wmm_tbaa> *
wmm_tbaa_args (const wmm_tbaa &a)
{
  return a.args > 0 && a.args <= (int) param_args.length ()
         ? &param_args[a.args - 1] : NULL;
}

/* The reference whose address SSA pointer ptr holds (a callee's parameter
 * collected for one call site is that call's argument; then through
 * copies and conversions), or NULL; *param_obj gets the global object a
 * start routine's parameter points into (wmm_param_object). */
static tree
address_ref (tree ptr, tree *param_obj)
{
  /* `spin_lock (&tail_lock)` collected for that call */
  for (int depth = 0; ptr && TREE_CODE (ptr) == SSA_NAME && depth < 8; depth++)
    {
      tree arg = wmm_memloc_bound_argument (ptr);
      if (!arg)
        break;
      ptr = arg;
    }
  *param_obj = ptr && TREE_CODE (ptr) == SSA_NAME ? wmm_param_object (ptr)
                                                  : NULL_TREE;
  /* `_1 = &c->refs; __atomic_fetch_sub_4 (_1, 1, 4)`: the address the
     name holds names the reference as a plain `c->refs` would (through
     copies and conversions: an OpenMP reduction's `_35 = _34`) */
  for (int steps = 0; ptr && TREE_CODE (ptr) == SSA_NAME
                      && !SSA_NAME_IS_DEFAULT_DEF (ptr) && steps < 4; steps++)
    {
      gimple *def = SSA_NAME_DEF_STMT (ptr);
      if (!gimple_assign_single_p (def) && !gimple_assign_cast_p (def))
        break;
      ptr = gimple_assign_rhs1 (def);
    }
  return ptr && TREE_CODE (ptr) == ADDR_EXPR ? TREE_OPERAND (ptr, 0)
                                             : NULL_TREE;
}

wmm_tbaa
wmm_tbaa_of_ptr (tree ptr, int width)
{
  /* The type of an SSA pointer says nothing in GIMPLE (pointer conversions
     are dropped); an address expression names the object's reference,
     when the builtin accesses all of it (GCC itself applies no TBAA to
     builtins: a 4-byte atomic on a `long` stays "anything"). */
  wmm_tbaa none = { 0, 0, 0, NULL_TREE, 0, 0, 0, NULL_TREE, 0, 0, 0, 0, false,
                   NULL_TREE, 0, 0 };
  none.targets = wmm_pointer_targets (ptr);
  tree ref = address_ref (ptr, &none.object);
  if (!ref)
    return none;
  if (width > 0 && int_size_in_bytes (TREE_TYPE (ref)) != width)
    return none;
  return wmm_tbaa_of_ref (ref);
}

tree
wmm_record_tag (tree t)
{
  if (!t)
    return NULL_TREE;
  tree n = TYPE_NAME (TYPE_MAIN_VARIANT (t));
  if (n && TREE_CODE (n) == TYPE_DECL)
    n = DECL_NAME (n);
  return n && TREE_CODE (n) == IDENTIFIER_NODE ? n : NULL_TREE;
}

wmm_tbaa
wmm_tbaa_of_record_arg (tree ptr, tree declared)
{
  wmm_tbaa none = { 0, 0, 0, NULL_TREE, 0, 0, 0, NULL_TREE, 0, 0, 0, 0, false,
                   NULL_TREE, 0, 0 };
  none.targets = wmm_pointer_targets (ptr);
  tree rec = declared && POINTER_TYPE_P (declared)
             ? TYPE_MAIN_VARIANT (TREE_TYPE (declared)) : NULL_TREE;
  if (!rec || TREE_CODE (rec) != RECORD_TYPE)
    return none;
  tree ref = address_ref (ptr, &none.object);
  tree type = ref ? TREE_TYPE (ref) : NULL_TREE;
  if (!type || TREE_CODE (type) != RECORD_TYPE || !COMPLETE_TYPE_P (type))
    return none;
  /* the struct itself; under -flto the declaration may come from a unit
     where the struct is incomplete (`struct event;`): the same tag */
  bool same = COMPLETE_TYPE_P (rec)
              ? types_compatible_p (TYPE_MAIN_VARIANT (type), rec)
              : wmm_record_tag (rec)
                && wmm_record_tag (rec) == wmm_record_tag (type);
  return same ? wmm_tbaa_of_ref (ref) : none;
}

bool
wmm_tbaa_of_string_arg (tree ptr, wmm_tbaa *out)
{
  tree obj = NULL_TREE;
  tree ref = address_ref (ptr, &obj);
  /* `e->name` decays to &e->name[0] */
  if (ref && TREE_CODE (ref) == ARRAY_REF && integer_zerop (TREE_OPERAND (ref, 1)))
    ref = TREE_OPERAND (ref, 0);
  if (!ref || TREE_CODE (ref) != COMPONENT_REF
      || TREE_CODE (TREE_TYPE (ref)) != ARRAY_TYPE
      || !COMPLETE_TYPE_P (TREE_TYPE (ref))
      || TYPE_MAIN_VARIANT (TREE_TYPE (TREE_TYPE (ref))) != char_type_node
      || TREE_CODE (TREE_TYPE (TREE_OPERAND (ref, 0))) != RECORD_TYPE)
    return false;
  /* the last member: `char name[1]` at a struct's end may be the start
     of a longer string in a bigger allocation (the struct hack) */
  bool trailing = true;
  for (tree f = DECL_CHAIN (TREE_OPERAND (ref, 1)); f && trailing;
       f = DECL_CHAIN (f))
    trailing = TREE_CODE (f) != FIELD_DECL;
  *out = wmm_tbaa_of_ref (ref);
  /* through a pointer, in C too: the member's place in *p, as for an
     element of it at an unknown index (`e->name[i]`, a char access) */
  tree pointee = NULL_TREE;
  tree base = pointer_base (ref, &pointee);
  if (out->field_size == 0 && strict_here () && base
      && get_alias_set (base) > 0)
    {
      out->base = get_alias_set (base);
      member_path (ref, base, pointee, out);
    }
  /* (from the member's start to *p's end and on, as for an element of a
     trailing array) */
  if (trailing && out->field_size > 0)
    {
      out->field_size = WMM_BITS_TO_END;
      out->path_known = false;
    }
  return true;
}

/* The members of the elements of obj that accesses at computed
 * addresses name (`items[i].in`, `items[i].out`), in order of first
 * use, into *keys; false when some of them names none (a whole element,
 * a char view) or there are too many to keep apart. */
static const unsigned MAX_MEMBER_GROUPS = 8;
static bool
element_members (wmm_unitinfo *u, tree obj, vec<loc_info::word_group> *keys)
{
  const wmm_program *p = u->prog;
  for (const wmm_unit &unit : u->units)
    {
      const wmm_thread *t = &p->threads[unit.thread];
      for (int i = 0; i < t->ncode && i < (int) unit.sites.length (); i++)
        {
          const wmm_tbaa &a = unit.sites[i].tbaa;
          if (!wmm_instr_is_access (&t->code[i]) || t->code[i].addr.loc_hint >= 0
              || unit.sites[i].summary || a.object != obj)
            continue;
          if (!a.elem_type)
            return false;
          bool seen = false;
          for (const loc_info::word_group &k : *keys)
            seen |= k.rec == a.elem_type && k.bits == a.elem_bits;
          if (seen)
            continue;
          if (keys->length () == MAX_MEMBER_GROUPS)
            return false;
          loc_info::word_group k = { obj, a.elem_type, a.elem_bits,
                                     a.elem_size, 0 };
          keys->safe_push (k);
        }
    }
  return !keys->is_empty ();
}

/* An object word for each declared object accessed at a computed
 * address: such accesses meet the object's other accesses and those by
 * pointer there, not on the heap's anonymous words.  One group of words
 * per member of its elements those accesses name, when each names one;
 * else one group. */
static void
object_word_groups (wmm_unitinfo *u, loc_info &li)
{
  const wmm_program *p = u->prog;
  for (const wmm_unit &unit : u->units)
    {
      const wmm_thread *t = &p->threads[unit.thread];
      for (int i = 0; i < t->ncode && i < (int) unit.sites.length (); i++)
        {
          tree obj = unit.sites[i].tbaa.object;
          if (!wmm_instr_is_access (&t->code[i]) || t->code[i].addr.loc_hint >= 0
              || unit.sites[i].summary || !obj || !VAR_P (obj)
              || li.words.get (obj))
            continue;
          auto_vec<loc_info::word_group> keys;
          if (!element_members (u, obj, &keys))
            {
              keys.truncate (0);
              loc_info::word_group whole = { obj, NULL_TREE, 0, 0, 0 };
              keys.safe_push (whole);
            }
          unsigned first_group = li.groups.length ();
          int first_loc = li.word_locs.length ();
          bool ok = true;
          for (unsigned g = 0; g < keys.length () && ok; g++)
            {
              tree f = keys[g].rec ? field_at (keys[g].rec, keys[g].bits)
                                   : NULL_TREE;
              const char *member = f && DECL_NAME (f)
                                   ? IDENTIFIER_POINTER (DECL_NAME (f)) : NULL;
              keys[g].first = li.word_locs.length ();
              for (int w = 0; w < WMM_OBJECT_WORDS && ok; w++)
                {
                  int l = wmm_memloc_object_word (u, obj,
                                                  g * WMM_OBJECT_WORDS + w,
                                                  member);
                  ok = l >= 0;
                  if (ok)
                    li.word_locs.safe_push (l);
                }
              li.groups.safe_push (keys[g]);
            }
          if (ok)
            li.words.put (obj, first_group);
          else
            {
              li.word_locs.truncate (first_loc);
              li.groups.truncate (first_group);
            }
        }
    }
  li.word_group_of.safe_grow (p->nlocs);
  for (int l = 0; l < p->nlocs; l++)
    li.word_group_of[l] = -1;
  for (unsigned g = 0; g < li.groups.length (); g++)
    for (int w = 0; w < WMM_OBJECT_WORDS; w++)
      li.word_group_of[li.word_locs[li.groups[g].first + w]] = g;
}

/* May an access with alias sets `a` touch location l by what the calls
 * pass for its pointer parameter (wmm_tbaa_param_args)?  Yes without a
 * list. */
static bool
args_may_touch (const loc_info &li, int l, const wmm_tbaa &a,
                const vec<bool> &hidden)
{
  const vec<wmm_tbaa> *args = wmm_tbaa_args (a);
  if (!args)
    return true;
  for (const wmm_tbaa &t : *args)
    if (may_touch (li, l, t) && !(hidden[l] && t.object != li.objs[l]))
      return true;
  return false;
}

/* The stand-ins of unknown calls: what unknown code can reach. */
static void
assign_standins (wmm_unitinfo *u)
{
  wmm_program *p = u->prog;
  int unknown_code = unknown_code_set (u);
  for (const wmm_unit &unit : u->units)
    {
      wmm_thread *t = &p->threads[unit.thread];
      for (int i = 0; i < t->ncode && i < (int) unit.sites.length (); i++)
        if (wmm_instr_is_access (&t->code[i]) && t->code[i].addr.loc_hint < 0
            && unit.sites[i].summary)
          t->code[i].addr.alias = unknown_code;
    }
}

void
wmm_tbaa_apply (wmm_unitinfo *u)
{
  wmm_program *p = u->prog;
  if (!p || p->nlocs == 0)
    return;
  /* An object word for each declared object accessed at a computed
     address: such accesses meet the object's other accesses and those by
     pointer there, not on the heap's anonymous words. */
  loc_info li;
  object_word_groups (u, li);
  bool typed = location_info (u, li);
  auto_vec<bool> hidden;
  unreachable_by_pointers (u, li.objs, &hidden);
  auto_vec<bool> unkept;
  never_kept (u, li, &unkept);
  int nshared = 0, nhidden = 0, nunkept = 0;
  for (int l = 0; l < p->nlocs; l++)
    if (!p->locs[l].is_private)
      {
        nshared++;
        nhidden += hidden[l];
        nunkept += unkept[l] && !hidden[l];
      }
  /* Library calls' accesses through a pointer argument (memcpy & co):
     that pointer's targets. */
  bool targets = false;
  for (unsigned k = 0; k < u->units.length (); k++)
    {
      wmm_unit *unit = &u->units[k];
      const wmm_thread *t = &p->threads[unit->thread];
      for (int i = 0; i < t->ncode && i < (int) unit->sites.length (); i++)
        {
          wmm_site &site = unit->sites[i];
          if (!wmm_instr_is_access (&t->code[i]) || site.summary)
            continue;
          if (site.tbaa.targets == 0 && site.ptr && !site.tbaa.object)
            site.tbaa.targets = 1 + wmm_threadlocal_targets (site.ptr);
          targets |= site.tbaa.targets > 0;
        }
    }
  if (!typed && nhidden == 0 && nunkept == 0 && param_args.is_empty ()
      && !targets)
    {
      assign_standins (u);
      return;
    }
  /* The set of each distinct wmm_tbaa (and whether its pointer was read
     from memory), computed once. */
  struct known_set { wmm_tbaa a; bool read; int alias; };
  auto_vec<known_set> known;
  auto_vec<int> members;
  for (unsigned k = 0; k < u->units.length (); k++)
    {
      const wmm_unit *unit = &u->units[k];
      wmm_thread *t = &p->threads[unit->thread];
      for (int i = 0; i < t->ncode && i < (int) unit->sites.length (); i++)
        {
          wmm_instr *in = &t->code[i];
          const wmm_tbaa &a = unit->sites[i].tbaa;
          if (unit->sites[i].summary)
            continue;
          if (!wmm_instr_is_access (in) || in->addr.loc_hint >= 0)
            continue;
          bool read = nunkept > 0 && pointer_from_memory (u, unit, i);
          if (a.ref == 0 && !a.object && nhidden == 0 && !read
              && !wmm_tbaa_member (a) && !a.args && !a.targets
              && a.base_bits == 0)
            continue;
          int alias = -2;
          for (const known_set &e : known)
            if (same_tbaa (e.a, a) && e.read == read)
              alias = e.alias;
          if (alias == -2)
            {
              members.truncate (0);
              for (int l = 0; l < p->nlocs; l++)
                if (!p->locs[l].is_private && may_touch (li, l, a)
                    && !(hidden[l] && a.object != li.objs[l])
                    && !(read && unkept[l] && a.object != li.objs[l])
                    && args_may_touch (li, l, a, hidden))
                  members.safe_push (l);
              /* Every location, or out of memory: no set. */
              alias = (int) members.length () == nshared ? -1
                      : wmm_program_alias (p, members.address (),
                                           members.length ());
              if (alias < 0)
                alias = -1;
              known.safe_push ({ a, read, alias });
            }
          in->addr.alias = alias;
        }
    }
  assign_standins (u);
  wmm_tbaa_reset ();
}

void
wmm_tbaa_reset (void)
{
  for (vec<wmm_tbaa> &v : param_args)
    v.release ();
  param_args.release ();
}
