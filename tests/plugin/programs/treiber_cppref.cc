// treiber_cppref.cc — the lock-free stack of the compare_exchange_weak
// examples: a node built by its constructor (`new node<T> (data)`), its
// `next` loaded relaxed, then `head.compare_exchange_weak (new_node->next,
// new_node, release, relaxed)` in a loop (the failure writes the head
// found back into new_node->next); pop with acquire.  On x86-TSO the
// constructor's stores and the write-back happen before the successful
// exchange publishes the node (publish.cc: the constructor's accesses are
// the creator's, private.cc wmm_fresh_escapes; the expected value handed
// down through std::atomic's members from push, collect.cc
// expected_in_unit): no mfence (before: one in push).
// -DLATE: push writes the node's data after publishing it and reads a
// flag pop sets first (store buffering through the node): a full fence
// in each on x86.
// Example: g++ -std=c++17 -O2 -pthread -fplugin=wmmfence.so -fwmm-arch=tso -c treiber_cppref.cc
#include <atomic>
#include <cstdio>
#include <thread>

template <typename T> struct node
{
  T data;
  node *next;
  node (const T &data) : data (data), next (nullptr) {}
};

static int flag, seen;

template <typename T> class stack
{
  std::atomic<node<T> *> head{ nullptr };

public:
  void
  push (const T &data)
  {
    node<T> *new_node = new node<T> (data);
    new_node->next = head.load (std::memory_order_relaxed);
    while (!head.compare_exchange_weak (new_node->next, new_node,
                                        std::memory_order_release,
                                        std::memory_order_relaxed))
      ;
#ifdef LATE
    new_node->data = -data;
    seen = flag;
#endif
  }

  bool
  pop (T &out)
  {
#ifdef LATE
    flag = 1;
#endif
    node<T> *n = head.load (std::memory_order_acquire);
    while (n && !head.compare_exchange_weak (n, n->next,
                                             std::memory_order_acquire,
                                             std::memory_order_acquire))
      ;
    if (!n)
      return false;
    out = n->data;
    return true;
  }
};

static stack<int> s;

int
main ()
{
  std::thread a ([] {
    for (int i = 0; i < 1000; i++)
      s.push (i);
  });
  std::thread b ([] {
    long sum = 0;
    int v;
    for (int i = 0; i < 1000; i++)
      if (s.pop (v))
        sum += v;
    std::printf ("%ld\n", sum);
  });
  a.join ();
  b.join ();
  std::printf ("%d\n", seen);
}
