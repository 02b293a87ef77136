// cxx_jthread_stop.cc — a std::jthread worker that polls its stop token
// while main sets a flag and asks it to stop.  std::jthread's and the stop
// state's own code (stop_token, stop_source, the semaphore a stop request
// waits with) is the library's synchronisation and is not collected
// (libfns.cc jthread_lib_name), like std::thread's: no fence lands in it.
// Store buffering between the worker (x = 1; r1 = y) and main (y = 1;
// r0 = x, before the request) keeps a full fence on both sides on every
// target: what the library's request orders is not credited.
// threads_arrays.sh
#include <stop_token>
#include <thread>

int x, y, r0, r1;
long sum;

int main ()
{
  std::jthread t ([] (std::stop_token st) {
    x = 1;
    r1 = y;
    while (!st.stop_requested ())
      sum++;
  });
  y = 1;
  r0 = x;
  t.request_stop ();
  return r0 + r1;
}
