/* setjmp_sb.c — store buffering's p0 side without its store, with a
 * setjmp receiver: GCC's abnormal dispatcher (the edges a longjmp may
 * take back into p0) is control flow, no unknown call, so p0 stores
 * nothing p1 reads: no fence (it was a stand-in that may store x: a full
 * fence in each thread).  -DSTORE: p0 stores x first: store buffering,
 * a full fence in each thread.  unknown_calls.sh */
#include <pthread.h>
#include <setjmp.h>

int x, y, r0, r1;

static void *
p0 (void *a)
{
  jmp_buf jb;
#ifdef STORE
  x = 1;
#endif
  if (setjmp (jb))
    return 0;
  r0 = y;
  return a;
}

static void *
p1 (void *a)
{
  y = 1;
  r1 = x;
  return a;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, 0, p0, 0);
  pthread_create (&b, 0, p1, 0);
  pthread_join (a, 0);
  pthread_join (b, 0);
  return r0 + r1;
}
