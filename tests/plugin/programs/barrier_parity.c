/* barrier_parity.c — a Jacobi sweep by threads that meet at a barrier
 * after each step, the grid written and the grid read chosen by the
 * step's parity: `src = grid[s & 1]`, `dst = grid[(s + 1) & 1]`.  Every
 * thread starts at step 0 and waits once per step, so in one round all
 * threads read one grid and write the other (swapviews.cc, rows chosen by
 * a counter's parity): the neighbours' reads do not race with the writes.
 *   -DSAME  the grid written is `grid[(s + 2) & 1]`, the one read: fenced
 *   -DSKEW  odd threads start at step 1 (in one round the threads'
 *           parities differ): fenced
 * Usage: barrier_parity
 */
#include <pthread.h>
#include <stdio.h>

#define W 64
#define H 64
#define NT 4
#define STEPS 100

static double grid[2][H][W];
static pthread_barrier_t bar;

static void *relax(void *arg)
{
  int id = (int) (long) arg;
  int r0 = 1 + id * (H - 2) / NT, r1 = 1 + (id + 1) * (H - 2) / NT;
#ifdef SKEW
  for (int s = id & 1; s < STEPS; s++) {
#else
  for (int s = 0; s < STEPS; s++) {
#endif
    double (*src)[W] = grid[s & 1];
#ifdef SAME
    double (*dst)[W] = grid[(s + 2) & 1];
#else
    double (*dst)[W] = grid[(s + 1) & 1];
#endif
    for (int r = r0; r < r1; r++)
      for (int c = 1; c < W - 1; c++)
        dst[r][c] = 0.25 * (src[r - 1][c] + src[r + 1][c] + src[r][c - 1]
                            + src[r][c + 1]);
    pthread_barrier_wait(&bar);
  }
  return NULL;
}

int main(void)
{
  pthread_t t[NT];
  for (int c = 0; c < W; c++)
    grid[0][0][c] = grid[1][0][c] = 100.0;
  pthread_barrier_init(&bar, NULL, NT);
  for (long i = 0; i < NT; i++)
    pthread_create(&t[i], NULL, relax, (void *) i);
  for (int i = 0; i < NT; i++)
    pthread_join(t[i], NULL);
  pthread_barrier_destroy(&bar);
  printf("%f\n", grid[STEPS & 1][H / 2][W / 2]);
  return 0;
}
