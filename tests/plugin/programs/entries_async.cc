// entries_async.cc — store buffering between main and std::async(launch::
// async, worker): the future's thread runs _Async_state_impl::_M_run.
#include <future>

int x, y, r0, r1;

int worker () { y = 1; r1 = x; return 0; }

int main ()
{
  auto f = std::async (std::launch::async, worker);
  x = 1;
  r0 = y;
  f.get ();
  return r0 + r1;
}
