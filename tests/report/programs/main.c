/* main.c — the executable of tests/report/program.sh: runs the library
 * parts, and its own store buffering (x, y) next to a thread pair (P2, P3)
 * where P3 is fenced by hand and P2 only writes a: the test's one-line
 * change adds "m_r3 = m_b;" to P2 (exactly one new fence, in P2). */
#include <pthread.h>
int a_run(void);
int b_run(void);
int q_run(void);
int m_x, m_y, m_a, m_b, m_r0, m_r1, m_r3, m_r4;
static void *P0(void *arg) { m_x = 1; m_r0 = m_y; return arg; }
static void *P1(void *arg) { m_y = 1; m_r1 = m_x; return arg; }
static void *P2(void *arg)
{
  m_a = 1;
  /* ADD-HERE */
  return arg;
}
static void *P3(void *arg) { m_b = 1; __sync_synchronize(); m_r4 = m_a; return arg; }
int main(void)
{
  pthread_t t[4];
  pthread_create(&t[0], 0, P0, 0);
  pthread_create(&t[1], 0, P1, 0);
  pthread_create(&t[2], 0, P2, 0);
  pthread_create(&t[3], 0, P3, 0);
  for (int k = 0; k < 4; k++)
    pthread_join(t[k], 0);
  return a_run() + b_run() + q_run() + m_r0 + m_r1 + m_r3 + m_r4;
}
