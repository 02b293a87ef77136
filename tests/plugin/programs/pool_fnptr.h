/* pool_fnptr.h — the task type of pool_fnptr.c -DHEADER: a struct other
 * units may name (their code could store any function in `fn`). */
struct task
{
  void (*fn) (void *);
  void *arg;
  struct task *next;
};
