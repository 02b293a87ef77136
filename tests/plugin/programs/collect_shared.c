/* collect_shared.c — which accesses the plugin collects, and how it names
 * them (tests/plugin/collect.sh reads the IR dump). */
#include <pthread.h>

__thread int tls;            /* thread-local: private */
const int k = 3;             /* read-only: private */
int g;                       /* global: "g" */
static int s;                /* static: "s" */
struct S { int f; int h; } st;
int arr[4];                  /* small array: a choice of arr[0..3] */
int big[100];                /* large array, variable index: unknown */
int *gp;                     /* pointer to anything: unknown */

extern void publish(int *p);

void *T(void *arg)
{
  long i = (long) arg;
  int local = 1;             /* a register */
  int esc = 0;               /* address escapes: "T.esc" */
  int hidden[2] = {0, 0};    /* address taken locally only: private */
  int *p = &g;               /* resolved: "g" */
  int *q = &hidden[1];
  int expect = 0;            /* only a CAS's expected value: private */
  tls = 1;
  *p = 2;
  s = local;
  st.f = 1;
  arr[2] = 3;
  arr[i & 3] = 4;
  big[i] = 5;
  *gp = 6;
  *q = 7;
  publish(&esc);
  esc = 8;
  __atomic_compare_exchange_n(&st.h, &expect, 9, 0, __ATOMIC_SEQ_CST,
                              __ATOMIC_SEQ_CST);
  return (void *) (long) (k + hidden[0] + expect);
}

int main(void)
{
  pthread_t t[2];
  for (long i = 0; i < 2; i++)
    pthread_create(&t[i], 0, T, (void *) i);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], 0);
  return g;
}
