/* lock_library.c — lock_library.h's functions as a unit of their own, for
 * locks_slots.c -DLOCK_LIBRARY_EXTERN built with -flto (slot_locks.sh).
 * Example: gcc -flto -c lock_library.c locks_slots.c -DLOCK_LIBRARY_EXTERN */
#define LOCK_LIBRARY_EXPORT
#include "lock_library.h"
