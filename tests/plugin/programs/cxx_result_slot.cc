// cxx_result_slot.cc — a class returned by value through the hidden
// result reference (it has a copy constructor and a destructor), built in
// the caller's object: each worker formats its line into a local and
// stores its length into its element of a vector
// (tests/plugin/result_slot.sh).  The line points into its own buffer.
//   -DPUBLISH  each worker also publishes its line's text and reads the
//              next worker's: the lines are shared (fenced)
#include <cstddef>
#include <thread>
#include <vector>

struct line
{
  char *text;           // points into its own buffer
  char local[32];
  std::size_t len;
  line () : text (local), len (0) { local[0] = 0; }
  line (const line &o) : text (local), len (o.len)
  { for (std::size_t k = 0; k <= len; k++) local[k] = o.local[k]; }
  ~line () {}
  void append (char c) { text[len++] = c; text[len] = 0; }
};

__attribute__ ((noinline)) static line
format (int id)
{
  line l;
  l.append ('w');
  l.append ((char) ('0' + id));
  return l;
}

#ifdef PUBLISH
char *volatile texts[4];
#endif

int
main ()
{
  std::vector<std::size_t> lens (4);
  std::vector<std::thread> ts;
  for (int i = 0; i < 4; ++i)
    ts.emplace_back ([i, &lens] {
      line l = format (i);
#ifdef PUBLISH
      texts[i] = l.text;
      char *other = texts[(i + 1) % 4];
      if (other)
        l.len += other[0] != 0;
#endif
      lens[i] = l.len;
    });
  for (auto &t : ts)
    t.join ();
  return lens[0] != 2;
}
