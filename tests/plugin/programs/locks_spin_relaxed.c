/* locks_spin_relaxed.c — store buffering under a test-and-set spin lock
 * written as x86 code has it: a relaxed exchange takes the word, a plain
 * store of 0 frees it, both in wrappers that get the word by pointer.
 * Under sc and x86-TSO that is a lock; on Power and Arm the plugin makes
 * the exchange acquire and the store release (reflocks.cc), and x, y need
 * no fence (locks.sh).  -DOTHER: P1 also writes the word with 2, which is
 * no lock operation: nothing is changed and both threads keep a fence.
 * -DCALLED: the unlock wrapper is exported and main calls a function of
 * another unit (whose code may then call the wrapper), so its pointer may
 * be any word: its store stays plain, and the fences stay (with -DACQ
 * too, where the exchange is acquire as written: its plain store is still
 * no release).  -DSETTER: an exported function writes an int through its
 * parameter; code outside the unit cannot pass it the static word, so the
 * lock stands (no fence); with -DPUBLIC the word is exported and main
 * calls another unit, whose code could pass it: fences.  Without the
 * call to another unit no code outside runs beside the threads to call
 * what the unit exports (hidden.cc): no fence either way (-DLONE: the
 * unlock wrapper exported, or with -DSETTER -DPUBLIC the word, main
 * calling only the thread library).
 * -DDIRECT: the same operations written in place. */
#include <pthread.h>
int x, y, r0, r1;
#ifdef PUBLIC
int word;
#else
static int word;
#endif
#ifdef SETTER
void setter (int *p) { *p = 2; }
#endif
#if (defined CALLED || defined PUBLIC) && !defined LONE
#define FOREIGN
extern void other_unit (void);
#endif
#ifdef DIRECT
#define spin_lock(l) while (__atomic_exchange_n (&word, 1, __ATOMIC_RELAXED)) while (word)
#define spin_unlock(l) (word = 0)
#else
static void spin_lock (int *l)
{
#ifdef ACQ
  while (__atomic_exchange_n (l, 1, __ATOMIC_ACQUIRE))
#else
  while (__atomic_exchange_n (l, 1, __ATOMIC_RELAXED))
#endif
    while (*l)
      ;
}
#if defined CALLED || defined LONE
void
#else
static void
#endif
spin_unlock (int *l)
{
  *l = 0;
}
#endif
void *P0 (void *a) { (void) a; spin_lock (&word); x = 1; r0 = y; spin_unlock (&word); return 0; }
void *P1 (void *a)
{
  (void) a;
  spin_lock (&word);
  y = 1;
  r1 = x;
  spin_unlock (&word);
#ifdef OTHER
  word = 2;
#endif
  return 0;
}
int main (void)
{
  pthread_t h[2];
  pthread_create (&h[0], 0, P0, 0);
  pthread_create (&h[1], 0, P1, 0);
#ifdef FOREIGN
  other_unit ();
#endif
  pthread_join (h[0], 0);
  pthread_join (h[1], 0);
  return r0 + r1;
}
