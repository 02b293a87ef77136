// cxx_queue_workers.cc — a ThreadSafeQueue<T> class template as C++
// tutorials write it (std::queue, std::mutex, std::condition_variable;
// push under a lock_guard, pop waiting with a predicate), two producers
// and two consumers started into std::vectors, the consumers adding
// what they pop to main's sum under a second mutex of main's.  The
// deque's out-of-line members called under the queue's lock form call
// chains (push_back -> _M_push_back_aux -> _M_reserve_map_at_back ->
// _M_reallocate_map -> std::copy -> ...) deeper than the sixteen rounds
// that carried held locks one call further each: taken callers first,
// a round carries them down a whole chain (locks.cc compute_entries).
// No race: no fence (x86 14 mfences, Power 62 fences before).
//   -DPEEK  a consumer also reads the queue's size without the lock:
//           fenced
#include <condition_variable>
#include <iostream>
#include <mutex>
#include <queue>
#include <thread>
#include <vector>

template <typename T> class ThreadSafeQueue
{
public:
  void
  push (T value)
  {
    {
      std::lock_guard<std::mutex> lock (mtx_);
      q_.push (std::move (value));
    }
    cv_.notify_one ();
  }
  T
  pop ()
  {
    std::unique_lock<std::mutex> lock (mtx_);
    cv_.wait (lock, [this] { return !q_.empty (); });
    T v = std::move (q_.front ());
    q_.pop ();
    return v;
  }
#ifdef PEEK
  size_t
  peek ()
  {
    return q_.size ();
  }
#endif

private:
  std::queue<T> q_;
  std::mutex mtx_;
  std::condition_variable cv_;
};

int
main ()
{
  ThreadSafeQueue<int> q;
  std::vector<std::thread> producers, consumers;
  std::mutex sum_mtx;
  long sum = 0;
  for (int p = 0; p < 2; ++p)
    producers.emplace_back ([&q, p] {
      for (int i = 0; i < 1000; ++i)
        q.push (p * 1000 + i);
    });
  for (int c = 0; c < 2; ++c)
    consumers.emplace_back ([&] {
      for (int i = 0; i < 1000; ++i)
        {
          int v = q.pop ();
#ifdef PEEK
          v += q.peek () > 100;
#endif
          std::lock_guard<std::mutex> g (sum_mtx);
          sum += v;
        }
    });
  for (auto &t : producers)
    t.join ();
  for (auto &t : consumers)
    t.join ();
  std::cout << "sum " << sum << '\n';
}
