// cxx_mailbox.cc — message passing through a heap object published under
// a std::mutex, C++ style: the producer fills a `new` message and stores
// it into the mailbox inside a std::lock_guard section; the consumer takes
// it out under the lock and reads the fields after unlocking; std::thread
// starts both and main joins them before reading the count.  Race-free:
// no fence on any target.  -DPEEK: the consumer also reads the mailbox
// without the lock (a race: message passing's fences come back).
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <thread>

struct msg { int a, b; };
static std::mutex m;
static msg *box;
static int sent, got;

static void producer ()
{
  for (int i = 0; i < 1000; i++)
    {
      msg *p = new msg;
      p->a = i;
      p->b = 2 * i;
      for (;;)
        {
          std::lock_guard<std::mutex> g (m);
          if (!box)
            {
              box = p;
              sent++;
              break;
            }
        }
    }
}

static void consumer ()
{
  while (got < 1000)
    {
      msg *p;
#ifdef PEEK
      if (!box)
        continue;
#endif
      {
        std::lock_guard<std::mutex> g (m);
        p = box;
        box = nullptr;
      }
      if (p)
        {
          if (p->b != 2 * p->a)
            std::abort ();
          delete p;
          got++;
        }
    }
}

int main ()
{
  std::thread t1 (producer), t2 (consumer);
  t1.join ();
  t2.join ();
  std::printf ("%d %d\n", sent, got);
  return sent != got;
}
