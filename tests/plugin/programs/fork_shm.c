/* fork_shm.c — two processes of a fork sharing an anonymous MAP_SHARED
 * mapping: store buffering between the child (s[0] then s[1]) and the
 * parent (s[1] then s[0]) needs a full fence on each side; the parent
 * reads the child's results after waitpid (a join).  Before, a unit that
 * starts no thread was "not concurrent" and got no fence
 * (tests/plugin/processes.sh).  -DSHMAT: the memory comes from shmget /
 * shmat.  -DPRIVATE: a MAP_PRIVATE mapping (each process its own copy):
 * nothing is shared, no fence.  -DGLOBALS: the same accesses to globals,
 * which a fork copies (the shared mapping left unused): no fence.
 */
#include <stdio.h>
#include <sys/mman.h>
#include <sys/shm.h>
#include <sys/wait.h>
#include <unistd.h>

#ifdef PRIVATE
#define SHARING MAP_PRIVATE
#else
#define SHARING MAP_SHARED
#endif

int g[4];

int main (void)
{
#ifdef SHMAT
  int id = shmget (IPC_PRIVATE, 4096, IPC_CREAT | 0600);
  int *s = shmat (id, 0, 0);
#else
  int *s = mmap (0, 4096, PROT_READ | PROT_WRITE, SHARING | MAP_ANONYMOUS,
                 -1, 0);
#endif
#ifdef GLOBALS
  s = g;
#endif
  pid_t pid = fork ();
  if (pid == 0)
    {
      s[0] = 1;
      s[2] = s[1];
      _exit (0);
    }
  s[1] = 1;
  s[3] = s[0];
  waitpid (pid, 0, 0);
  printf ("%d %d\n", s[2], s[3]);
  return 0;
}
