/* lto.h — the multi-file program of tests/plugin/lto.sh (whole-program
 * mode, -flto): main.c starts its threads through pool.c's helpers,
 * data.c defines the shared data and its accessors, util.c is a helper
 * that only main calls before any thread starts.
 * Example: one.c = `#define LTO_ONE_FILE` and #include of the four files:
 * the same program in one file, where nothing but main is exported, as in
 * the linked program (the comparison lto.sh makes). */
#ifndef LTO_H
#define LTO_H
#include <pthread.h>

#ifdef LTO_ONE_FILE
#define API static
#define SHARED static
#else
#define API
#define SHARED extern
#endif

/* pool.c */
API pthread_t launch (void *(*fn) (void *), void *arg);
API void pool_start (void);
API void pool_join (void);
/* main.c: the pool's workers run it */
API void job (long id);
/* data.c */
SHARED int x, y, m, n, r0, r1, rm0, rm1, got;
API void publish (int v);
API int consume (void);
/* util.c */
API int cfg_swap_a (int v);
API int cfg_swap_b (int v);
#endif
