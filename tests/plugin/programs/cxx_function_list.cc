// cxx_function_list.cc — a list of jobs kept as std::function<void ()>
// objects, one std::thread per job (`threads.emplace_back (job)`: the
// thread's state holds a copy of the std::function, and libstdc++ runs
// and deletes that state through its vtable), main reading the results
// after the joins.  Each job touches only its own result: no fence
// (tests/plugin/std_function.sh).
//   -DSB: two more jobs, left and right, do store buffering on x and y: a
//   full fence in each
//   -DEXTERN (with -DSB): one more job is made by another unit
//   (make_job ()): std::function objects come from code the unit cannot
//   see, the managers' calls stay unknown code; left and right fenced
//   -DFNPTR: the std::function objects hold function pointers (count_job;
//   with -DSB, left and right themselves): libstdc++'s __invoke_impl calls
//   the pointer, one of the functions the unit gives std::function
// Usage: cxx_function_list   exits with the jobs' sums folded
#include <functional>
#include <thread>
#include <vector>

static long sums[3];
static int data[256];
#ifdef FNPTR
static void count_job ()
{
  long s = 0;
  for (int i = 0; i < 256; i += 2)
    s += data[i];
  sums[2] = s;
}
#endif
#ifdef SB
int x, y, r1, r2;
__attribute__ ((noinline)) void left () { x = 1; r1 = y; }
__attribute__ ((noinline)) void right () { y = 1; r2 = x; }
#endif
#ifdef EXTERN
std::function<void ()> make_job ();
#endif

int
main ()
{
  for (int i = 0; i < 256; i++)
    data[i] = i;
  std::vector<std::function<void ()>> jobs;
  for (int k = 0; k < 2; k++)
    jobs.push_back ([k] {
      long s = 0;
      for (int i = k * 128; i < (k + 1) * 128; i++)
        s += data[i];
      sums[k] = s;
    });
#if defined SB && defined FNPTR
  jobs.push_back (left);
  jobs.push_back (right);
#elif defined SB
  jobs.push_back ([] { left (); });
  jobs.push_back ([] { right (); });
#endif
#ifdef FNPTR
  jobs.push_back (count_job);
#endif
#ifdef EXTERN
  jobs.push_back (make_job ());
#endif
  std::vector<std::thread> threads;
  for (auto &job : jobs)
    threads.emplace_back (job);
  for (auto &t : threads)
    t.join ();
#ifdef SB
  sums[0] += r1 + r2;
#endif
  return (int) ((sums[0] + sums[1] + sums[2]) & 0x7f);
}
