/* strtok_sb.c — store buffering through a string p0 tokenizes with
 * strtok_r: its second call, strtok_r (NULL, " ", &save), writes the
 * string of the first (the NUL it puts after the next token), so it is
 * p0's store, and p0's load of y after it needs a full fence (p1 writes y
 * and reads the string).  Until 2026-11-29 the plugin took that call to
 * write nothing (its first argument is null): no fence between it and
 * the load, a missed fence.  unknown_calls.sh
 */
#include <pthread.h>
#include <string.h>
int y, r0, r1;
char str[32] = "a b";
void *p0 (void *a)
{
  char *save;
  strtok_r (str, " ", &save);
  strtok_r (NULL, " ", &save);
  r0 = y;
  return a;
}
void *p1 (void *a)
{
  y = 1;
  r1 = str[1];
  return a;
}
int main (void)
{
  pthread_t t, u;
  pthread_create (&t, 0, p0, 0);
  pthread_create (&u, 0, p1, 0);
  pthread_join (t, 0);
  pthread_join (u, 0);
  return r0 + r1;
}
