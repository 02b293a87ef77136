/* zlib_sb.c — store buffering's p0 side without its store, through zlib's
 * stream functions: p0 sets up a compressor on a stream of its own
 * (zlib's allocators: zalloc and zfree left null), asks its bound and
 * pending bits, sets a dictionary, resets and ends it, then reads y.
 * Those calls touch only the stream and the arguments they are given
 * (zlibfns.cc): nothing p1 reads, no fence anywhere (p1 reads x through
 * a pointer: any escaped int).  Variants with a full fence in each
 * thread: OWN_ALLOC, the stream gets an allocator of the program, which
 * stores x (zlib runs it in p0 during the calls); SHAPED, no stream gets
 * one but the address of a function shaped like an allocator escapes
 * (it could be put into a stream where the analysis cannot see);
 * DEFLATE_X, p0 also compresses into x (deflate writes the bytes the
 * stream's next_out points to).  Without a fence: DEFLATE, p0 compresses
 * between two buffers of its own (deflate reads next_in's bytes and
 * writes next_out's, nothing else of the program); BACK, p0 decompresses
 * with inflateBack, its input handed over by a callback from a static
 * buffer, and writes through the stream's next_in afterwards (inflateBack
 * leaves there what the callback gave, not anything).  BACK_X: the
 * callback hands over x, p0's write is x's: a fence in each thread
 * (with BACK and BACK_X, p1 reads x by name: the window inflateBack
 * writes is kept by zlib, where any escaped pointer may reach it).
 * The stream is declared here as zlib.h declares it (the cross targets
 * have no zlib headers); the program is compiled, never linked.
 * unknown_calls.sh */
#include <pthread.h>
#include <stddef.h>

typedef void *(*alloc_func) (void *, unsigned, unsigned);
typedef void (*free_func) (void *, void *);
struct internal_state;
typedef struct z_stream_s {
  const unsigned char *next_in;
  unsigned avail_in;
  unsigned long total_in;
  unsigned char *next_out;
  unsigned avail_out;
  unsigned long total_out;
  const char *msg;
  struct internal_state *state;
  alloc_func zalloc;
  free_func zfree;
  void *opaque;
  int data_type;
  unsigned long adler;
  unsigned long reserved;
} z_stream;
extern int deflateInit2_ (z_stream *, int, int, int, int, int, const char *,
                          int);
extern unsigned long deflateBound (z_stream *, unsigned long);
extern int deflatePending (z_stream *, unsigned *, int *);
extern int deflateSetDictionary (z_stream *, const unsigned char *, unsigned);
extern int deflateReset (z_stream *);
extern int deflateEnd (z_stream *);
extern int deflate (z_stream *, int);
typedef unsigned (*in_func) (void *, unsigned char **);
typedef int (*out_func) (void *, unsigned char *, unsigned);
extern int inflateBackInit_ (z_stream *, int, unsigned char *, const char *,
                             int);
extern int inflateBack (z_stream *, in_func, void *, out_func, void *);
extern int inflateBackEnd (z_stream *);

int x, y, r0, r1;
int *q = &x;   /* p1 reads x through a pointer: it may be any escaped int */
long sink;

#if defined OWN_ALLOC || defined SHAPED
static void *
my_alloc (void *opaque, unsigned items, unsigned size)
{
  (void) opaque;
  x = 1;
  return (void *) (size_t) (items * size);
}
#endif
#ifdef SHAPED
alloc_func chosen_alloc = my_alloc;
#endif

#if defined BACK || defined BACK_X
static unsigned char input[16], window[1 << 15];
static unsigned long written;

static unsigned
take_input (void *desc, unsigned char **buf)
{
  (void) desc;
#ifdef BACK_X
  *buf = (unsigned char *) &x;
#else
  *buf = input;
#endif
  return sizeof input;
}

static int
put_output (void *desc, unsigned char *buf, unsigned len)
{
  (void) desc;
  written += len + buf[0];
  return 0;
}
#endif

static void *
p0 (void *a)
{
  z_stream s;
  unsigned char dict[8] = { 1, 2, 3 }, out[64];
  unsigned pending = 0;
  int bits = 0;
#ifdef OWN_ALLOC
  s.zalloc = my_alloc;
#else
  s.zalloc = NULL;
#endif
  s.zfree = NULL;
  s.opaque = NULL;
  long n = deflateInit2_ (&s, 6, 8, -15, 8, 0, "1.2.13", (int) sizeof s);
  n += (long) deflateBound (&s, 100);
  n += deflateSetDictionary (&s, dict, sizeof dict);
  n += deflatePending (&s, &pending, &bits) + pending + bits;
#if defined DEFLATE || defined DEFLATE_X
  s.next_in = dict;
  s.avail_in = sizeof dict;
#ifdef DEFLATE_X
  s.next_out = (unsigned char *) &x;
  s.avail_out = sizeof x;
#else
  s.next_out = out;
  s.avail_out = sizeof out;
#endif
  n += deflate (&s, 4);
#endif
#if defined BACK || defined BACK_X
  z_stream b;
  b.zalloc = NULL;
  b.zfree = NULL;
  b.opaque = NULL;
  n += inflateBackInit_ (&b, 15, window, "1.2.13", (int) sizeof b);
  b.next_in = NULL;
  b.avail_in = 0;
  n += inflateBack (&b, take_input, NULL, put_output, NULL);
  n += inflateBackEnd (&b);
  if (b.next_in != NULL && b.avail_in > 0)
    *(unsigned char *) b.next_in = 0;
#endif
  n += deflateReset (&s);
  n += deflateEnd (&s);
  sink = n + out[0];
  r0 = y;
  return a;
}

static void *
p1 (void *a)
{
  y = 1;
#if defined BACK || defined BACK_X
  r1 = x;
#else
  r1 = *q;
#endif
  return a;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, 0, p0, 0);
  pthread_create (&b, 0, p1, 0);
  pthread_join (a, 0);
  pthread_join (b, 0);
  return r0 + r1;
}
