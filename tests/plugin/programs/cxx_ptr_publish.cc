// cxx_ptr_publish.cc — a message built on the heap and published through
// a std::atomic<Msg *> with a release store, the consumer spinning on an
// acquire load and reading it, as C++ code has it.  libstdc++'s load and
// store hand their memory order down from each call and return what the
// builtin loads: the order each call site gives (collect.cc site_context,
// wmm_site.order) and the loaded pointer as the caller sees it
// (wmm_site.result) make the pair a release / acquire slot (publish.cc):
// no fence added on any target, nor under the weak models with the
// x86-64 compiler (before: 2 there, its calls' orders taken for the
// weakest, relaxed).
// -DRELAXED (the store relaxed) and -DRELAXED_LOAD (the consumer's load
// relaxed): message passing's fences on the weak targets.
// Example: g++ -std=c++17 -O2 -pthread -fplugin=wmmfence.so -fwmm-arch=power -c cxx_ptr_publish.cc
#include <atomic>
#include <cstdio>
#include <thread>

struct Msg
{
  int a, b;
};

static std::atomic<Msg *> slot{ nullptr };

#ifdef RELAXED
# define STORE_ORDER std::memory_order_relaxed
#else
# define STORE_ORDER std::memory_order_release
#endif
#ifdef RELAXED_LOAD
# define LOAD_ORDER std::memory_order_relaxed
#else
# define LOAD_ORDER std::memory_order_acquire
#endif

int
main ()
{
  std::thread p ([] {
    Msg *m = new Msg;
    m->a = 1;
    m->b = 2;
    slot.store (m, STORE_ORDER);
  });
  std::thread c ([] {
    Msg *m;
    while (!(m = slot.load (LOAD_ORDER)))
      ;
    std::printf ("%d %d\n", m->a, m->b);
  });
  p.join ();
  c.join ();
}
