/* bakery.c — Lamport's bakery lock for two threads, each entering its
 * critical section once and asserting that it owns it
 * (tests/plugin/check_goal.sh).  Needs W->R order: unsafe on every weak
 * model unfenced, safe under SC and fenced. */
#include <assert.h>
#include <pthread.h>
int choosing0, choosing1, number0, number1, owner;
void *p0(void *a)
{
  choosing0 = 1;
  number0 = number1 + 1;
  choosing0 = 0;
  while (choosing1) ;
  while (number1 != 0 && number1 < number0) ;
  owner = 0;
  assert(owner == 0);
  number0 = 0;
  return 0;
}
void *p1(void *a)
{
  choosing1 = 1;
  number1 = number0 + 1;
  choosing1 = 0;
  while (choosing0) ;
  /* ties go to thread 0 */
  while (number0 != 0 && number0 <= number1) ;
  owner = 1;
  assert(owner == 1);
  number1 = 0;
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
