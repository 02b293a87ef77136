// publish_tso_cxx.cc — publish_tso.c in C++: the connection comes from
// `new` (a replaceable operator new: an allocator like malloc, touching no
// memory of the program) and the threads are std::threads (join: a full
// fence like pthread_join).  On x86-TSO the acceptor needs no mfence: its
// writes to the fresh object come before its address leaves the thread.
#include <thread>
#include <cstdlib>
struct conn { int state; int fd; };
conn *gconn;
int limit = 64, busy;
void acceptor()
{
  conn *c = new conn;
  c->state = 1;
  c->fd = busy > limit ? -1 : 3;
  gconn = c;
}
void worker()
{
  conn *c;
  while (!(c = gconn))
    ;
  busy = 1;
  if (c->state == 0)
    abort();
}
int main()
{
  std::thread a(acceptor), w(worker);
  a.join();
  w.join();
}
