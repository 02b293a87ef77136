/* pool_job.h — the job of pool_hdr.c's pool, declared in a header of the
 * program as such pools usually are. */
struct job {
  void (*run) (void *);
  void *arg;
  struct job *next;
};
void pool_start (int n);
void pool_submit (struct job *j);
void pool_finish (void);
