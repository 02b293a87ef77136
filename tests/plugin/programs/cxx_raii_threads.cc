// cxx_raii_threads.cc — threads owned by objects, as C++ classes keep
// them: a Producer and a Consumer each start their member function in
// their constructor (`t_ (&Producer::run, this)`) and join it in their
// destructor, message passing through a struct they are given by
// reference, with release / acquire atomics.  main makes each object once:
// each method runs in one thread (entries.cc creations_once: the
// constructors are C++ inline code, which other units' calls run as
// threads of theirs), and the atomics' own orders are all it needs: no
// fence on any target (x86 1 mfence, Power 4 syncs before 2026-12-07, the
// methods taken to run twice).
//   -DRELAXED  relaxed atomics: message passing keeps one fence on each
//              side on the weak targets (lwsync / dmb), none on x86;
//   -DTWICE    (with RELAXED) two Producers: the producer's method runs in
//              two threads.
// Example: g++ -O2 -pthread -fplugin=wmmfence.so -fwmm-arch=power -c cxx_raii_threads.cc
#include <atomic>
#include <cstdio>
#include <thread>

#ifdef RELAXED
#define REL std::memory_order_relaxed
#define ACQ std::memory_order_relaxed
#else
#define REL std::memory_order_release
#define ACQ std::memory_order_acquire
#endif

struct shared
{
  int data = 0;
  std::atomic<bool> ready{false};
};

class Producer
{
public:
  explicit Producer (shared &s) : s_ (s), t_ (&Producer::run, this) {}
  ~Producer () { t_.join (); }
private:
  void run () { s_.data = 42; s_.ready.store (true, REL); }
  shared &s_;
  std::thread t_;
};

class Consumer
{
public:
  explicit Consumer (shared &s) : s_ (s), t_ (&Consumer::run, this) {}
  ~Consumer () { t_.join (); }
  int result () const { return r_; }
private:
  void run () { while (!s_.ready.load (ACQ)) {} r_ = s_.data; }
  shared &s_;
  int r_ = 0;
  std::thread t_;
};

int
main ()
{
  shared s;
  {
    Consumer c (s);
    Producer p (s);
#ifdef TWICE
    Producer q (s);
#endif
  }
  std::printf ("%d\n", s.data);
  return 0;
}
