// entries_thread.cc — store buffering between main and a std::thread
// running a named function: libstdc++ stores _State_impl::_M_run in a
// vtable and starts it with the external std::thread::_M_start_thread, so
// _M_run is an entry and main is concurrent after the constructor.
#include <thread>

int x, y, r0, r1, before;

void worker () { y = 1; r1 = x; }

int main ()
{
  before = 1;                    // no thread yet: not concurrent
  std::thread t (worker);
  x = 1;
  r0 = y;
  t.join ();
  return r0 + r1;
}
