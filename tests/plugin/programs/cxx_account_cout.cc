// cxx_account_cout.cc — a class with a std::mutex member guarding two
// counters, one thread depositing, one reading the balance and printing
// it with std::cout (libstdc++'s compiled inserters: wmm_ostream_output;
// the inline operator<< reads the stream's virtual-base offset in its
// virtual table, read-only: memloc.cc vtable_pointer).  No race: no fence.
//   -DRACY      the reader reads the counters without the lock: message
//               passing's fences on Power and Arm
//   -DSTREAMBUF the unit has a stream buffer of its own whose overflow
//               counts characters into `chars_out`, which the depositor
//               reads after writing `last` and the printer writes after
//               reading it: the inserters may run it (no longer taken as
//               touching only the stream), store buffering through it
//               keeps a full fence on each side
#include <iostream>
#include <mutex>
#include <streambuf>
#include <thread>

class Account
{
  std::mutex m_;
  long balance_ = 0;
  long ops_ = 0;

public:
  void
  deposit (long v)
  {
    std::lock_guard<std::mutex> g (m_);
    balance_ += v;
    ops_++;
  }
  long
  balance ()
  {
#ifndef RACY
    std::lock_guard<std::mutex> g (m_);
#endif
    long o = ops_;
    long b = balance_;
    return b + (o & 0);
  }
};

Account acc;
long last;

#ifdef STREAMBUF
long chars_out;
class Counting : public std::streambuf
{
protected:
  int_type
  overflow (int_type c) override
  {
    chars_out = chars_out + 1;
    return c;
  }
};
Counting counting;
#endif

int
main ()
{
#ifdef STREAMBUF
  std::cout.rdbuf (&counting);
#endif
  std::thread t1 ([] {
    for (int i = 0; i < 1000; i++)
      acc.deposit (1);
#ifdef STREAMBUF
    last = 1;
    long seen = chars_out;
    std::cout << seen << '\n';
#endif
  });
  std::thread t2 ([] {
    long s = 0;
    for (int i = 0; i < 1000; i++)
      s += acc.balance ();
#ifdef STREAMBUF
    std::cout << s << '\n';
    s = last;
#endif
    std::cout << s << std::endl;
  });
  t1.join ();
  t2.join ();
  std::cout << acc.balance () << "\n";
  return 0;
}
