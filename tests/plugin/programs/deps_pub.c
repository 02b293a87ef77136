/* deps_pub.c — message passing by pointer publication (RCU style): the
 * writer fills a node, then publishes its address in gp; the reader loads
 * gp and reads the node's two fields through it.  With deps=addr both
 * field loads are address-dependent on the load of gp (Linux's
 * rcu_dereference), so Power and ARMv8 need no fence in the reader; the
 * writer still needs lwsync / dmb ishst before the publication.
 * Variants (-D, tests/plugin/deps.sh):
 *   DEPS_RELEASE  publish with a release store;
 *   DEPS_RELAXED  read the pointer with a relaxed __atomic_load_n (its
 *                 integer result converted to the pointer);
 *   DEPS_NODEP    the reader reads node.payload by name: its address does
 *                 not depend on the load of gp (the fence must stay);
 *   DEPS_CMP      the reader compares the pointer with &node first (GCC may
 *                 then use &node instead of p: no dependency credited);
 *   DEPS_INTCAST  the payload's address goes through an integer `& 0`
 *                 trick (no dependency credited);
 *   DEPS_WAIT     the reader waits for the pointer (`while (!(p =
 *                 READ_ONCE (gp))) ;`): the loop's jump back is a retry's
 *                 (its iterations change nothing), so only the last
 *                 load counts and its dependency is credited as without
 *                 the loop;
 *   DEPS_WAIT_COUNT  the same loop counts its tries (no retry): the
 *                 load of one iteration and the field loads after a later
 *                 one have no dependency, the fence stays;
 *   DEPS_SAMETYPE both fields are int: still two members of the record
 *                 (p->seq is no payload), as with two types: no fence
 *                 between the field loads (there was one until
 *                 2026-12-01, when accesses through p might touch either
 *                 field).
 */
#include <pthread.h>
#include <stdint.h>

#ifdef DEPS_SAMETYPE
typedef int payload_t;
#else
typedef long payload_t;
#endif
struct msg { int seq; payload_t payload; };
struct msg node;
struct msg *gp;
int r1, tries;
payload_t r2;

void *writer(void *a)
{
  struct msg *n = &node;
  n->seq = 1;
  n->payload = 42;
#ifdef DEPS_RELEASE
  __atomic_store_n(&gp, n, __ATOMIC_RELEASE);
#else
  *(struct msg *volatile *) &gp = n;
#endif
  return a;
}

void *reader(void *a)
{
#if defined DEPS_RELAXED
  struct msg *p = __atomic_load_n(&gp, __ATOMIC_RELAXED);
#elif defined DEPS_WAIT
  struct msg *p;
  while (!(p = *(struct msg *volatile *) &gp))
    ;
#elif defined DEPS_WAIT_COUNT
  struct msg *p;
  int n = 0;
  while (!(p = *(struct msg *volatile *) &gp))
    n++;
  tries = n;
#else
  struct msg *p = *(struct msg *volatile *) &gp;   /* READ_ONCE */
#endif
#if defined DEPS_NODEP
  if (p)
    r2 = node.payload;
#elif defined DEPS_CMP
  if (p == &node)
    r2 = p->payload;
#elif defined DEPS_INTCAST
  if (p)
    r2 = *(payload_t *) ((uintptr_t) &node.payload + ((uintptr_t) p & 0));
#else
  if (p) {
    r1 = p->seq;
    r2 = p->payload;
  }
#endif
  return a;
}

int main(void)
{
  pthread_t t[2];
  pthread_create(&t[0], 0, writer, 0);
  pthread_create(&t[1], 0, reader, 0);
  pthread_join(t[0], 0);
  pthread_join(t[1], 0);
  return 0;
}
