/* util.c — a helper that only main calls, before any thread starts
 * (lto.h): alone it is a library unit whose exported functions may run
 * concurrently (store buffering between the two); in the whole program
 * they run in main's single-threaded prologue and need no fence.
 * Example: a = cfg_swap_a (1); b = cfg_swap_b (2); */
#include "lto.h"

static int cfg_a, cfg_b;

API int
cfg_swap_a (int v)
{
  cfg_a = v;
  return cfg_b;
}

API int
cfg_swap_b (int v)
{
  cfg_b = v;
  return cfg_a;
}
