/* zlibfns.cc — what the plugin knows of zlib's stream functions: which
 * user memory they touch (the z_stream given and the arguments named),
 * that they keep no copy of the stream the program could read, and that
 * they start no thread.
 *
 * A stream function runs the stream's allocators (zalloc, zfree) in the
 * caller's thread; zlib's own (the stream's fields left null) touch no
 * data of the program, a program's own could touch anything.  So the
 * tables count only while the code the analysis sees stores no allocator
 * of its own into a stream and takes the address of no function shaped
 * like one (zlib_default_allocators); otherwise every call stays an
 * unknown call.  libfns.cc asks here (wmm_zlib_arg_touch,
 * wmm_zlib_keeps_no_copy, wmm_zlib_never_starts).
 * Example: `strm.zalloc = Z_NULL; ...; deflateInit2_ (&strm, ...)` reads
 *   and writes *strm and reads the version string; nothing else.
 */
#include "plugin.h"

/* Stream functions whose only user memory is what their pointer
 * arguments point to (bit i of reads / writes: argument i); the state
 * they allocate is zlib's, behind a pointer whose type the program
 * cannot look into.  deflate, inflate, deflateParams (which may run
 * deflate) and inflateSync read and write the buffers next_in and
 * next_out point to: not listed (unknown calls); deflateSetHeader and
 * inflateGetHeader keep the header given for later calls: not listed. */
struct zlib_touch { const char *name; unsigned reads, writes; };
static const zlib_touch zlib_touch_fns[] = {
  /* (strm, level, version, stream_size) and the like: the version
     string read */
  { "deflateInit_", 5, 1 }, { "deflateInit2_", 65, 1 },
  { "inflateInit_", 3, 1 }, { "inflateInit2_", 5, 1 },
  { "deflateReset", 1, 1 }, { "deflateResetKeep", 1, 1 },
  { "deflateEnd", 1, 1 }, { "deflatePrime", 1, 1 }, { "deflateTune", 1, 1 },
  { "deflateBound", 1, 0 },
  /* (strm, unsigned *pending, int *bits) */
  { "deflatePending", 1, 7 },
  /* (strm, dictionary, length): the dictionary read, or written */
  { "deflateSetDictionary", 3, 1 }, { "inflateSetDictionary", 3, 1 },
  { "deflateGetDictionary", 1, 7 }, { "inflateGetDictionary", 1, 7 },
  /* (dest, source) */
  { "deflateCopy", 2, 1 }, { "inflateCopy", 2, 1 },
  { "inflateReset", 1, 1 }, { "inflateResetKeep", 1, 1 },
  { "inflateReset2", 1, 1 }, { "inflateEnd", 1, 1 }, { "inflatePrime", 1, 1 },
  { "inflateMark", 1, 0 }, { "inflateCodesUsed", 1, 0 },
  { "inflateSyncPoint", 1, 0 }, { "inflateUndermine", 1, 1 },
  { "inflateValidate", 1, 1 },
};

/* Stream functions that touch more (the buffers) but keep no copy of
 * the stream and start no thread. */
static const char *const zlib_buffer_fns[] = {
  "deflate", "inflate", "deflateParams", "inflateSync",
};

static const zlib_touch *
touch_entry (const char *name)
{
  for (const zlib_touch &f : zlib_touch_fns)
    if (!strcmp (name, f.name))
      return &f;
  return NULL;
}

static bool
stream_fn (const char *name)
{
  if (touch_entry (name))
    return true;
  for (const char *n : zlib_buffer_fns)
    if (!strcmp (name, n))
      return true;
  return false;
}

/* Is t (a type or its name) zlib's stream, struct z_stream_s? */
static bool
is_zstream (tree t)
{
  tree n = t ? TYPE_NAME (TYPE_MAIN_VARIANT (t)) : NULL_TREE;
  if (n && TREE_CODE (n) == TYPE_DECL)
    n = DECL_NAME (n);
  return n && TREE_CODE (n) == IDENTIFIER_NODE
         && !strcmp (IDENTIFIER_POINTER (n), "z_stream_s");
}

/* Does statement s store something other than a null pointer into a
 * stream's zalloc or zfree? */
static bool
stores_allocator (gimple *s)
{
  if (!gimple_assign_single_p (s))
    return false;
  tree lhs = gimple_assign_lhs (s);
  if (TREE_CODE (lhs) != COMPONENT_REF
      || !is_zstream (TREE_TYPE (TREE_OPERAND (lhs, 0))))
    return false;
  tree f = DECL_NAME (TREE_OPERAND (lhs, 1));
  const char *n = f ? IDENTIFIER_POINTER (f) : "";
  return (!strcmp (n, "zalloc") || !strcmp (n, "zfree"))
         && !integer_zerop (gimple_assign_rhs1 (s));
}

/* Is fn shaped like an allocator, void *(void *, unsigned, unsigned), or
 * a deallocator, void (void *, void *)? */
static bool
allocator_shaped (tree fn)
{
  tree t = TREE_TYPE (fn), ret = TREE_TYPE (t);
  unsigned n = 0, ptrs = 0;
  for (tree a = TYPE_ARG_TYPES (t); a && TREE_VALUE (a) != void_type_node;
       a = TREE_CHAIN (a), n++)
    ptrs += POINTER_TYPE_P (TREE_VALUE (a));
  if (POINTER_TYPE_P (ret))
    return n == 3 && ptrs >= 1;
  return VOID_TYPE_P (ret) && n == 2 && ptrs == 2;
}

/* Are the allocators of every stream zlib's own, as far as the code the
 * analysis sees tells?  Decided once per compilation. */
static bool
zlib_default_allocators (void)
{
  static int known = -1;
  if (known >= 0)
    return known;
  bool own = false;
  cgraph_node *node;
  FOR_EACH_FUNCTION (node)
    if (node->address_taken && allocator_shaped (node->decl))
      own = true;
  if (!own)
    wmm_each_body ([&] (cgraph_node *, function *fn) {
      wmm_each_stmt (fn, [&] (gimple *s) { own = own || stores_allocator (s); });
    });
  known = !own;
  return known;
}

bool
wmm_zlib_arg_touch (const char *name, unsigned *reads, unsigned *writes)
{
  const zlib_touch *f = touch_entry (name);
  if (!f || !zlib_default_allocators ())
    return false;
  *reads = f->reads;
  *writes = f->writes;
  return true;
}

bool
wmm_zlib_keeps_no_copy (const char *name, unsigned argno)
{
  return (argno == 0 || touch_entry (name)) && stream_fn (name)
         && zlib_default_allocators ();
}

bool
wmm_zlib_never_starts (const char *name)
{
  return stream_fn (name) && zlib_default_allocators ();
}
