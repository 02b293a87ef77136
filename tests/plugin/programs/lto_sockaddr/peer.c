/* peer.c — lto_sockaddr/: two workers each make a connection, ask for its
 * peer's address (getpeername into the connection's sockaddr_in6 member,
 * through glibc's transparent union of socket address pointers) and do
 * store buffering on the array the connection points to.  A socket
 * address holds no pointer (threadlocal.cc socket_address: under -flto
 * the pointed-to types are incomplete), so the library stores no pointer
 * into the connection and the array is the worker's own: no fence
 * (before 2026-12-06: 2 mfences under -flto, none per unit).  -DLEAK: a
 * worker also stores its array in a global, fenced. */
#include <pthread.h>
#include <stdlib.h>
#include <netinet/in.h>
#include <sys/socket.h>

struct conn { struct sockaddr_in6 peer; int fd; int *vals; };
int *leak;

static void *
worker (void *arg)
{
  struct conn *c = calloc (1, sizeof *c);
  socklen_t len = sizeof c->peer;
  if (!c)
    return NULL;
  c->vals = calloc (2, sizeof (int));
  getpeername (c->fd, (struct sockaddr *) &c->peer, &len);
  int *p = c->vals;
  int r;
  if (!p)
    return NULL;
#ifdef LEAK
  if (arg)
    leak = p;
  else if (leak)
    p = leak;
#endif
  if (arg)
    {
      p[0] = 1;
      r = p[1];
    }
  else
    {
      p[1] = 1;
      r = p[0];
    }
  return (void *) (long) (r + (int) len);
}

int
main (void)
{
  pthread_t t1, t2;
  pthread_create (&t1, NULL, worker, (void *) 1);
  pthread_create (&t2, NULL, worker, NULL);
  pthread_join (t1, NULL);
  pthread_join (t2, NULL);
  return 0;
}
