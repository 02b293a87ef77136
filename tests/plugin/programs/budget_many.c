/* budget_many.c — four threads, five shared flags, each thread writing two
 * and reading two: many critical cycles (store buffering, IRIW-like and
 * longer chains), so that a small cycle-search bound (max-cycles) is
 * reached.  REWRITE: t0 writes `a` and `c` a second time before its last
 * read, so that a thread's class of accesses to one location holds two
 * (the report must still show each fenced pair on its own cycle).  Used by
 * search_budget.sh. */
#include <pthread.h>

int a, b, c, d, e;
int r0, r1, r2, r3, r4, r5, r6, r7;

#ifdef REWRITE
void *t0(void *p) { a = 1; r0 = b; c = 1; a = 3; c = 3; r1 = d; return p; }
#else
void *t0(void *p) { a = 1; r0 = b; c = 1; r1 = d; return p; }
#endif
void *t1(void *p) { b = 1; r2 = c; d = 1; r3 = e; return p; }
void *t2(void *p) { c = 2; r4 = a; e = 1; r5 = b; return p; }
void *t3(void *p) { d = 2; r6 = e; a = 2; r7 = c; return p; }

int main(void)
{
  pthread_t t[4];
  pthread_create(&t[0], 0, t0, 0);
  pthread_create(&t[1], 0, t1, 0);
  pthread_create(&t[2], 0, t2, 0);
  pthread_create(&t[3], 0, t3, 0);
  for (int i = 0; i < 4; i++)
    pthread_join(t[i], 0);
  return r0 + r1 + r2 + r3 + r4 + r5 + r6 + r7;
}
