/* szymanski.c — Szymanski's mutual exclusion for two threads (flags
 * 0 idle, 1 wants in, 2 waits for the other, 3 in the doorway, 4 behind
 * it), each thread entering once and asserting that it owns the critical
 * section (tests/plugin/check_goal.sh).  Unsafe on weak models unfenced
 * (its doorway is a store-buffering test), safe under SC and fenced. */
#include <assert.h>
#include <pthread.h>
int flag0, flag1, owner;
void *p0(void *a)
{
  flag0 = 1;
  while (flag1 >= 3) ;
  flag0 = 3;
  if (flag1 == 1) {
    flag0 = 2;
    while (flag1 != 4) ;
  }
  flag0 = 4;
  owner = 0;
  assert(owner == 0);
  while (flag1 == 2 || flag1 == 3) ;
  flag0 = 0;
  return 0;
}
void *p1(void *a)
{
  flag1 = 1;
  while (flag0 >= 3) ;
  flag1 = 3;
  if (flag0 == 1) {
    flag1 = 2;
    while (flag0 != 4) ;
  }
  flag1 = 4;
  while (flag0 >= 2) ;
  owner = 1;
  assert(owner == 1);
  flag1 = 0;
  return 0;
}
int main(void)
{
  pthread_t a, b;
  pthread_create(&a, 0, p0, 0);
  pthread_create(&b, 0, p1, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
