// cxx_string_locals.cc — threads that build std::string locals (a key
// from std::to_string, a body appended to) and store them into a shared
// std::map under a mutex.  The locals' addresses go only to std::string's
// own members, which keep no pointer to a string anywhere but in that
// string (its small buffer's address in its data pointer: libfns.cc,
// wmm_std_string_method): they stay each thread's own, no location of
// the IR names them.
//   -DLEAK   a thread stores body.c_str () (a pointer into its local's
//            small buffer) into a global that main reads: body escapes.
//   -DITER   a thread keeps body.begin () (an iterator into the local) in
//            a global: body escapes.
#include <map>
#include <mutex>
#include <string>
#include <thread>

std::map<std::string, std::string> pages;
std::mutex pages_mutex;
#if defined LEAK
const char *volatile last;
#elif defined ITER
std::string::iterator first_char;
#endif

void save (int id)
{
  std::string key = "page" + std::to_string (id);
  std::string body = "content of ";
  body += key;
#if defined LEAK
  last = body.c_str ();
#elif defined ITER
  first_char = body.begin ();
#endif
  std::lock_guard<std::mutex> guard (pages_mutex);
  pages[key] = body;
}

int main ()
{
  std::thread a (save, 1), b (save, 2);
#if defined LEAK
  while (!last)
    ;
  char c = last[0];
#else
  char c = 0;
#endif
  a.join ();
  b.join ();
  return (int) pages.size () + c;
}
