/* check_peterson.c — Peterson's mutual exclusion with the same ownership
 * assertion as check_dekker.c (tests/plugin/check.sh). */
#include <assert.h>
#include <pthread.h>
int flag0, flag1, turn, owner;
void *p0(void *a)
{
  flag0 = 1;
  turn = 1;
  while (flag1 == 1 && turn == 1) ;
  owner = 0;
  assert(owner == 0);
  flag0 = 0;
  return 0;
}
void *p1(void *a)
{
  flag1 = 1;
  turn = 0;
  while (flag0 == 1 && turn == 0) ;
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
