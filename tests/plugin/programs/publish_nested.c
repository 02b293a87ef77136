/* publish_nested.c — connections as servers make them: conn_new()
 * allocates a connection and the read buffer it owns (`c->rbuf =
 * malloc (...)`), fills the buffer through the member, and main queues the
 * connection for a worker under a mutex; the worker reads the buffer and
 * frees both.  The buffer is reached only through its connection, which
 * nothing reaches before it is queued: the buffer's writes are before its
 * publication too, and need no fence.
 * -DLATE: conn_new queues the connection itself before filling the
 * buffer (a race with the worker's reads): message passing keeps its
 * fences.
 * -DLEAK: the buffer's address is read back from the connection into a
 * global that a monitor thread reads without the lock, before the buffer
 * is filled: fenced.
 * -DBYTES: the buffer filled byte by byte through the member: no fence.
 * -DAFTER: the connection queued before its buffer is allocated, stored
 * and filled: fenced. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct conn { int id; int rsize; char *rbuf; struct conn *next; };

static pthread_mutex_t qlock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t qcond = PTHREAD_COND_INITIALIZER;
static struct conn *queue;
static int closing;
#ifdef LEAK
static char *peek;
static long peeked;
#endif

static void enqueue (struct conn *c)
{
  pthread_mutex_lock (&qlock);
  c->next = queue;
  queue = c;
  pthread_cond_signal (&qcond);
  pthread_mutex_unlock (&qlock);
}

static struct conn *dequeue (void)
{
  pthread_mutex_lock (&qlock);
  while (!queue && !closing)
    pthread_cond_wait (&qcond, &qlock);
  struct conn *c = queue;
  if (c)
    queue = c->next;
  pthread_mutex_unlock (&qlock);
  return c;
}

static void *worker (void *arg)
{
  long sum = 0;
  struct conn *c;
  while ((c = dequeue ()) != NULL)
    {
      for (int i = 0; i < c->rsize && c->rbuf[i]; i++)
        sum += c->rbuf[i];
#ifndef LEAK
      free (c->rbuf);
#endif
      free (c);
    }
  *(long *) arg = sum;
  return NULL;
}

#ifdef LEAK
static void *monitor (void *arg)
{
  (void) arg;
  for (int n = 0; n < 1000; n++)
    {
      char *p = peek;
      if (p)
        peeked += p[0] + p[1];
    }
  return NULL;
}
#endif

static struct conn *conn_new (int id)
{
  struct conn *c = malloc (sizeof *c);
  if (!c)
    return NULL;
  c->id = id;
  c->rsize = 64;
#ifdef AFTER
  enqueue (c);
#endif
  c->rbuf = malloc (c->rsize);
  if (!c->rbuf)
    {
      free (c);
      return NULL;
    }
#ifdef LEAK
  peek = c->rbuf;
#endif
#ifdef LATE
  enqueue (c);
#endif
#ifdef BYTES
  for (int i = 0; i < c->rsize - 1; i++)
    c->rbuf[i] = (char) ('a' + (id + i) % 26);
  c->rbuf[c->rsize - 1] = 0;
#else
  snprintf (c->rbuf, c->rsize, "connection %d", id);
#endif
  return c;
}

int main (void)
{
  pthread_t t;
  long sum = 0;
  pthread_create (&t, NULL, worker, &sum);
#ifdef LEAK
  pthread_t m;
  pthread_create (&m, NULL, monitor, NULL);
#endif
  for (int i = 0; i < 100; i++)
    {
      struct conn *c = conn_new (i);
#if !defined LATE && !defined AFTER
      if (c)
        enqueue (c);
#endif
    }
  pthread_mutex_lock (&qlock);
  closing = 1;
  pthread_cond_broadcast (&qcond);
  pthread_mutex_unlock (&qlock);
  pthread_join (t, NULL);
#ifdef LEAK
  pthread_join (m, NULL);
#endif
  printf ("%ld\n", sum);
  return 0;
}
