/* libc_sb.c — store buffering's p0 side without its store: p0 sets up a
 * setjmp receiver (GCC's abnormal dispatcher is control flow, no call),
 * calls C library and zlib functions that touch only what their
 * arguments point to (a local buffer, a path, a local time, a va_list,
 * strings asprintf and strdup make, a local array qsort sorts;
 * localtime's result is its own object) or nothing of
 * the program, then reads y.  Known so (libfns.cc), the calls store
 * nothing p1 reads (p1 reads x through a pointer, which could be any int
 * whose address escapes, p0's locals included): no fence anywhere.  Variants with a full fence in
 * each thread: UNKNOWN, p0 also calls a function of another unit, which
 * may store x; STORE, p0 stores x first; SSCANF, sscanf stores x; STRTOK, p0 calls strtok_r
 * (NULL, ...), which goes on writing an earlier call's string, a state
 * another unit may have set; STRTOK_GLOBAL, the words cut from a global
 * line.
 * unknown_calls.sh */
#define _GNU_SOURCE
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/resource.h>

extern unsigned long crc32 (unsigned long, const unsigned char *, unsigned);
extern unsigned long adler32 (unsigned long, const unsigned char *, unsigned);
extern void set_x (void);
int x, y, r0, r1;
int *q = &x;   /* p1 reads x through a pointer: it may be any escaped int */
long sink;
char *tok_state;
char gline[32];

static int
by_value (const void *a, const void *b)
{
  return *(const int *) a - *(const int *) b;
}

/* a va_list filled by va_start and read by vsnprintf: never shared */
static int
say (char *buf, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  int n = vsnprintf (buf, 16, fmt, ap);
  va_end (ap);
  return n;
}

static void *
p0 (void *a)
{
  unsigned char buf[16] = { 1, 2, 3 };
  time_t t = 0;
  struct rlimit rl;
  jmp_buf jb;
  if (setjmp (jb))
    return 0;
  long s = (long) crc32 (0, buf, sizeof buf) + (long) adler32 (1, buf, 4);
  s += lseek (0, 0, SEEK_CUR) + isatty (1) + sysconf (_SC_NPROCESSORS_ONLN);
  s += unlink ("/nonexistent/wmm") + getrlimit (RLIMIT_NOFILE, &rl);
  s += ctime (&t) != 0;
  struct tm *tm = localtime (&t);
  s += tm ? tm->tm_year : 0;
  s += say ((char *) buf, "%d", 1);
  int fd = open ("/nonexistent/wmm", O_RDONLY);
  s += fd;
  /* a null end pointer (nothing stored), a thread's name, pages given
     back (a write of the local range), the process group */
  s += (long) strtod ("1.5", NULL);
  s += pthread_setname_np (pthread_self (), "p0");
  s += madvise (buf, sizeof buf, MADV_NORMAL) + getpgrp ();
  /* sscanf writes what its arguments point to: a local here */
  int n = 0;
  s += sscanf ("12", "%d", &n) + n;
  /* fresh strings (asprintf's pointer stored in a local, strdup's copy of
     a local buffer), a local array sorted by a comparator that only
     reads its elements */
  char *msg, *dup = strdup ((char *) buf);
  if (asprintf (&msg, "%ld", s) >= 0)
    free (msg);
  s += dup != 0;
  free (dup);
  int v[3] = { 3, 1, 2 };
  qsort (v, 3, sizeof v[0], by_value);
  s += v[0];
  /* a line of its own cut into words by strtok_r (its state a local only
     strtok_r names: the calls that go on cut that line) */
  char line[32] = "a b c", *save;
#ifdef STRTOK_GLOBAL
  char *text = gline;   /* (a global line: any data for the calls) */
#else
  char *text = line;
#endif
  for (char *w = strtok_r (text, " ", &save); w; w = strtok_r (NULL, " ", &save))
    s += *w;
#ifdef UNKNOWN
  set_x ();
#endif
#ifdef SSCANF
  /* (sscanf storing into x) */
  sscanf ("1", "%d", &x);
#endif
#ifdef STRTOK
  /* (strtok_r (NULL, ...) writes the string of an earlier call, whose
     state another unit may have left in tok_state: it may be x for all
     the unit knows) */
  strtok_r (NULL, " ", &tok_state);
#endif
#ifdef STORE
  x = 1;
#endif
  sink = s;
  r0 = y;
  return a;
}

static void *
p1 (void *a)
{
  y = 1;
  r1 = *q;
  return a;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, 0, p0, 0);
  pthread_create (&b, 0, p1, 0);
  pthread_join (a, 0);
  pthread_join (b, 0);
  return r0 + r1;
}
