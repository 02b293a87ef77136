/* daemon_fork.c — a daemon that maps shared memory, then forks and lets
 * its parent leave at once (`if (pid > 0) _exit (0)`, as daemon () does):
 * only the child runs on, so the mapping is never used by two processes
 * at once and store buffering through it is no cycle: no fence.  -DBOTH
 * keeps the parent running too: the parent and the child each write
 * their slot and read the other's, store buffering between two
 * processes: a full fence between the store and the load.
 */
#include <sys/mman.h>
#include <unistd.h>

int main (void)
{
  int *s = mmap (0, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
                 -1, 0);
  if (s == MAP_FAILED)
    return 1;
  pid_t pid = fork ();
#ifndef BOTH
  if (pid > 0)
    _exit (0);
#endif
  if (pid < 0)
    return 1;
  int me = pid == 0;
  s[me] = 1;
  return s[!me];
}
