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
 * wmm_zlib_keeps_no_copy, wmm_zlib_never_starts); threadlocal.cc and
 * collect.cc ask what a stream function stores into the stream and which
 * buffers it reads and writes (wmm_zlib_stream_call,
 * wmm_zlib_buffer_field).
 * Example: `strm.zalloc = Z_NULL; ...; deflateInit2_ (&strm, ...)` reads
 *   and writes *strm and reads the version string; nothing else;
 *   `deflate (&strm, Z_FINISH)` reads and writes *strm, reads the bytes
 *   strm.next_in points to and writes those strm.next_out points to.
 */
#include "plugin.h"

/* Stream functions whose only user memory is what their pointer
 * arguments point to (bit i of reads / writes: argument i); the state
 * they allocate is zlib's, behind a pointer whose type the program
 * cannot look into.  deflate, inflate, deflateParams (which may run
 * deflate) and inflateSync read and write the buffers next_in and
 * next_out point to: zlib_buffer_fns; deflateSetHeader and
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
  /* (strm, windowBits, window, version, stream_size): the window is
     kept for inflateBack (wmm_zlib_keeps_no_copy) */
  { "inflateBackInit_", 9, 1 }, { "inflateBackEnd", 1, 1 },
};

/* Stream functions that touch more (the buffers) but keep no copy of
 * the stream and start no thread: the bytes at next_in read, at next_out
 * written (deflateParams may run deflate; inflateSync only skips
 * input). */
struct zlib_buffers { const char *name; bool in, out; };
static const zlib_buffers zlib_buffer_fns[] = {
  { "deflate", true, true }, { "inflate", true, true },
  { "deflateParams", true, true }, { "inflateSync", true, false },
  /* (strm, in, in_desc, out, out_desc): the input in() hands over read,
     the window given to inflateBackInit_ written */
  { "inflateBack", true, true },
};

/* The entry of table `fns` (zlib_touch_fns, zlib_buffer_fns) for name,
 * or NULL. */
template <typename T, size_t N>
static const T *
entry_of (const T (&fns)[N], const char *name)
{
  for (const T &f : fns)
    if (!strcmp (name, f.name))
      return &f;
  return NULL;
}

static const zlib_touch *
touch_entry (const char *name)
{
  return entry_of (zlib_touch_fns, name);
}

static const zlib_buffers *
buffers_entry (const char *name)
{
  return entry_of (zlib_buffer_fns, name);
}

static bool
stream_fn (const char *name)
{
  return touch_entry (name) || buffers_entry (name);
}

/* Is type t zlib's stream, struct z_stream_s? */
static bool
is_zstream (tree t)
{
  tree n = wmm_record_tag (t);
  return n && !strcmp (IDENTIFIER_POINTER (n), "z_stream_s");
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
  if (!strcmp (name, "inflateBackInit_") && argno == 2)
    return false;
  return (argno == 0 || touch_entry (name)) && stream_fn (name)
         && zlib_default_allocators ();
}

bool
wmm_zlib_never_starts (const char *name)
{
  return stream_fn (name) && zlib_default_allocators ();
}

bool
wmm_zlib_stream_call (const char *name, const gimple *call, bool *reads_in,
                      bool *writes_out)
{
  if (!stream_fn (name) || gimple_call_num_args (call) == 0
      || !wmm_zlib_buffer_field (TREE_TYPE (gimple_call_arg (call, 0)), false)
      || !zlib_default_allocators ())
    return false;
  const zlib_buffers *b = buffers_entry (name);
  *reads_in = b && b->in;
  *writes_out = b && b->out;
  return true;
}

tree
wmm_zlib_buffer_field (tree type, bool out)
{
  if (!type || !POINTER_TYPE_P (type) || !is_zstream (TREE_TYPE (type)))
    return NULL_TREE;
  const char *want = out ? "next_out" : "next_in";
  for (tree f = TYPE_FIELDS (TYPE_MAIN_VARIANT (TREE_TYPE (type))); f;
       f = DECL_CHAIN (f))
    if (TREE_CODE (f) == FIELD_DECL && DECL_NAME (f)
        && !strcmp (IDENTIFIER_POINTER (DECL_NAME (f)), want)
        && tree_fits_shwi_p (bit_position (f)))
      return f;
  return NULL_TREE;
}
