/* private_wrappers.c — fresh memory the way utilities get and use it: an
 * allocation wrapper (`xalloc (NULL, n)`: realloc, a test for failure,
 * the pointer returned), a header built through a va_list and a cursor
 * (`*next++ = v` in a loop), the buffer written out by a helper whose
 * loop advances a copy of the pointer (`writen`), then freed.  Each
 * thread does store buffering on its own such buffer: never published,
 * so no fence (the minimum).  -DPUBLISH: P0 stores its buffer into a
 * global that P1 works on (store buffering through it: one fence per
 * thread).  -DKEEP: the wrapper also keeps the pointer in a global, which
 * P1 reads (the memory is not fresh: one fence per thread).
 * -DREUSE: P0 grows a buffer the program keeps in a global
 * (`xalloc (gbuf, n)`: not fresh, P1 reads gbuf: one fence per thread). */
#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <unistd.h>

int r0, r1;
unsigned char *gbuf, *lastalloc;

static void *xalloc (void *ptr, size_t size)
{
  ptr = realloc (ptr, size);
  if (ptr == NULL)
    abort ();
#ifdef KEEP
  lastalloc = ptr;
#endif
  return ptr;
}

static size_t writen (int fd, const void *buf, size_t len)
{
  const unsigned char *next = buf;
  size_t left = len;
  while (left)
    {
      ssize_t ret = write (fd, next, left);
      if (ret < 1)
        abort ();
      next += ret;
      left -= (size_t) ret;
    }
  return len;
}

/* put (buf, n1, v1, n2, v2, ..., 0): n bytes of each value, little endian */
static unsigned char *put (unsigned char *next, ...)
{
  va_list ap;
  int n;
  va_start (ap, next);
  while ((n = va_arg (ap, int)) != 0)
    {
      long val = va_arg (ap, long);
      do
        {
          *next++ = (unsigned char) val;
          val >>= 8;
        }
      while (--n);
    }
  va_end (ap);
  return next;
}

static unsigned char *get_buffer (void)
{
#ifdef REUSE
  return xalloc (gbuf, 16);
#else
  return xalloc (NULL, 16);
#endif
}

void *P0 (void *arg)
{
  unsigned char *h = get_buffer ();
#ifdef PUBLISH
  gbuf = h;
#endif
  unsigned char *end = put (h + 2, 4, 0x04034b50L, 2, 45L, 0);
  h[0] = 1;
  r0 = h[1];
  writen (1, h, (size_t) (end - h));
#ifndef PUBLISH
  free (h);
#endif
  return arg;
}

void *P1 (void *arg)
{
  unsigned char *h = xalloc (NULL, 16);
#if defined PUBLISH || defined REUSE
  free (h);
  h = gbuf;
#elif defined KEEP
  free (h);
  h = lastalloc;
#endif
  if (!h)
    return arg;
  put (h + 2, 2, 8L, 0);
  h[1] = 1;
  r1 = h[0];
#if !defined PUBLISH && !defined REUSE && !defined KEEP
  free (h);
#endif
  return arg;
}

int main (void)
{
  pthread_t a, b;
  pthread_create (&a, 0, P0, 0);
  pthread_create (&b, 0, P1, 0);
  pthread_join (a, 0);
  pthread_join (b, 0);
  return r0 + r1;
}
