/* atomics_generic.cc — store buffering through std::atomic of a 12-byte
 * struct, which is not lock-free: GCC calls libatomic's generic
 * `__atomic_store (12, &x, &v, order)` / `__atomic_load (12, ...)` (the
 * size first).  The plugin read the size as the object's address and
 * dropped both accesses: no fence (tests/plugin/generic_atomics.sh).
 * Now they are atomic accesses of the object with no order credited
 * (libatomic keeps its own): a full fence orders each thread's store
 * before its load (relaxed, -DSEQCST alike).  -DNOLOAD: the second thread
 * only stores, no cycle, no fence.
 */
#include <atomic>
#include <thread>

#ifdef SEQCST
#define ORDER std::memory_order_seq_cst
#else
#define ORDER std::memory_order_relaxed
#endif

struct triple { int a, b, c; };
std::atomic<triple> X{{0, 0, 0}}, Y{{0, 0, 0}};
int r1, r2;

int main ()
{
  std::thread t1 ([] { X.store ({1, 1, 1}, ORDER); r1 = Y.load (ORDER).a; });
#ifdef NOLOAD
  std::thread t2 ([] { Y.store ({1, 1, 1}, ORDER); });
#else
  std::thread t2 ([] { Y.store ({1, 1, 1}, ORDER); r2 = X.load (ORDER).a; });
#endif
  t1.join ();
  t2.join ();
  return r1 + r2;
}
