// cxx_pool_member.cc — IRIW run by a pool class: the constructor starts
// the workers into a member std::vector<std::thread>, the destructor joins
// them with a range-for and then writes x and y itself; main writes and
// prints after the pool's scope.  The member is only given to the
// vector's keeping members (handles.cc, wmm_member_vector_kept), so the
// pushes are a group held in the object, the destructor's loop joins it
// whole, and its tail and main's code after it run alone.  Minimum: 0
// fences on x86, 2 syncs on Power, none in main or the destructor.
// Variants where a thread may still run after the join loop (main and
// the destructor keep fences on the weak targets):
//   -DSWAP   a member swaps the vector with another (its threads may be
//            elsewhere: the member is not kept);
//   -DBREAK  the join loop may stop early.
#include <thread>
#include <vector>
#include "iriw_roles.h"

class Pool {
public:
  explicit Pool (int n)
  {
    for (int i = 0; i < n; i++)
      workers.emplace_back ([i] { iriw_role ((void *) (long) i); });
  }
#ifdef SWAP
  void take (std::vector<std::thread> &other) { workers.swap (other); }
#endif
  ~Pool ()
  {
    for (auto &w : workers)
      {
#ifdef BREAK
        if (r0 == 7)
          break;
#endif
        w.join ();
      }
    x = 3;
    y = 3;
  }
private:
  std::vector<std::thread> workers;
};

int main ()
{
  {
    Pool pool (4);
#ifdef SWAP
    std::vector<std::thread> none;
    pool.take (none);
    pool.take (none);
#endif
  }
  iriw_report ();
  return 0;
}
