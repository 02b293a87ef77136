// cxx_call_once.cc — a table initialised through std::call_once and read
// by std::threads after their call (plugin/oncepub.cc; libstdc++'s
// call_once is modelled by name, its body and lambdas are the library's):
// the routine runs once and every call returns after it: no fence.
// -DWRITE (a thread writes the table after its call): fenced on the weak
// targets (message passing; x86-TSO needs none).
#include <mutex>
#include <thread>

static std::once_flag once;
static int table[64];
static int length;
long sums[2];

static void init_table ()
{
  for (int i = 0; i < 64; i++)
    table[i] = i * i;
  length = 64;
}

static void worker (int me)
{
  long sum = 0;
  std::call_once (once, init_table);
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
