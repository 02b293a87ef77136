/* options_prefix.c — main sets its locale, opens the system log, parses
 * its options with getopt_long and the suboptions of -o with getsubopt
 * (memcached's style) before it starts the worker: `verbose` and `port`
 * are written while no other thread runs, so the option loop races with
 * nothing and gets no fence: none of those functions starts a thread
 * (the unit gives a function's address away, exit_hook, so a library
 * call that might start threads would end main's part that runs alone).
 * -DLATE parses them after the worker started: main's write of `verbose`
 * then read of `port` against the worker's write of `port` then read of
 * `verbose` is store buffering.
 */
#include <getopt.h>
#include <locale.h>
#include <pthread.h>
#include <stdlib.h>
#include <syslog.h>

int verbose, port, seen;

static void report (void)
{
  seen = -1;
}

/* (a hook other code may call: the unit gives a function's address
   away, so a library function that might start threads could run it in
   one) */
void (*exit_hook) (void) = report;

static void *worker (void *arg)
{
  (void) arg;
  port = 80;
  seen = verbose;
  return 0;
}

static void parse (int argc, char **argv)
{
  static const struct option longs[] = {
    { "verbose", no_argument, 0, 'v' },
    { "port", required_argument, 0, 'p' },
    { "opts", required_argument, 0, 'o' },
    { 0, 0, 0, 0 }
  };
  char *const keys[] = { "verbose", "port", 0 };
  char *sub, *value;
  int c;
  while ((c = getopt_long (argc, argv, "vp:o:", longs, 0)) != -1)
    switch (c)
      {
      case 'v':
        verbose = 1;
        break;
      case 'p':
        if (!port)
          port = atoi (optarg);
        break;
      case 'o':
        sub = optarg;
        while (*sub)
          switch (getsubopt (&sub, keys, &value))
            {
            case 0:
              verbose = 1;
              break;
            case 1:
              if (value && !port)
                port = atoi (value);
              break;
            default:
              return;
            }
        break;
      }
}

int main (int argc, char **argv)
{
  pthread_t t;
  setlocale (LC_ALL, "");
  openlog ("options_prefix", LOG_PID, LOG_DAEMON);
#ifndef LATE
  parse (argc, argv);
#endif
  if (pthread_create (&t, 0, worker, 0))
    return 1;
#ifdef LATE
  parse (argc, argv);
#endif
  pthread_join (t, 0);
  return seen + port;
}
