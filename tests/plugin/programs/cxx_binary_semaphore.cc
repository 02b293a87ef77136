// cxx_binary_semaphore.cc — C++20's std::binary_semaphore as a signal
// (flagpub.cc: constructed with 0, released once, acquired): the producer
// fills two values and releases, the consumer acquires and prints them.
// No race: no fence (Power 2 lwsyncs before).  Racy variants keep
// message passing's fences:
//   -DTWICE  two producers release it
//   -DEARLY  the consumer reads before it acquires
//   -DONE    the semaphore starts at 1
#include <iostream>
#include <semaphore>
#include <thread>

static int data1, data2;
#ifdef ONE
static std::binary_semaphore ready{1};
#else
static std::binary_semaphore ready{0};
#endif

int
main ()
{
  auto produce = [] {
    data1 = 1;
    data2 = 2;
    ready.release ();
  };
  std::thread prod (produce);
#ifdef TWICE
  std::thread prod2 (produce);
#endif
  std::thread cons ([] {
#ifdef EARLY
    int b = data2;
    int a = data1;
    ready.acquire ();
#else
    ready.acquire ();
    int b = data2;
    int a = data1;
#endif
    std::cout << a + b << '\n';
  });
  prod.join ();
#ifdef TWICE
  prod2.join ();
#endif
  cons.join ();
  return 0;
}
