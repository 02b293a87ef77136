/* cxx_cas_expected.cc — cas_expected.c with std::atomic: libstdc++'s
 * compare_exchange_strong takes the expected value by reference and its
 * code is collected at the call.  A global expected value another thread
 * reads: store buffering through the failure write, a full fence in each
 * thread.  -DTREIBER: a stack's push, `head.compare_exchange_weak
 * (n->next, n)` into the node it has not published yet: on x86-TSO no
 * fence (the exchange's result reaches the push's loop through the
 * wrappers' returns).
 * c11objects.sh */
#include <atomic>
#include <thread>

static std::atomic<long> top{1};
static long seen, r0, r1;
static std::atomic<long> y{0};
struct Node { int v; Node *next; };
static std::atomic<Node *> head{nullptr};

static void
p0 ()
{
  top.compare_exchange_strong (seen, 5, std::memory_order_relaxed);
  r0 = y.load (std::memory_order_relaxed);
}

static void
p1 ()
{
  y.store (1, std::memory_order_relaxed);
  r1 = __atomic_load_n (&seen, __ATOMIC_RELAXED);
}

static void
pusher ()
{
  for (int i = 0; i < 100; i++)
    {
      Node *n = new Node{i, head.load (std::memory_order_relaxed)};
      while (!head.compare_exchange_weak (n->next, n, std::memory_order_release,
                                          std::memory_order_relaxed))
        ;
    }
}

int
main ()
{
#ifdef TREIBER
  std::thread a (pusher), b (pusher);
  long sum = 0;
  for (int k = 0; k < 100; k++)
    for (Node *n = head.exchange (nullptr, std::memory_order_acquire); n; )
      {
        Node *next = n->next;
        sum += n->v;
        delete n;
        n = next;
      }
  r0 = sum;
#else
  std::thread a (p0), b (p1);
#endif
  a.join ();
  b.join ();
  return r0 + r1;
}
