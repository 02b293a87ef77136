// cxx_sem_ring.cc — the bounded buffer of Dijkstra's semaphores with
// C++20's std::counting_semaphore: the producer takes a free slot
// (`slots.acquire ()`), fills it and announces it (`items.release ()`);
// the consumer takes a full slot, reads it and frees it.  Every slot is
// handed over through the semaphores, whose release and acquire order
// the accesses around them (libstdc++'s atomics: collect.cc counts them
// as sem_post and sem_wait): no fence on any target (Power 2 lwsyncs,
// ARMv8 2 dmbs before).  Racy variant:
//   -DPEEK   the consumer also reads the next slot, which the producer
//            may be filling, before its own: message passing's fence
//            between the consumer's two reads stays on the weak targets.
// Example: g++ -std=c++20 -O2 -pthread -fplugin=wmmfence.so -c cxx_sem_ring.cc
#include <cstdio>
#include <semaphore>
#include <thread>

constexpr int SLOTS = 8;
constexpr int ITEMS = 1000;
static int ring[SLOTS];
static std::counting_semaphore<SLOTS> slots (SLOTS), items (0);
static long total, peeked;

static void
producer ()
{
  for (int i = 0; i < ITEMS; i++)
    {
      slots.acquire ();
      ring[i % SLOTS] = i;
      items.release ();
    }
}

static void
consumer ()
{
  for (int i = 0; i < ITEMS; i++)
    {
      items.acquire ();
#ifdef PEEK
      peeked += ring[(i + 1) % SLOTS];
#endif
      total += ring[i % SLOTS];
      slots.release ();
    }
}

int
main ()
{
  std::thread p (producer), c (consumer);
  p.join ();
  c.join ();
  std::printf ("%ld %ld\n", total, peeked);
  return 0;
}
