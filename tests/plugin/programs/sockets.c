/* sockets.c — socket calls are no unknown code: main binds a socket,
 * sets a plain flag and listens; a worker makes a socket, asks its
 * address and sets an option, then reads the flag.  socket, bind,
 * listen, getsockname and setsockopt touch only what their pointer
 * arguments point to (libfns.cc arg_touch_fns), so the flag is the only
 * shared memory: no fence.  -DUNKNOWN: both threads call a function of
 * another unit instead of listen and setsockopt (it may read and write
 * any memory that escaped): store buffering through it, a fence in each.
 */
#include <netinet/in.h>
#include <pthread.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#ifdef UNKNOWN
extern void net_tune (int fd);
#define LISTEN(fd) net_tune (fd)
#define REUSE(fd, one) net_tune (fd)
#else
#define LISTEN(fd) listen (fd, 64)
#define REUSE(fd, one) \
  setsockopt (fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one)
#endif

static int accepting;
static long served;

static void *worker (void *arg)
{
  (void) arg;
  int one = 1;
  int fd = socket (AF_INET, SOCK_STREAM, 0);
  struct sockaddr_in sa;
  socklen_t len = sizeof sa;
  getsockname (fd, (struct sockaddr *) &sa, &len);
  REUSE (fd, one);
  if (accepting)
    served += len;
  close (fd);
  return NULL;
}

int main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  int fd = socket (AF_INET, SOCK_STREAM, 0);
  struct sockaddr_in sa;
  memset (&sa, 0, sizeof sa);
  sa.sin_family = AF_INET;
  bind (fd, (struct sockaddr *) &sa, sizeof sa);
  accepting = 1;
  LISTEN (fd);
  pthread_join (t, NULL);
  close (fd);
  return (int) served;
}
