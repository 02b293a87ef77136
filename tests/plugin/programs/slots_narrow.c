/* slots_narrow.c — slots.c with the thread number narrowed on its way,
 * the way tutorials write it: `int id = (int) (long) arg`.  The handles
 * go to &t[i] with t an array of T elements, so every number lies in
 * 0 .. T - 1 (indexing t outside that is undefined) and survives the
 * narrowing: each thread still has a slot of its own, no fence
 * (plugin/claims.cc).  Variants that keep their fences (on the weak
 * targets; two workers sharing a slot leave only the rows' 2+2W, which
 * x86-TSO keeps):
 *   -DSMALL    the number narrowed to unsigned char, 300 threads: numbers
 *              256 .. 299 would share slots with 0 .. 43;
 *   -DHANDLES  the number narrowed to short, the handles in a member of
 *              an array of structs (&w[i].h): nothing bounds the numbers.
 */
#include <pthread.h>
#ifdef SMALL
#define T 300
typedef unsigned char id_t_;
#elif defined HANDLES
#define T 4
typedef short id_t_;   /* narrower than long on every target */
#else
#define T 4
typedef int id_t_;
#endif
#define N 4000
static long partial[T + 1];
static int rows[T + 1][8];
static int data[N];

static void *worker (void *arg)
{
  id_t_ id = (id_t_) (long) arg;
  for (int i = 0; i < N; i += T)
    partial[id] += data[i];
  for (int k = 0; k < 8; k++)
    rows[id][k] = k;
  return 0;
}

int main (void)
{
#ifdef HANDLES
  struct { pthread_t h; int busy; } w[T];
#define HANDLE(i) w[i].h
#else
  pthread_t t[T];
#define HANDLE(i) t[i]
#endif
  long s = 0;
  for (int i = 0; i < N; i++)
    data[i] = i;
  for (long i = 0; i < T; i++)
    pthread_create (&HANDLE (i), 0, worker, (void *) i);
  for (int i = 0; i < T; i++)
    {
      pthread_join (HANDLE (i), 0);
      s += partial[i] + rows[i][7];
    }
  return s > 0;
}
