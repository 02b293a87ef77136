/* private_tls_heap.c — per-thread scratch buffers kept in thread-local
 * pointers: each worker grows its `static __thread` buffer with malloc
 * (through a getter) and writes and reads it; two instances of the worker
 * do store buffering on their buffers, which only their own thread
 * reaches: no fence (minimum).  The variants that let another thread
 * reach a buffer keep the fences:
 *   -DLEAK  the buffer is also kept in a global (`last_scratch`)
 *   -DADDR  the address of a thread's pointer goes into a global array
 *   -DPUBLIC  the pointer is an exported __thread variable that another
 *           unit may hand on
 * Usage: private_tls_heap   prints each worker's sum
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#ifdef PUBLIC
__thread char *scratch;
#else
static __thread char *scratch;
#endif
static __thread size_t scratch_len;
static long sums[2];
#ifdef LEAK
char *last_scratch;
#endif
#ifdef ADDR
char **scratch_of[2];
#endif

static char *get_scratch (size_t n)
{
  if (scratch_len < n)
    {
      free (scratch);
      scratch = malloc (n);
      scratch_len = scratch ? n : 0;
#ifdef LEAK
      last_scratch = scratch;
#endif
    }
  return scratch;
}

static void *worker (void *arg)
{
  long k = (long) arg;
#ifdef ADDR
  scratch_of[k] = &scratch;
#endif
  long sum = 0;
  for (int i = 1; i < 64; i++)
    {
      char *b = get_scratch ((size_t) i * 16);
      if (!b)
        break;
      b[0] = (char) i;
      sum += b[8];
    }
  sums[k] = sum;
  free (scratch);
  scratch = NULL;
  scratch_len = 0;
  return NULL;
}

int main (void)
{
  pthread_t t[2];
  for (long k = 0; k < 2; k++)
    if (pthread_create (&t[k], NULL, worker, (void *) k) != 0)
      return 1;
  for (int k = 0; k < 2; k++)
    pthread_join (t[k], NULL);
  printf ("%ld %ld\n", sums[0], sums[1]);
  return 0;
}
