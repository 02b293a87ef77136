// cxx_jthread_vector.cc — C++20 workers as std::jthread objects emplaced
// into a std::vector in an inner scope: the vector's destructor at the end
// of the scope destroys each jthread, which joins its thread (its
// request_stop runs no code of the program: the unit registers no stop
// callback and hands out no stop token).  Each worker sets x and reads y;
// main writes y and reads x after the scope: store buffering only if main
// ran beside the workers.  The destructor call ends the vector's threads
// (region.cc join_groups, handles.cc wmm_jthread_vector_end): main gets no
// fence on any target.  DETACH: one worker is detached before the scope
// ends, so main may still run beside it, and store buffering keeps main's
// fence.  threads_arrays.sh
#include <thread>
#include <vector>

int x, y, rx, ry;

int main ()
{
  {
    std::vector<std::jthread> ts;
    for (int t = 0; t < 4; t++)
      ts.emplace_back ([] {
        x = 1;
        ry = y;
      });
#ifdef DETACH
    ts.back ().detach ();
#endif
  }
  y = 1;
  rx = x;
  return rx + ry;
}
