// cxx_rwmap.cc — a registry class whose std::map is guarded by a
// std::shared_mutex, the usual way: writers take a std::unique_lock,
// readers a std::shared_lock, four std::threads do both.  The map's
// comparator and node code are called under the write side by add and
// under the read side by find: they run with the read side held (a
// writer excludes every reader), and every write of the map's nodes runs
// under the write side (locks.cc, with_read_sides): no fence.
//   -DOTHER    find locks another mutex: its reads race with add's writes
//              (message passing on the weak targets; no fence on x86)
//   -DSHARED   add takes only the read side: writes under a read lock
// Example: g++ -std=c++17 -O2 -pthread -fplugin=wmmfence.so -fwmm-arch=power -S
#include <map>
#include <mutex>
#include <shared_mutex>
#include <thread>
#include <vector>
#include <iostream>

class Registry {
  mutable std::shared_mutex mu_;
  mutable std::mutex other_;
  std::map<int, long> values_;
public:
  void add(int id, long v) {
#ifdef SHARED
    std::shared_lock<std::shared_mutex> lk(mu_);
#else
    std::unique_lock<std::shared_mutex> lk(mu_);
#endif
    values_[id] = v;
  }
  long find(int id) const {
#ifdef OTHER
    std::lock_guard<std::mutex> lk(other_);
#else
    std::shared_lock<std::shared_mutex> lk(mu_);
#endif
    auto it = values_.find(id);
    return it == values_.end() ? 0 : it->second;
  }
};

int main() {
  Registry reg;
  std::vector<std::thread> ts;
  for (int t = 0; t < 4; ++t)
    ts.emplace_back([&reg, t] {
      for (int i = 0; i < 100; ++i) {
        reg.add(t * 100 + i, i);
        (void) reg.find(i);
      }
    });
  for (auto &th : ts) th.join();
  std::cout << reg.find(5) << "\n";
}
