/* key.c — the thread-specific key of lto_tsd/: defined and created here,
 * read by worker.c (-flto merges the units: a read of the key another
 * unit declares is `MEM[(unsigned int *)&ctx_key]`, private.cc
 * key_of, entries.cc wmm_whole_variable). */
#include <pthread.h>
#include "tsd.h"

pthread_key_t ctx_key;

void
ctx_init (void)
{
  pthread_key_create (&ctx_key, NULL);
}
