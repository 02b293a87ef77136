/* locks_buckets.c — a hash table whose buckets each hold their own mutex,
 * reached through local pointers to the buckets (`struct bucket *a =
 * &table[h % NB]; lock (&a->lock); a->head = ...`): every access to a
 * bucket's members holds the lock inside the same bucket, so two accesses
 * to one member hold one lock.  P0 and P1 move a value between two
 * buckets, holding both buckets' locks: store buffering through the two
 * buckets' heads inside the critical sections, which the locks rule out:
 * no fence (locks.cc, local_lock_bit; wmm_locks_own).  -DINDEX writes
 * the same with the index (`lock (&table[i].lock); table[i].head = v`):
 * an element named by the same index is the same element; -DFIND gets
 * the buckets from a lookup function (the call's result is the pointer).
 * Variants that keep store buffering's fences:
 *   -DNOLOCK   move does not take the second bucket's lock;
 *   -DOTHER    move reads the bucket after the second one;
 *   -DRELEASE  move takes and frees a third bucket's lock before the
 *              accesses: that pointer may name one of the two buckets, so
 *              its release ends every section a local pointer names. */
#include <pthread.h>

#define NB 8
struct bucket { pthread_mutex_t lock; int head; int count; };
struct bucket table[NB];
int r0, r1;

static struct bucket *find (unsigned h)
{
  return &table[h % NB];
}

static int move (unsigned from, unsigned to, int v)
{
#ifdef INDEX
  unsigned i = from % NB, j = to % NB;
#define a (&table[i])
#define b (&table[j])
#elif defined FIND
  struct bucket *a = find (from), *b = find (to);
#else
  struct bucket *a = &table[from % NB], *b = &table[to % NB];
#endif
  int r;
#ifdef NOLOCK
  pthread_mutex_lock (&a->lock);
#else
  if (from % NB < to % NB)
    {
      pthread_mutex_lock (&a->lock);
      pthread_mutex_lock (&b->lock);
    }
  else
    {
      pthread_mutex_lock (&b->lock);
      pthread_mutex_lock (&a->lock);
    }
#endif
#ifdef RELEASE
  struct bucket *c = &table[(to + from) % NB];
  pthread_mutex_lock (&c->lock);
  pthread_mutex_unlock (&c->lock);
#endif
  a->head = v;
  a->count--;
#ifdef OTHER
  struct bucket *c = &table[(to + 1) % NB];
  r = c->head;
#else
  r = b->head;
  b->count++;
#endif
#ifndef NOLOCK
  pthread_mutex_unlock (&b->lock);
#endif
  pthread_mutex_unlock (&a->lock);
  return r;
}

void *P0 (void *x) { (void) x; r0 = move (1, 2, 1); return 0; }
void *P1 (void *x) { (void) x; r1 = move (2, 1, 1); return 0; }

int main (void)
{
  pthread_t t0, t1;
  for (int i = 0; i < NB; i++)
    pthread_mutex_init (&table[i].lock, 0);
  pthread_create (&t0, 0, P0, 0);
  pthread_create (&t1, 0, P1, 0);
  pthread_join (t0, 0);
  pthread_join (t1, 0);
  return r0 + r1 == 0;
}
