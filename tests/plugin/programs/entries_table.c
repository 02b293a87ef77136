/* entries_table.c — message passing where the consumer's address is only
 * stored in an initialised table of callbacks (a varpool initialiser) that
 * code of another unit runs: consume is a thread entry with several
 * instances, and so is produce (both are static). */
extern void run_callbacks (const void *table);

int data, flag, got;

static void produce (void) { data = 42; flag = 1; }
static void consume (void) { if (flag) got = data; }

struct ops { void (*a) (void); void (*b) (void); };
const struct ops table = { produce, consume };

int main (void)
{
  run_callbacks (&table);
  return got;
}
