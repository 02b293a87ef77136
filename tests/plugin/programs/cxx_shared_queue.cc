// cxx_shared_queue.cc — the textbook thread-safe queue whose wait_and_pop
// returns its item in a std::shared_ptr made by std::make_shared under the
// lock: a producer pushes 100 ints, a consumer pops them and sums them.
// Every shared access is under the queue's mutex; each shared_ptr is the
// consumer's own.  The control block's virtual _M_dispose / _M_destroy
// run in the consumer's thread (shared_results.sh).
//   default: no fence on any target
//   -DDTOR_RACE: the items are a struct whose destructor stores `dropped`
//     and reads `seen`,
//     which the producer stores and reads the other way round (store
//     buffering through the control block's dispose): fenced
#include <condition_variable>
#include <iostream>
#include <memory>
#include <mutex>
#include <queue>
#include <thread>

#ifdef DTOR_RACE
int dropped, seen, r_dropped, r_seen;

struct item {
  int value;
  item (int v) : value (v) {}
  ~item () { dropped = 1; r_seen = seen; }
};
static int value_of (const item &i) { return i.value; }
#else
typedef int item;
static int value_of (int i) { return i; }
#endif

template <typename T> class threadsafe_queue {
  mutable std::mutex mut;
  std::queue<T> data_queue;
  std::condition_variable data_cond;

public:
  void push (T new_value)
  {
    std::lock_guard<std::mutex> lk (mut);
    data_queue.push (std::move (new_value));
    data_cond.notify_one ();
  }
  std::shared_ptr<T> wait_and_pop ()
  {
    std::unique_lock<std::mutex> lk (mut);
    data_cond.wait (lk, [this] { return !data_queue.empty (); });
    std::shared_ptr<T> res (std::make_shared<T> (std::move (data_queue.front ())));
    data_queue.pop ();
    return res;
  }
  bool empty () const
  {
    std::lock_guard<std::mutex> lk (mut);
    return data_queue.empty ();
  }
};

int
main ()
{
  threadsafe_queue<item> q;
  std::thread producer ([&q] {
    for (int i = 0; i < 100; ++i)
      q.push (i);
#ifdef DTOR_RACE
    seen = 1;
    r_dropped = dropped;
#endif
  });
  std::thread consumer ([&q] {
    long sum = 0;
    for (int i = 0; i < 100; ++i)
      {
        std::shared_ptr<item> v = q.wait_and_pop ();
        sum += value_of (*v);
      }
    std::cout << sum << std::endl;
  });
  producer.join ();
  consumer.join ();
  return 0;
}
