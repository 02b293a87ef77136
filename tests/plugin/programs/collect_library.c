/* collect_library.c — a unit without main, thread creation or attributes:
 * with threads=auto its exported functions are thread entries. */
int head, tail;
int slots[8];

void push(int v)
{
  slots[head & 7] = v;
  head = head + 1;
}

int pop(void)
{
  int v = slots[tail & 7];
  tail = tail + 1;
  return v;
}

static int unused_helper(void) { return head; }
int peek(void) { return unused_helper(); }
