// entries_async_mp.cc — message passing from a std::async task to main,
// with the future's result and arguments as a program would use them: the
// library's shared state (its status word, result, reference counts,
// call_once of the join) is synchronised by the library itself, so only
// the program's own data gets fences: none on x86-64, one per thread on
// the weak targets (entries.sh).
#include <future>

int data, flag, r0, r1;
static int table[64];

static long produce (int lo, int hi)
{
  long s = 0;
  for (int i = lo; i < hi; i++)
    s += table[i];
  data = 42;
  flag = 1;
  return s;
}

int main ()
{
  for (int i = 0; i < 64; i++)
    table[i] = i;
  auto f = std::async (std::launch::async, produce, 0, 64);
  r0 = flag;
  r1 = data;
  long s = f.get ();
  return r0 + r1 + (int) s;
}
