// cxx_jobs.cc — polymorphic jobs run by std::thread workers, as C++ task
// systems write them: `struct job { virtual void run () = 0; }`, the jobs
// made by main into a vector of unique_ptr, one worker per job calling
// `j->run ()` through the base class, main reading the results after the
// joins.  Each job touches only its own members: no fence
// (tests/plugin/virtual_jobs.sh).
//   -DSB: two more job classes do store buffering on x and y: a full
//   fence in left::run and right::run (std::thread -> lambda -> virtual
//   call)
//   -DMAIN_SB: main and left::run do store buffering
//   -DOUTSIDE: one more job comes from another unit (outside_job ()): its
//   run may be any code, the virtual calls stay unresolved
//   -DMULTI (with -DSB): left derives from job and a second base: the
//   calls on job are not resolved
#include <memory>
#include <thread>
#include <vector>

struct job
{
  virtual void run () = 0;
  virtual ~job () {}
};

struct sum_job : job
{
  long lo, hi, out = 0;
  sum_job (long l, long h) : lo (l), hi (h) {}
  void run () override
  {
    for (long i = lo; i < hi; i++)
      out += i * i;
  }
};

struct count_job : job
{
  const char *text;
  long out = 0;
  explicit count_job (const char *t) : text (t) {}
  void run () override
  {
    for (const char *p = text; *p; p++)
      out += *p == ' ';
  }
};

#if defined SB || defined MAIN_SB
int x, y, r1, r2, r3;
#ifdef MULTI
struct tag
{
  int id = 1;
};
struct left : tag, job
#else
struct left : job
#endif
{
  void run () override
  {
    x = 1;
    r1 = y;
  }
};
#endif
#ifdef SB
struct right : job
{
  void run () override
  {
    y = 1;
    r2 = x;
  }
};
#endif
#ifdef OUTSIDE
job *outside_job ();
#endif

int
main ()
{
  std::vector<std::unique_ptr<job> > jobs;
  jobs.emplace_back (new sum_job (0, 1000));
  jobs.emplace_back (new count_job ("a b c d"));
#if defined SB || defined MAIN_SB
  jobs.emplace_back (new left);
#endif
#ifdef SB
  jobs.emplace_back (new right);
#endif
#ifdef OUTSIDE
  jobs.emplace_back (outside_job ());
#endif
  std::vector<std::thread> workers;
  for (auto &j : jobs)
    workers.emplace_back ([&j] { j->run (); });
#ifdef MAIN_SB
  y = 1;
  r3 = x;
#endif
  for (auto &w : workers)
    w.join ();
  long total = static_cast<sum_job *> (jobs[0].get ())->out
               + static_cast<count_job *> (jobs[1].get ())->out;
  return total == 332833500 + 3 ? 0 : 1;
}
