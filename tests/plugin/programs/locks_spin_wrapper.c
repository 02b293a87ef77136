/* locks_spin_wrapper.c — store buffering under a spin lock taken through
 * wrappers that get the lock word's struct by pointer, as
 * ck_spinlock_fas_lock does: spin_lock (&g) acquires g.word (summaries
 * rename the parameter's word), and the wrappers' code collected for each
 * call resolves &p->word to g.word: no fence (locks.sh).  -DBROKEN: P1
 * frees the word with an exchange, which is no lock operation, so the
 * word is no lock: fences. */
#include <pthread.h>
int s, t, r0, r1;
static struct spin { int word; } g;
static void spin_lock (struct spin *p) { while (__atomic_exchange_n (&p->word, 1, __ATOMIC_ACQUIRE)) ; }
static void spin_unlock (struct spin *p) { __atomic_store_n (&p->word, 0, __ATOMIC_RELEASE); }
void *P0 (void *a) { (void) a; spin_lock (&g); s = 1; r0 = t; spin_unlock (&g); return 0; }
void *P1 (void *a)
{
  (void) a;
  spin_lock (&g);
  t = 1;
  r1 = s;
#ifdef BROKEN
  __atomic_exchange_n (&g.word, 0, __ATOMIC_RELEASE);
#else
  spin_unlock (&g);
#endif
  return 0;
}
int main (void) { pthread_t a, b; pthread_create (&a, 0, P0, 0); pthread_create (&b, 0, P1, 0); pthread_join (a, 0); pthread_join (b, 0); return r0 + r1; }
