/* threads_library.c — a unit without main that starts a thread of its own
 * (a service, started and stopped by other units) and exports
 * set_and_read(), which the program's threads call: store buffering
 * between the service and set_and_read.  Every exported function is a
 * thread entry with several instances (the library default), so both
 * sides are fenced. */
#include <pthread.h>

int x, y, r0, r1;
static pthread_t svc;

static void *service (void *a) { y = 1; r1 = x; return a; }

void start_service (void) { pthread_create (&svc, 0, service, 0); }
void stop_service (void) { pthread_join (svc, 0); }
void set_and_read (void) { x = 1; r0 = y; }
