// entries_jthread_join.cc — store buffering between two std::jthreads;
// main writes x and y after their scope, whose end joins them (the
// destructor joins a joinable thread; region.cc: the constructor creates
// into the jthread's _M_thread, the destructor is its join).  Main is
// not concurrent there: no fence in main.  The stop state's request_stop
// runs no code of the program (the unit registers no stop callback and
// hands out no stop token).
// Variants where a thread may still run when main writes (main fenced on
// Power):
//   -DDETACH  main detaches the first thread (its destructor joins
//             nothing then);
//   -DTOKEN   the first thread takes a std::stop_token (code may register
//             a stop callback, which request_stop runs in main);
//   -DSWAP    main swaps the first jthread with an empty one kept past
//             the scope;
//   -DVECTOR  the first thread is a temporary moved into a vector kept
//             past the scope (the temporary's destructor joins nothing).
// Compile with -std=c++20.
#include <stop_token>
#include <thread>
#include <vector>

int x, y, r1, r2;

int main ()
{
#ifdef SWAP
  std::jthread keep;
#endif
#ifdef VECTOR
  std::vector<std::jthread> kept;
#endif
  {
#if defined TOKEN
    std::jthread a ([] (std::stop_token) { x = 1; r1 = y; });
#elif defined VECTOR
    kept.push_back (std::jthread ([] { x = 1; r1 = y; }));
#else
    std::jthread a ([] { x = 1; r1 = y; });
#endif
    std::jthread b ([] { y = 1; r2 = x; });
#if defined DETACH
    a.detach ();
#endif
#ifdef SWAP
    a.swap (keep);
#endif
  }
  x = 2;
  y = 2;
  return r1 + r2;
}
