/* stream_mp.c — message passing whose data is written with x86 streaming
 * (non-temporal) stores, which x86-TSO does not keep in order with the
 * flag's store (tests/plugin/streams.sh).  The reader that sees the flag
 * asserts it sees the data.
 *   (default)  _mm_stream_si32 (&data, 42); flag = 1;   -> a fence between
 *   -DSFENCE   _mm_sfence () between them               -> none
 *   -DSEQCST   the flag set by a seq_cst store: GCC's mov; mfence, whose
 *              fence comes after the flag's store        -> a fence
 *   -DASMSFENCE the sfence written in inline assembly     -> none
 *   -DLOCKED   the flag set by an exchange (xchg, locked) -> none
 *   -DBLOCK    a block streamed in a loop, then the flag -> one fence
 *   -DNTFLAG   the data stored plainly, the flag streamed -> a fence
 *   -DPRIVATE  the stream into the writer's own buffer  -> none
 *   -DASMSTREAM the data's streaming store written in inline assembly
 *              -> a fence (with -DASMSFENCE: none)
 *   -DBUILTIN  the builtin _mm_stream_si32 calls, called directly (the
 *              check's bounded model checker resolves its address)
 */
#include <assert.h>
#include <immintrin.h>
#include <pthread.h>

int data, flag;
__m128i block[64];

void *writer (void *arg)
{
#if defined BLOCK
  __m128i v = _mm_set1_epi32 (42);
  for (int i = 0; i < 64; i++)
    _mm_stream_si128 (&block[i], v);
  data = 42;
#elif defined NTFLAG
  data = 42;
#elif defined PRIVATE
  int own[4];
  _mm_stream_si32 (&own[0], 42);
  data = own[0];
#elif defined BUILTIN
  __builtin_ia32_movnti (&data, 42);
#elif defined ASMSTREAM
  __asm__ __volatile__ ("movnti %1, %0" : "=m" (data) : "r" (42));
#else
  _mm_stream_si32 (&data, 42);
#endif
#if defined SFENCE
  _mm_sfence ();
#elif defined ASMSFENCE
  __asm__ __volatile__ ("sfence" ::: "memory");
#endif
#if defined SEQCST
  __atomic_store_n (&flag, 1, __ATOMIC_SEQ_CST);
#elif defined LOCKED
  __atomic_exchange_n (&flag, 1, __ATOMIC_RELAXED);
#elif defined NTFLAG
  _mm_stream_si32 (&flag, 1);
#else
  flag = 1;
#endif
  return arg;
}

void *reader (void *arg)
{
  if (__atomic_load_n (&flag, __ATOMIC_RELAXED) == 1)
    {
      int d = data;
#ifdef BLOCK
      d = _mm_cvtsi128_si32 (block[63]);
#endif
      assert (d == 42);
    }
  return arg;
}

int main (void)
{
  pthread_t t1, t2;
  pthread_create (&t1, 0, writer, 0);
  pthread_create (&t2, 0, reader, 0);
  pthread_join (t1, 0);
  pthread_join (t2, 0);
  return 0;
}
