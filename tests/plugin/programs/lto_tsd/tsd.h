/* tsd.h — lto_tsd/: each worker's context, kept by a key of key.c. */
#include <pthread.h>
struct ctx { int a, b, ra, rb; };
extern pthread_key_t ctx_key;
void ctx_init (void);
