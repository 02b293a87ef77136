/* cxx_capture_ref.cc — std::thread lambdas that capture main's locals by
 * reference.  A lambda's closure is a class local to main: each capture
 * holds the one address main stores in it (plugin/localfields.cc), so
 * `*this->__bad` in the lambda is main's `bad`, not any int.
 *   default  a writer and a reader of a pair under a std::shared_mutex;
 *            the reader's lambda stores its count into main's `bad`
 *            (captured by reference), read after the joins: no fence
 *   -DMP     message passing through main's locals `data` and `flag`,
 *            both captured by reference: fenced on the weak targets
 * Example: g++ -fplugin=wmmfence.so -O2 -c cxx_capture_ref.cc  -> no fence
 */
#include <cstdio>
#include <mutex>
#include <shared_mutex>
#include <thread>

#ifndef MP
static std::shared_mutex m;
int a, b;

static void writer (int n)
{
  for (int i = 0; i < n; i++)
    {
      std::unique_lock<std::shared_mutex> l (m);
      a++;
      b++;
    }
}

static int reader (int n)
{
  int bad = 0;
  for (int i = 0; i < n; i++)
    {
      std::shared_lock<std::shared_mutex> l (m);
      if (a != b)
        bad++;
    }
  return bad;
}
#endif

int main ()
{
#ifdef MP
  int data = 0;
  volatile int flag = 0;
  int got = 0;
  std::thread t ([&] { while (!flag) ; got = data; });
  data = 42;
  flag = 1;
  t.join ();
  std::printf ("%d\n", got);
#else
  int bad = 0;
  std::thread w (writer, 1000);
  std::thread r ([&] { bad = reader (1000); });
  w.join ();
  r.join ();
  std::printf ("%d\n", bad);
#endif
  return 0;
}
