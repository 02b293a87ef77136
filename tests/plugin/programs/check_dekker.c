/* check_dekker.c — Dekker's mutual exclusion; in the critical section each
 * thread writes its id to `owner` and asserts it reads it back, which fails
 * once both threads are inside (tests/plugin/check.sh). */
#include <assert.h>
#include <pthread.h>
int flag0, flag1, turn, owner;
void *p0(void *a)
{
  flag0 = 1;
  while (flag1) {
    if (turn != 0) {
      flag0 = 0;
      while (turn != 0) ;
      flag0 = 1;
    }
  }
  owner = 0;
  assert(owner == 0);
  turn = 1;
  flag0 = 0;
  return 0;
}
void *p1(void *a)
{
  flag1 = 1;
  while (flag0) {
    if (turn != 1) {
      flag1 = 0;
      while (turn != 1) ;
      flag1 = 1;
    }
  }
  owner = 1;
  assert(owner == 1);
  turn = 0;
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
