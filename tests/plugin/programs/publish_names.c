/* publish_names.c — a list of named entries under a mutex: the producer
 * names each fresh entry (snprintf into its char array member) and links
 * it in under the lock; the consumer walks the list under the lock,
 * finds an entry by strcmp on its name and copies the name out with
 * snprintf ("%s").  A string function reads a char array member only up
 * to its null character, inside the array: not the entry's link, so the
 * list's links stay slots and the fields written before the link are
 * private (no fence, publish.sh).
 * -DUNLOCKED: the consumer walks the list without the lock: message
 * passing between an entry's fields and its link keeps its fences.
 * -DBYTES: the consumer copies the whole entry out with memcpy (its link
 * too: a read that is no string read) and prints the copy's name:
 * fenced. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct entry { struct entry *next; int id; char name[16]; };
static struct entry *entries;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static char found[16];
static int found_id;

void *producer (void *arg)
{
  (void) arg;
  for (int i = 0; i < 64; i++)
    {
      struct entry *e = malloc (sizeof *e);
      if (!e)
        abort ();
      e->id = i;
      snprintf (e->name, sizeof e->name, "entry%d", i);
      pthread_mutex_lock (&lock);
      e->next = entries;
      entries = e;
      pthread_mutex_unlock (&lock);
    }
  return 0;
}

void *consumer (void *arg)
{
  (void) arg;
  char out[16];
  for (int k = 0; k < 64; k++)
    {
#ifndef UNLOCKED
      pthread_mutex_lock (&lock);
#endif
      for (struct entry *e = entries; e; e = e->next)
        if (strcmp (e->name, "entry7") == 0)
          {
#ifdef BYTES
            struct entry copy;
            memcpy (&copy, e, sizeof copy);
            snprintf (out, sizeof out, "%s", copy.name);
#else
            snprintf (out, sizeof out, "%s", e->name);
#endif
            found_id = e->id;
            break;
          }
#ifndef UNLOCKED
      pthread_mutex_unlock (&lock);
#endif
    }
  memcpy (found, out, sizeof found);
  return 0;
}

int main (void)
{
  pthread_t a, b;
  pthread_create (&a, 0, producer, 0);
  pthread_create (&b, 0, consumer, 0);
  pthread_join (a, 0);
  pthread_join (b, 0);
  printf ("%d %.15s\n", found_id, found);
  return 0;
}
