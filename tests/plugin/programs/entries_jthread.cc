// entries_jthread.cc — store buffering between two std::jthreads (C++20,
// -std=c++20), one lambda taking a std::stop_token: jthread starts a
// std::thread, whose _State_impl::_M_run entries run the lambdas.
#include <thread>

int x, y, r0, r1;

int main ()
{
  std::jthread a ([] { x = 1; r0 = y; });
  std::jthread b ([] (std::stop_token) { y = 1; r1 = x; });
  return 0;
}
