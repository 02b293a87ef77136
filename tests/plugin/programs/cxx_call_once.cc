// cxx_call_once.cc — a table initialised through std::call_once and read
// by std::threads after their call (plugin/oncepub.cc; libstdc++'s
// call_once is modelled by name, its body and lambdas are the library's):
// the routine runs once and every call returns after it: no fence.
// -DWRITE (a thread writes the table after its call): fenced on the weak
// targets (message passing; x86-TSO needs none).  -DLAMBDA: the table
// filled by a lambda given to std::call_once: no fence (before 2026-12-03
// the lambda's code was not collected at all).
#include <mutex>
#include <thread>

static std::once_flag once;
static int table[64];
static int length;
long sums[2];

#ifndef LAMBDA
static void init_table ()
{
  for (int i = 0; i < 64; i++)
    table[i] = i * i;
  length = 64;
}
#endif

static void worker (int me)
{
  long sum = 0;
#ifdef LAMBDA
  std::call_once (once, [] {
    for (int i = 0; i < 64; i++)
      table[i] = i * i;
    length = 64;
  });
#else
  std::call_once (once, init_table);
#endif
  for (int i = 0; i < length; i++)
    sum += table[i];
#ifdef WRITE
  table[me] = (int) sum;
#endif
  sums[me] = sum;
}

int main ()
{
  std::thread a (worker, 0), b (worker, 1);
  a.join ();
  b.join ();
  return sums[0] != sums[1];
}
