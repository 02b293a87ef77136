// cxx_ring_class.cc — a single-producer / single-consumer ring as a C++
// class: a member array and std::atomic indices beside it, acquire and
// release on the indices, a producer and a consumer std::thread
// (tests/plugin/member_ranges.sh).  `buf[t % N]` in push () and pop ()
// touches member buf only (`this` is &ring in the code collected for each
// call), and load () and store () keep the order each call gives.
#include <atomic>
#include <cstdio>
#include <thread>

template <typename T, unsigned N> struct Ring {
  T buf[N];
  std::atomic<unsigned> head{0}, tail{0};
  bool push(T v)
  {
    unsigned t = tail.load(std::memory_order_relaxed);
    if (t - head.load(std::memory_order_acquire) == N)
      return false;
    buf[t % N] = v;
    tail.store(t + 1, std::memory_order_release);
    return true;
  }
  bool pop(T &v)
  {
    unsigned h = head.load(std::memory_order_relaxed);
    if (h == tail.load(std::memory_order_acquire))
      return false;
    v = buf[h % N];
    head.store(h + 1, std::memory_order_release);
    return true;
  }
};

Ring<int, 64> ring;
long sum;

int main()
{
  std::thread producer([] {
    for (int i = 0; i < 1000; i++)
      while (!ring.push(i))
        ;
  });
  std::thread consumer([] {
    long s = 0;
    for (int i = 0; i < 1000; i++) {
      int v;
      while (!ring.pop(v))
        ;
      s += v;
    }
    sum = s;
  });
  producer.join();
  consumer.join();
  std::printf("%ld\n", sum);
}
