// atomics_sb_seqcst.cc — store buffering with seq_cst std::atomic<int>
// (tests/plugin/atomics.sh): every order is seq_cst (operator=, load()),
// so GCC's own xchg / mfence orders the store before the load and
// the plugin adds nothing.
#include <atomic>
#include <pthread.h>

std::atomic<int> x, y;
int r0, r1;

extern "C" void *P0(void *)
{
  x = 1;
  r0 = y.load();
  return nullptr;
}

extern "C" void *P1(void *)
{
  y = 1;
  r1 = x.load();
  return nullptr;
}

int main()
{
  pthread_t a, b;
  pthread_create(&a, nullptr, P0, nullptr);
  pthread_create(&b, nullptr, P1, nullptr);
  pthread_join(a, nullptr);
  pthread_join(b, nullptr);
  return r0 + r1;
}
