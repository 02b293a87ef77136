// cxx_static_local.cc — a function-local static (a table built by its
// constructor on first use) read by two std::threads through the
// function (plugin/guardinit.cc): the run time lets one thread construct
// it while the other waits, so the constructor's writes race with
// nothing: no fence on any target.
//   -DLEAK   the constructor also publishes `this` through a global, which
//            a thread reads without the guard: message passing, fenced on
//            the weak targets
//   -DWRITE  the threads write the table after its construction (store
//            buffering with another global): fenced everywhere
#include <cstdio>
#include <thread>

struct Table
{
  int v[64];
  Table ();
};

#ifdef LEAK
Table *volatile leaked;
#endif

Table::Table ()
{
  for (int i = 0; i < 64; i++)
    v[i] = i * i;
#ifdef LEAK
  leaked = this;
#endif
}

static Table &table ()
{
  static Table t;
  return t;
}

int y, r0, r1;

int main ()
{
#if defined LEAK
  std::thread a ([] { r0 = table ().v[3]; });
  std::thread b ([] { Table *p; while (!(p = leaked)) ; r1 = p->v[5]; });
#elif defined WRITE
  std::thread a ([] { table ().v[0] = 1; r0 = y; });
  std::thread b ([] { y = 1; r1 = table ().v[0]; });
#else
  std::thread a ([] { r0 = table ().v[3]; });
  std::thread b ([] { r1 = table ().v[5]; });
#endif
  a.join ();
  b.join ();
  std::printf ("%d %d\n", r0, r1);
  return 0;
}
