// cxx_once_callable.cc — std::call_once's routine given as a callable that
// is no function's address: a lambda (the default, -DLAMBDA), a lambda
// capturing by reference (-DCAPTURE), a function object (-DFUNCTOR), a
// member-function pointer with its object (-DPMF), or a function pointer
// variable the unit cannot resolve (-DFNPTR).  The routine writes x then
// y; another thread reads y then x without the once flag: message
// passing, which needs a fence in the routine and one in the reader on
// the weak targets (x86-TSO: none; an unknown routine may also read x and
// write r1: an mfence in the reader).  Before 2026-12-03 the routine of a
// callable that is no function's address was not collected at all: no
// fence on any target.
#include <mutex>
#include <thread>

static std::once_flag once;
int x, y;
int r1, r2;

#if defined FUNCTOR
struct init_both
{
  void operator() () const { x = 1; y = 1; }
};
#elif defined PMF
struct config
{
  int one;
  void load () { x = one; y = one; }
};
static config cfg = { 1 };
#elif defined FNPTR
static void init_both () { x = 1; y = 1; }
void (*volatile init_ptr) () = init_both;
#endif

static void
reader ()
{
  r1 = y;
  r2 = x;
}

static void
writer ()
{
#if defined FUNCTOR
  std::call_once (once, init_both ());
#elif defined PMF
  std::call_once (once, &config::load, &cfg);
#elif defined FNPTR
  std::call_once (once, init_ptr);
#elif defined CAPTURE
  int one = 1;
  std::call_once (once, [&] { x = one; y = one; });
#else
  std::call_once (once, [] { x = 1; y = 1; });
#endif
}

int
main ()
{
  std::thread a (writer), b (reader);
  a.join ();
  b.join ();
  return r1 * 2 + r2;
}
