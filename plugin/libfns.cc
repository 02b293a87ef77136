/* libfns.cc — what the plugin knows of library functions, by name: which
 * synchronise (full fences: locks, condition variables, create/join),
 * which touch no memory another thread uses (I/O, allocation, exit), and
 * which never start a thread nor keep a function pointer they are given
 * for a later or concurrent call.
 *
 * collect.cc asks the first two (wmm_lib_is_sync, wmm_lib_is_private);
 * entries.cc asks the third two ways (docs/plugin.md, "Thread entries
 * and instances"):
 *   - may a unit function whose address is passed to this external callee
 *     run as a thread?  Not when the callee is listed here (qsort calls its
 *     comparator in the caller's thread, before it returns);
 *   - may this call start threads that run escaped unit functions?  Not
 *     when the callee is listed here.
 * Example: qsort (a, n, sizeof *a, cmp) -> cmp is no thread entry;
 *   launch (worker, 0) with an unknown launch -> worker is one.
 * Anything not listed (or not a builtin, const or pure) may start threads:
 * leaving a function out costs precision, never soundness.
 */
#include "plugin.h"

/* Functions that touch no memory another thread of the program reads or
 * writes (I/O, allocation, process exit, time); none starts a thread. */
static const char *const private_names[] = {
  "printf", "fprintf", "sprintf", "snprintf", "vprintf", "vfprintf",
  "vsprintf", "vsnprintf", "puts", "fputs", "putchar", "fputc", "putc",
  "fflush", "perror", "fwrite", "malloc", "calloc", "realloc", "free",
  "aligned_alloc", "posix_memalign", "exit", "_exit", "_Exit", "abort",
  "__assert_fail", "__assert_perror_fail", "__assert", "atoi", "atol",
  "strtol", "strtoul", "strtoll", "strtoull", "strtod", "strtof", "strtold",
  "atof", "rand", "srand", "time",
  "clock", "usleep", "sleep", "nanosleep", "sched_yield", "pthread_self",
  "pthread_exit", "pthread_attr_init", "pthread_attr_destroy",
  "pthread_mutex_init", "pthread_mutex_destroy", "pthread_cond_init",
  "pthread_cond_destroy", "pthread_spin_init", "pthread_spin_destroy",
  "pthread_barrier_init", "pthread_barrier_destroy", "pthread_detach",
  "sem_init", "sem_destroy", "mtx_init", "mtx_destroy", "cnd_init",
  "cnd_destroy", "thrd_yield", "thrd_sleep", "thrd_current", "thrd_exit",
  "omp_init_lock", "omp_destroy_lock", "omp_init_nest_lock",
  "omp_destroy_nest_lock",
  "clock_gettime", "gettimeofday", "getpid", "__stack_chk_fail",
  /* System V shared memory: the kernel's segments, mapped or unmapped */
  "shmget", "shmat", "shmdt",
  "__cxa_atexit", "__aeabi_atexit", "atexit", "close", "strerror", "fclose",
  /* a thread_local object's destructor registered with the thread's own
     list (entries.cc makes the destructor an entry) */
  "__cxa_thread_atexit", "__cxa_thread_atexit_impl",
  /* a spin-wait hint (x86's pause) */
  "ia32_pause",
  /* C++ exceptions: thrown and caught objects of the run time's own */
  "__cxa_allocate_exception", "__cxa_free_exception", "__cxa_throw",
  "__cxa_begin_catch", "__cxa_end_catch", "__cxa_rethrow",
  "__cxa_call_unexpected",
  /* the calling thread's own slot of a key (private.cc: what they hold) */
  "pthread_getspecific", "pthread_setspecific", "tss_get", "tss_set",
  /* descriptors, processes and the C library's own objects (a FILE, a
     DIR, a signal disposition); errno is the thread's own */
  "lseek", "lseek64", "isatty", "fsync", "fdatasync", "sysconf", "umask",
  "getuid", "geteuid", "getgid", "getegid", "getppid", "readdir",
  "readdir64", "closedir", "rewinddir", "getc", "fgetc", "getchar",
  "ungetc", "feof", "ferror", "clearerr", "fileno", "signal",
  /* mathematics (errno at most) */
  "sqrt", "sqrtf", "exp", "expf", "exp2", "log", "logf", "log2", "log10",
  "pow", "powf", "floor", "ceil", "round", "trunc", "fabs", "fmod", "sin",
  "cos", "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh",
  "lround", "llround", "lrint", "rint", "nearbyint", "hypot", "cbrt",
  /* zlib: version, tables and sizes, combinations of check values */
  "zlibVersion", "zError", "get_crc_table", "compressBound",
  "crc32_combine", "crc32_combine64", "crc32_combine_gen",
  "crc32_combine_gen64", "crc32_combine_op", "adler32_combine",
  "adler32_combine64",
};

/* Functions that synchronise: full fences.  All but the two creates never
 * start a thread. */
static const char *const sync_names[] = {
  "pthread_mutex_lock", "pthread_mutex_unlock", "pthread_mutex_trylock",
  "pthread_mutex_timedlock", "pthread_spin_lock", "pthread_spin_unlock",
  "pthread_spin_trylock", "pthread_rwlock_rdlock", "pthread_rwlock_wrlock",
  "pthread_rwlock_unlock", "pthread_rwlock_tryrdlock",
  "pthread_rwlock_trywrlock", "pthread_cond_wait", "pthread_cond_timedwait",
  "pthread_cond_clockwait",
  "pthread_cond_signal", "pthread_cond_broadcast", "pthread_barrier_wait",
  "pthread_create", "pthread_join", "pthread_once", "sem_wait", "sem_post",
  "sem_trywait", "sem_timedwait", "mtx_lock", "mtx_unlock", "mtx_trylock",
  "mtx_timedlock", "cnd_wait", "cnd_timedwait", "cnd_signal",
  "cnd_broadcast", "thrd_create", "thrd_join", "call_once",
  /* stdio's FILE locks */
  "flockfile", "funlockfile", "ftrylockfile",
  /* OpenMP's lock routines (omp_lock_t, omp_nest_lock_t: locks.cc) */
  "omp_set_lock", "omp_unset_lock", "omp_test_lock", "omp_set_nest_lock",
  "omp_unset_nest_lock", "omp_test_nest_lock",
  /* OpenMP's critical sections and the atomics libgomp runs under its
     lock: a mutex locked and unlocked (locks.cc) */
  "GOMP_critical_start", "GOMP_critical_end", "GOMP_critical_name_start",
  "GOMP_critical_name_end", "GOMP_atomic_start", "GOMP_atomic_end",
  /* OpenMP's task scheduling points (creating a task, taskwait, taskyield,
     the end of a taskgroup) and ordered regions imply a flush (the
     OpenMP memory model); the tasks' functions are threads of their own
     (entries.cc) */
  "GOMP_task", "GOMP_taskwait", "GOMP_taskgroup_end", "GOMP_taskyield",
  "GOMP_ordered_start", "GOMP_ordered_end",
  /* OpenMP's team barriers (`#pragma omp barrier`, the end of a
     worksharing construct without nowait) imply a flush, as
     pthread_barrier_wait is a fence (barriers.cc counts their rounds) */
  "GOMP_barrier", "GOMP_loop_end", "GOMP_sections_end",
  /* a child process's exit, seen by its parent's wait, as a thread's by
     its join (processes.cc) */
  "wait", "waitpid", "waitid", "wait3", "wait4",
};

/* Further C and POSIX functions that never start a thread. */
static const char *const nostart_names[] = {
  /* stdio */
  "dprintf", "vdprintf", "asprintf", "vasprintf", "fread", "fopen", "fdopen",
  "freopen", "fgets", "scanf", "fscanf", "sscanf", "vscanf", "vfscanf",
  "vsscanf", "__isoc99_scanf", "__isoc99_fscanf", "__isoc99_sscanf",
  "__isoc99_vsscanf", "fseek", "ftell", "rewind", "setvbuf", "setbuf",
  /* files and descriptors (getc, lseek & co: private_names) */
  "open", "read", "write", "pread", "pwrite", "stat",
  "fstat", "lstat", "unlink", "remove", "rename", "mkdir", "rmdir", "access",
  "getcwd", "chdir", "dup", "dup2", "pipe", "poll", "select", "mmap",
  "munmap", "mprotect",
  /* memory and strings */
  "memalign", "valloc", "reallocarray", "strdup", "strndup", "memcpy",
  "memmove", "memset", "memcmp", "memchr", "strcpy", "strncpy", "strcat",
  "strncat", "strcmp", "strncmp", "strlen", "strnlen", "strchr", "strrchr",
  "strstr", "strspn", "strcspn", "strpbrk", "strtok", "strtok_r",
  "strerror_r", "strcoll", "strxfrm", "bzero", "bcopy",
  /* stdlib: the callbacks of qsort & co run in the caller, before return */
  "atoll", "atof", "strtod", "strtof", "strtold", "abs", "labs", "llabs",
  "div", "rand_r", "random", "srandom", "drand48", "getenv", "setenv",
  "unsetenv", "qsort", "qsort_r", "bsearch", "lfind", "lsearch",
  "quick_exit", "system", "inflateBack",
  /* setjmp and longjmp touch only the jmp_buf */
  "setjmp", "_setjmp", "__sigsetjmp", "sigsetjmp", "longjmp", "_longjmp",
  "siglongjmp", "__longjmp_chk",
  /* glibc's pthread_cleanup_push / pop: the caller's cancel buffer (its
     routine is called by the macro itself, in the caller's thread) */
  "__sigsetjmp_cancel", "__pthread_register_cancel",
  "__pthread_unregister_cancel", "__pthread_register_cancel_defer",
  "__pthread_unregister_cancel_restore", "__pthread_unwind_next",
  /* handlers run in the thread that exits or takes the signal (docs;
     signal: private_names) */
  "at_quick_exit", "on_exit", "raise", "kill", "sigemptyset",
  "sigfillset", "sigaddset", "sigprocmask",
  /* time and process */
  "localtime", "localtime_r", "gmtime", "gmtime_r", "mktime", "strftime",
  "difftime",
  /* run-time checks */
  "__errno_location",
  /* files, directories, times, addresses, zlib check values */
  "open64", "chmod", "chown", "lchown", "utimes", "utime", "opendir",
  "ctime", "ctime_r", "inet_ntop", "inet_pton", "getrlimit", "setrlimit",
  "crc32", "crc32_z", "adler32", "adler32_z",
  /* pages, processes */
  "madvise", "fork", "setsid", "getpgrp", "setpgid",
  /* options, locale, logging, daemons (daemon (): its parent leaves at
     once), process settings */
  "getopt", "getopt_long", "getopt_long_only", "getsubopt", "setlocale",
  "tzset", "openlog", "syslog", "closelog", "daemon", "prctl", "chroot",
  "gethostname", "nice", "setpriority", "realpath", "basename", "dirname",
  /* descriptors and signals that start nothing */
  "pipe2", "epoll_create", "epoll_create1", "epoll_ctl", "epoll_wait",
  "signalfd", "timerfd_create", "inotify_init", "sigwait", "sigsetmask",
  /* thread-specific data: a key destructor runs in the exiting thread */
  "pthread_key_create", "tss_create",
  /* sockets, descriptors, users and ids (arg_touch_fns) */
  "socket", "socketpair", "listen", "bind", "connect", "accept",
  "accept4", "getpeername", "getsockname", "getsockopt", "setsockopt",
  "shutdown", "recvfrom", "sendto", "eventfd", "ftruncate", "ftruncate64",
  "fcntl", "fcntl64",
  "setgid", "setuid", "setgroups", "mlockall", "getpwnam",
  "getaddrinfo", "freeaddrinfo", "gai_strerror",
  /* CPU affinity */
  "sched_setaffinity", "sched_getaffinity", "pthread_setaffinity_np",
  "pthread_getaffinity_np", "sched_getcpu", "get_nprocs", "get_nprocs_conf",
  /* threads: everything but the functions that start them */
  "pthread_equal", "pthread_getspecific", "pthread_setspecific",
  "pthread_key_delete", "pthread_setname_np", "pthread_getname_np",
  "pthread_yield", "pthread_setcancelstate", "pthread_cancel",
  "pthread_testcancel", "pthread_kill", "thrd_detach", "thrd_equal",
  "tss_get", "tss_set",
  /* libevent: adding, removing, testing and activating an event call no
     callback (only the loop, event_base_loop / event_base_dispatch, runs
     them; event_set / event_assign keep theirs for it: not listed) */
  "event_add", "event_del", "event_pending", "event_base_set",
  "event_active", "event_base_loopexit", "event_base_got_exit",
  "event_get_version", "event_base_new", "event_init",
  "event_config_new", "event_config_free", "event_config_set_flag",
  "event_base_new_with_config",
};

/* Library functions that call the function pointers they are given in the
 * caller's thread, any number of times, before they return, and keep
 * none (the comparator of qsort, zlib's inflateBack input and output). */
static const char *const callback_runners[] = {
  "qsort", "qsort_r", "bsearch", "lfind", "lsearch", "inflateBack",
};

/* Families by prefix (source names). */
static const char *const c_prefixes[] = {
  "pthread_mutex", "pthread_cond", "pthread_rwlock", "pthread_spin",
  "pthread_barrier", "pthread_attr", "sem_", "mtx_", "cnd_", "omp_",
  "__cxa_",   /* C++ run time: guards, exceptions, atexit */
  "__VERIFIER_",  /* a verifier's intrinsics (SV-COMP: nondet values,
                     atomic sections, assume; check.cc models them) */
};

/* C++ library functions, by assembler-name prefix. */
static const char *const cxx_prefixes[] = {
  "_Znw", "_Zna", "_Zdl", "_Zda",        /* operator new / delete */
  "_ZNSo", "_ZNSi", "_ZNSt8ios_base",     /* ostream, istream, ios_base */
  "_ZStls", "_ZStrs", "_ZSt16__ostream_insert",
  "_ZNSt7__cxx1112basic_string", "_ZNKSt7__cxx1112basic_string",
  "_ZNSt6thread4joinEv", "_ZNSt6thread6detachEv",
  "_ZNSt6thread20hardware_concurrencyEv", "_ZSt9terminatev",
  "_ZNSt18condition_variable",
  /* the containers' out-of-line helpers (they rebalance, relink or size
     the container's own nodes and buckets; no callback) */
  "_ZNKSt8__detail20_Prime_rehash_policy", "_ZSt18_Rb_tree_increment",
  "_ZSt18_Rb_tree_decrement", "_ZSt29_Rb_tree_insert_and_rebalance",
  "_ZSt28_Rb_tree_rebalance_for_erase", "_ZNSt8__detail15_List_node_base",
  "_ZSt11_Hash_bytes", "_ZSt15_Fnv_hash_bytes",
  /* the thread state's destructor, the library's throws, clocks, the
     calling thread's sleep and yield */
  "_ZNSt6thread6_StateD", "_ZSt17__throw_", "_ZSt18__throw_",
  "_ZSt19__throw_", "_ZSt20__throw_", "_ZSt21__throw_", "_ZSt24__throw_",
  "_ZSt28__throw_", "_ZNSt6chrono3_V212system_clock3nowEv",
  "_ZNSt6chrono3_V212steady_clock3nowEv", "_ZNSt11this_thread11__sleep_for",
};

/* C++ library functions that synchronise like pthread_join / create, by
 * assembler-name prefix: std::thread::join and the library function the
 * std::thread constructor starts the thread with. */
static const char *const cxx_sync_prefixes[] = {
  "_ZNSt6thread4joinEv", "_ZNSt6thread15_M_start_thread",
};

/* C++ library functions that touch no memory another thread uses, by
 * assembler-name prefix: a condition variable's constructor and
 * destructor, terminate, the iterators of a std::vector<std::thread> (they
 * hold a pointer into it), its destructor and base (its own storage; a
 * thread still joinable there terminates the program). */
static const char *const cxx_private_names[] = {
  "_ZN9__gnu_cxx17__normal_iteratorIPSt6thread",
  "_ZNK9__gnu_cxx17__normal_iteratorIPSt6thread",
  "_ZNSt6vectorISt6threadSaIS0_EED", "_ZNSt12_Vector_baseISt6threadSaIS0_EE",
  "_ZNSt18condition_variableC1Ev", "_ZNSt18condition_variableC2Ev",
  "_ZNSt18condition_variableD1Ev", "_ZNSt18condition_variableD2Ev",
  "_ZSt9terminatev", "_ZSt20__throw_system_errori",
};

/* Library functions that read or write through pointer arguments but
 * keep no copy of them (nor return one): the arguments of `args` (bit i =
 * argument i; ~0 = all).  A local whose address only reaches these stays
 * private to its thread. */
struct no_capture { const char *name; unsigned args; };
static const no_capture no_capture_fns[] = {
  { "read", 2 }, { "write", 2 }, { "pread", 2 }, { "pwrite", 2 },
  { "pread64", 2 }, { "pwrite64", 2 }, { "recv", 2 }, { "send", 2 },
  { "fread", 1 }, { "fwrite", 1 }, { "fputs", 1 }, { "puts", 1 },
  { "printf", ~0u }, { "fprintf", ~0u }, { "sprintf", ~0u },
  { "snprintf", ~0u }, { "dprintf", ~0u }, { "scanf", ~0u },
  { "fscanf", ~0u }, { "sscanf", ~0u }, { "__isoc99_scanf", ~0u },
  { "__isoc99_fscanf", ~0u }, { "__isoc99_sscanf", ~0u },
  { "__printf_chk", ~0u }, { "__fprintf_chk", ~0u },
  { "__sprintf_chk", ~0u }, { "__snprintf_chk", ~0u },
  { "stat", ~0u }, { "fstat", ~0u }, { "lstat", ~0u }, { "stat64", ~0u },
  { "fstat64", ~0u }, { "lstat64", ~0u }, { "gettimeofday", ~0u },
  { "clock_gettime", ~0u }, { "time", ~0u }, { "getrusage", ~0u },
  { "uname", ~0u }, { "localtime_r", ~0u }, { "gmtime_r", ~0u },
  { "strftime", ~0u }, { "memcmp", ~0u }, { "strcmp", ~0u },
  { "strncmp", ~0u }, { "strlen", ~0u }, { "strnlen", ~0u },
  { "memset", 1 }, { "bzero", 1 }, { "pipe", ~0u }, { "poll", 1 },
  { "select", ~0u }, { "sigemptyset", ~0u }, { "sigfillset", ~0u },
  { "sigaddset", ~0u }, { "sigprocmask", ~0u },
  { "pthread_create", 3 }, { "pthread_join", 2 }, { "thrd_create", 1 },
  { "thrd_join", 2 }, { "pthread_attr_init", ~0u },
  { "pthread_attr_destroy", ~0u }, { "pthread_attr_setstacksize", ~0u },
  { "pthread_attr_setdetachstate", ~0u },
  { "pthread_mutex_init", ~0u }, { "pthread_mutex_destroy", ~0u },
  { "pthread_mutex_lock", ~0u }, { "pthread_mutex_unlock", ~0u },
  { "flockfile", ~0u }, { "funlockfile", ~0u }, { "ftrylockfile", ~0u },
  { "omp_init_lock", ~0u }, { "omp_destroy_lock", ~0u },
  { "omp_set_lock", ~0u }, { "omp_unset_lock", ~0u },
  { "omp_test_lock", ~0u }, { "omp_init_nest_lock", ~0u },
  { "omp_destroy_nest_lock", ~0u }, { "omp_set_nest_lock", ~0u },
  { "omp_unset_nest_lock", ~0u }, { "omp_test_nest_lock", ~0u },
  { "pthread_cond_init", ~0u }, { "pthread_cond_destroy", ~0u },
  { "pthread_cond_wait", ~0u }, { "pthread_cond_signal", ~0u },
  { "pthread_cond_broadcast", ~0u },
  /* freed memory is no longer reachable; sizes and ends written back */
  { "free", 1 }, { "atoi", 1 }, { "atol", 1 }, { "atoll", 1 },
  { "atof", 1 }, { "fgets", 1 }, { "getline", 3 }, { "getdelim", 3 },
  { "strtol", 2 }, { "strtoul", 2 }, { "strtoll", 2 }, { "strtoull", 2 },
  { "strtod", 2 }, { "nanosleep", ~0u }, { "clock_nanosleep", 12 },
  { "rand_r", ~0u },
  { "pthread_sigmask", 6 }, { "sigaction", 6 }, { "getrlimit", 2 },
  { "setrlimit", 2 }, { "getsockopt", 24 }, { "setsockopt", 8 },
  { "accept", 6 }, { "bind", 2 }, { "connect", 2 }, { "recvfrom", 50 },
  { "sendto", 18 }, { "accept4", 6 }, { "getpeername", 6 },
  { "getsockname", 6 }, { "socketpair", 8 }, { "getaddrinfo", 15 },
  { "fcntl", 4 }, { "fcntl64", 4 }, { "rename", 3 }, { "chdir", 1 },
  { "setgroups", 2 }, { "getpwnam", 1 }, { "pthread_mutex_trylock", ~0u },
  { "pthread_attr_setscope", 1 }, { "pthread_attr_getstacksize", ~0u },
  { "pthread_setspecific", 0 }, { "sem_init", 1 }, { "sem_wait", 1 },
  { "sem_post", 1 }, { "sem_destroy", 1 }, { "setjmp", 1 },
  { "_setjmp", 1 }, { "__sigsetjmp", 1 }, { "sigsetjmp", 1 },
  { "longjmp", 1 }, { "_longjmp", 1 }, { "siglongjmp", 1 },
  { "__longjmp_chk", 1 }, { "__sigsetjmp_cancel", 1 },
  { "__pthread_register_cancel", 1 }, { "__pthread_unregister_cancel", 1 },
  { "__pthread_register_cancel_defer", 1 },
  { "__pthread_unregister_cancel_restore", 1 },
  { "__pthread_unwind_next", 1 },
  /* a va_list and the values a format names are read, not kept */
  { "vprintf", ~0u }, { "vfprintf", ~0u }, { "vsprintf", ~0u },
  { "vsnprintf", ~0u }, { "vdprintf", ~0u }, { "__vfprintf_chk", ~0u },
  { "__vprintf_chk", ~0u }, { "__vsprintf_chk", ~0u },
  { "__vsnprintf_chk", ~0u }, { "vscanf", ~0u }, { "vfscanf", ~0u },
  { "vsscanf", ~0u },
  /* zlib's checksums read their buffer */
  { "crc32", 2 }, { "adler32", 2 }, { "crc32_z", 2 }, { "adler32_z", 2 },
  { "pthread_setname_np", 2 }, { "pthread_getname_np", 2 }, { "madvise", 1 },
  /* an affinity mask is read or written, not kept */
  { "sched_setaffinity", 4 }, { "sched_getaffinity", 4 },
  { "pthread_setaffinity_np", 4 }, { "pthread_getaffinity_np", 4 },
  /* a time_t or struct tm read (or normalised: mktime) */
  { "localtime", 1 }, { "gmtime", 1 }, { "ctime", 1 }, { "ctime_r", 3 },
  { "asctime_r", 3 }, { "mktime", 1 }, { "timegm", 1 },
  /* an address converted to text or back (inet_ntop returns its buffer) */
  { "inet_ntop", 6 }, { "inet_pton", 6 },
  /* strings read (strdup's result is a fresh copy, not its argument),
     paths and modes */
  { "strdup", 1 }, { "strndup", 1 }, { "strcasecmp", ~0u },
  { "strncasecmp", ~0u }, { "strspn", ~0u }, { "strcspn", ~0u },
  { "strcoll", ~0u }, { "fopen", 3 }, { "open", 1 }, { "access", 1 },
  { "unlink", 1 }, { "perror", 1 }, { "asprintf", ~0u },
  { "__asprintf_chk", ~0u },
  /* strtok_r's state pointer (its string: memloc.cc strtok_state) */
  { "strtok_r", 4 },
  /* libevent copies the times it is given (the event itself is kept) */
  { "event_add", 2 }, { "event_pending", 4 }, { "event_base_loopexit", 2 },
};

/* Library functions whose only user memory is what their pointer
 * arguments point to: the arguments read (bit i of `reads`) and written;
 * a call is those accesses, not an unknown call's summary.  read (fd, buf,
 * n) writes *buf; fstat (fd, st) writes *st. */
struct arg_touch { const char *name; unsigned reads, writes; };
static const arg_touch arg_touch_fns[] = {
  { "read", 0, 2 }, { "write", 2, 0 }, { "pread", 0, 2 }, { "pwrite", 2, 0 },
  { "pread64", 0, 2 }, { "pwrite64", 2, 0 }, { "recv", 0, 2 },
  { "send", 2, 0 }, { "fstat", 0, 2 }, { "fstat64", 0, 2 },
  { "stat", 1, 2 }, { "lstat", 1, 2 }, { "stat64", 1, 2 },
  { "lstat64", 1, 2 }, { "fopen", 3, 0 }, { "getenv", 1, 0 },
  { "setjmp", 0, 1 }, { "_setjmp", 0, 1 },
  /* libstdc++'s hash of a byte string (std::hash of a std::string) */
  { "_Hash_bytes", 1, 0 }, { "_Fnv_hash_bytes", 1, 0 },
  /* a formatted string into fresh memory: its pointer stored in *arg 0,
     the format and what it names read */
  { "asprintf", ~1u, 1 }, { "__asprintf_chk", ~1u, 1 },
  /* sorting moves the elements of the array given (the comparator runs
     in the caller's thread: collect.cc add_callbacks) */
  { "qsort", 1, 1 }, { "qsort_r", 1, 1 },
  { "__sigsetjmp", 0, 1 }, { "sigsetjmp", 0, 1 }, { "longjmp", 1, 0 },
  { "_longjmp", 1, 0 }, { "siglongjmp", 1, 0 }, { "__longjmp_chk", 1, 0 },
  /* paths and times read, results written */
  { "open", 1, 0 }, { "open64", 1, 0 }, { "unlink", 1, 0 },
  { "chmod", 1, 0 }, { "chown", 1, 0 }, { "lchown", 1, 0 },
  { "utimes", 3, 0 }, { "utime", 3, 0 }, { "opendir", 1, 0 },
  { "ctime", 1, 0 }, { "ctime_r", 1, 2 }, { "localtime", 1, 0 },
  { "gmtime", 1, 0 }, { "mktime", 1, 1 }, { "strdup", 1, 0 },
  { "strndup", 1, 0 }, { "inet_ntop", 2, 4 }, { "inet_pton", 2, 4 },
  { "getrlimit", 0, 2 }, { "setrlimit", 2, 0 }, { "strtok_r", 7, 5 },
  { "fgets", 0, 1 }, { "pthread_key_create", 0, 1 },
  { "pthread_attr_setdetachstate", 1, 1 },
  { "pthread_attr_setstacksize", 1, 1 },
  { "pthread_attr_getstacksize", 1, 2 },
  /* descriptors polled and selected, a pipe's ends, the working
     directory, an error's text, a seed, a collation key (their buffers);
     mappings (their pages hold no data of the program yet, or any more) */
  { "poll", 1, 1 }, { "select", 30, 14 }, { "pipe", 0, 1 },
  /* sscanf reads its string and format and writes what its other
     arguments point to */
  { "sscanf", 3, ~3u }, { "__isoc99_sscanf", 3, ~3u },
  { "getcwd", 0, 1 }, { "strerror_r", 0, 2 }, { "rand_r", 1, 1 },
  { "strxfrm", 2, 1 }, { "mmap", 0, 0 }, { "munmap", 0, 0 },
  { "mprotect", 0, 0 },
  /* a thread's name read or written; pages given back (MADV_DONTNEED
     reads back zeros: a write of the range); processes (fork copies the
     process: nothing of this one is touched) */
  { "pthread_setname_np", 2, 0 }, { "pthread_getname_np", 0, 2 },
  { "madvise", 0, 1 }, { "fork", 0, 0 }, { "setsid", 0, 0 },
  { "getpgrp", 0, 0 }, { "setpgid", 0, 0 },
  /* CPU affinity: the mask read or written */
  { "sched_setaffinity", 4, 0 }, { "sched_getaffinity", 0, 4 },
  { "pthread_setaffinity_np", 4, 0 }, { "pthread_getaffinity_np", 0, 4 },
  { "sched_getcpu", 0, 0 }, { "get_nprocs", 0, 0 },
  { "get_nprocs_conf", 0, 0 },
  /* sockets: an address read (bind, connect, sendto) or written with its
     length (accept, getpeername), an option's value, a datagram's
     buffer; descriptors, files and the process's ids, whose state is the
     kernel's (fcntl's third argument: the lock of F_SETLK read, F_GETLK's
     written) */
  { "socket", 0, 0 }, { "socketpair", 0, 8 }, { "listen", 0, 0 },
  { "bind", 2, 0 }, { "connect", 2, 0 }, { "accept", 4, 6 },
  { "accept4", 4, 6 }, { "getpeername", 4, 6 }, { "getsockname", 4, 6 },
  { "getsockopt", 16, 24 }, { "setsockopt", 8, 0 }, { "shutdown", 0, 0 },
  { "recvfrom", 32, 50 }, { "sendto", 18, 0 }, { "eventfd", 0, 0 },
  { "ftruncate", 0, 0 }, { "ftruncate64", 0, 0 }, { "fcntl", 4, 4 },
  { "fcntl64", 4, 4 }, { "dup", 0, 0 }, { "dup2", 0, 0 },
  { "rename", 3, 0 }, { "access", 1, 0 }, { "chdir", 1, 0 },
  { "kill", 0, 0 }, { "setgid", 0, 0 }, { "setuid", 0, 0 },
  { "setgroups", 2, 0 }, { "mlockall", 0, 0 },
  /* a user's entry, an address's list (the library's own memory, its
     pointer stored in *arg 3) and an error's text */
  { "getpwnam", 1, 0 }, { "getaddrinfo", 7, 8 }, { "freeaddrinfo", 0, 0 },
  { "gai_strerror", 0, 0 },
  /* zlib check values: the buffer read */
  { "crc32", 2, 0 }, { "crc32_z", 2, 0 }, { "adler32", 2, 0 },
  { "adler32_z", 2, 0 },
  { "__sigsetjmp_cancel", 0, 1 }, { "__pthread_register_cancel", 1, 1 },
  { "__pthread_unregister_cancel", 1, 1 },
  { "__pthread_register_cancel_defer", 1, 1 },
  { "__pthread_unregister_cancel_restore", 1, 1 },
  { "__pthread_unwind_next", 1, 0 },
  /* libevent: the event given (its queue links into other events and its
     base are libevent's own memory, which the program's code does not
     touch); a time read, or written by event_pending */
  { "event_add", 3, 1 }, { "event_del", 1, 1 }, { "event_pending", 1, 4 },
  { "event_base_set", 2, 2 }, { "event_active", 1, 1 },
  { "event_base_loopexit", 2, 0 }, { "event_base_got_exit", 0, 0 },
  { "event_get_version", 0, 0 },
  /* an event set up (event_set, event_assign: its callback and argument
     kept for the loop, which calls them later; no callback runs here,
     so they are not in nostart_names but their calls are no unknown
     code either), made or freed */
  { "event_set", 0, 1 }, { "event_assign", 0, 1 }, { "event_new", 0, 0 },
  { "event_free", 0, 1 },
  /* a base or a configuration made, changed or freed: libevent's own */
  { "event_base_new", 0, 0 }, { "event_init", 0, 0 },
  { "event_config_new", 0, 0 }, { "event_config_free", 0, 0 },
  { "event_config_set_flag", 0, 0 }, { "event_base_new_with_config", 0, 0 },
};

/* What the functions of private_names do with the memory their pointer
 * arguments reach, where that is not "read every data pointer" (their
 * own state is no data of the program, but a string printed or parsed,
 * a buffer formatted or a time stored is): bits of the arguments read and
 * written. */
static const arg_touch private_touch_fns[] = {
  /* allocation, process exit, the thread library's own objects */
  { "malloc", 0, 0 }, { "calloc", 0, 0 }, { "free", 0, 0 },
  /* (realloc ends the old object's life as free does: its copy is the
     object's own, not a read another thread's write can race with) */
  { "realloc", 0, 0 }, { "reallocarray", 0, 0 }, { "aligned_alloc", 0, 0 },
  { "posix_memalign", 0, 1 }, { "memalign", 0, 0 }, { "valloc", 0, 0 },
  { "exit", 0, 0 }, { "_exit", 0, 0 }, { "_Exit", 0, 0 }, { "abort", 0, 0 },
  { "quick_exit", 0, 0 }, { "__stack_chk_fail", 0, 0 },
  { "__cxa_atexit", 0, 0 }, { "__aeabi_atexit", 0, 0 }, { "atexit", 0, 0 },
  { "__cxa_thread_atexit", 0, 0 }, { "__cxa_thread_atexit_impl", 0, 0 },
  { "pthread_exit", 0, 0 }, { "pthread_attr_init", 0, 0 },
  { "pthread_attr_destroy", 0, 0 }, { "pthread_mutex_init", 0, 0 },
  { "pthread_mutex_destroy", 0, 0 }, { "pthread_cond_init", 0, 0 },
  { "pthread_cond_destroy", 0, 0 }, { "pthread_spin_init", 0, 0 },
  { "pthread_spin_destroy", 0, 0 }, { "pthread_barrier_init", 0, 0 },
  { "pthread_barrier_destroy", 0, 0 }, { "sem_init", 0, 0 },
  { "sem_destroy", 0, 0 }, { "mtx_init", 0, 0 }, { "mtx_destroy", 0, 0 },
  { "cnd_init", 0, 0 }, { "cnd_destroy", 0, 0 }, { "thrd_exit", 0, 0 },
  { "omp_init_lock", 0, 0 }, { "omp_destroy_lock", 0, 0 },
  { "omp_init_nest_lock", 0, 0 }, { "omp_destroy_nest_lock", 0, 0 },
  { "munmap", 0, 0 }, { "mprotect", 0, 0 }, { "mmap", 0, 0 },
  { "shmget", 0, 0 }, { "shmat", 0, 0 }, { "shmdt", 0, 0 },
  /* the C++ run time's exception objects, a thread's own key slots (the
     value set is kept, not read), the C library's streams and dispositions */
  { "__cxa_allocate_exception", 0, 0 }, { "__cxa_free_exception", 0, 0 },
  { "__cxa_throw", 0, 0 }, { "__cxa_begin_catch", 0, 0 },
  { "__cxa_end_catch", 0, 0 }, { "__cxa_rethrow", 0, 0 },
  { "__cxa_call_unexpected", 0, 0 }, { "pthread_getspecific", 0, 0 },
  { "pthread_setspecific", 0, 0 }, { "tss_get", 0, 0 }, { "tss_set", 0, 0 },
  { "readdir", 0, 0 }, { "readdir64", 0, 0 }, { "closedir", 0, 0 },
  { "rewinddir", 0, 0 }, { "signal", 0, 0 }, { "getc", 0, 0 },
  { "fgetc", 0, 0 }, { "ungetc", 0, 0 }, { "feof", 0, 0 },
  { "ferror", 0, 0 }, { "clearerr", 0, 0 }, { "fileno", 0, 0 },
  { "fclose", 0, 0 }, { "fflush", 0, 0 },
  /* results stored through a pointer */
  { "memcpy", 2, 1 }, { "memmove", 2, 1 }, { "memset", 0, 1 },
  { "strcpy", 2, 1 }, { "strncpy", 2, 1 }, { "strcat", 3, 1 },
  { "strncat", 3, 1 }, { "bzero", 0, 1 }, { "bcopy", 1, 2 },
  { "sprintf", ~1u, 1 }, { "vsprintf", ~1u, 1 }, { "snprintf", ~1u, 1 },
  { "vsnprintf", ~1u, 1 }, { "strtol", 1, 2 }, { "strtoul", 1, 2 },
  { "strtoll", 1, 2 }, { "strtoull", 1, 2 }, { "strtod", 1, 2 },
  { "strtof", 1, 2 }, { "strtold", 1, 2 }, { "time", 0, 1 },
  { "clock_gettime", 0, 2 }, { "gettimeofday", 0, 1 },
  { "strerror_r", 0, 2 }, { "getcwd", 0, 1 }, { "pipe", 0, 1 },
  { "strtok", 3, 1 }, { "strtok_r", 7, 5 }, { "rand_r", 1, 1 },
  { "qsort", 1, 1 }, { "qsort_r", 1, 1 }, { "poll", 1, 1 },
  { "select", 30, 14 }, { "nanosleep", 1, 2 }, { "thrd_sleep", 1, 2 },
  { "setjmp", 0, 1 }, { "_setjmp", 0, 1 }, { "__sigsetjmp", 0, 1 },
  { "sigsetjmp", 0, 1 }, { "strxfrm", 2, 1 },
};

/* The library name behind a builtin's: GCC turns `fprintf (stderr,
 * "x\n")` into a call to `__builtin_fwrite`, whose DECL_NAME keeps the
 * prefix. */
static const char *
lib_name (const char *s)
{
  return strncmp (s, "__builtin_", 10) ? s : s + 10;
}

/* Is `s` one of the `n` names? */
static bool
in_list (const char *s, const char *const *names, size_t n)
{
  s = lib_name (s);
  for (size_t i = 0; i < n; i++)
    if (!strcmp (s, names[i]))
      return true;
  return false;
}

bool
wmm_lib_runs_callbacks (tree fndecl)
{
  if (!fndecl || TREE_CODE (fndecl) != FUNCTION_DECL || !DECL_NAME (fndecl)
      || DECL_STRUCT_FUNCTION (fndecl))
    return false;
  tree ctx = DECL_CONTEXT (fndecl);
  return (!ctx || TREE_CODE (ctx) == TRANSLATION_UNIT_DECL)
         && in_list (IDENTIFIER_POINTER (DECL_NAME (fndecl)), callback_runners,
                     ARRAY_SIZE (callback_runners));
}

bool
wmm_lib_is_sync (const char *name)
{
  return in_list (name, sync_names, ARRAY_SIZE (sync_names));
}

bool
wmm_lib_keeps_no_copy (const char *name, unsigned argno)
{
  name = lib_name (name);
  for (const no_capture &f : no_capture_fns)
    if (!strcmp (name, f.name))
      return argno < 32 && (f.args >> argno) & 1;
  return false;
}

bool
wmm_omp_chunk_call (const char *name)
{
  name = lib_name (name);
  size_t n = strlen (name);
  /* the generic GOMP_loop_start & co also take reductions and memory
     the team shares */
  static const char *const generic[] = {
    "GOMP_loop_start", "GOMP_loop_ordered_start", "GOMP_loop_ull_start",
    "GOMP_loop_ull_ordered_start",
  };
  return !strncmp (name, "GOMP_loop_", 10) && !strstr (name, "doacross")
         && ((n > 6 && !strcmp (name + n - 6, "_start"))
             || (n > 5 && !strcmp (name + n - 5, "_next")))
         && !in_list (name, generic, ARRAY_SIZE (generic));
}

bool
wmm_lib_keeps_no_copy_at (const char *name, unsigned argno, gimple *call)
{
  /* (the tables name C library functions, not `File::read`) */
  tree callee = gimple_call_fndecl (call);
  if (callee && !wmm_c_library_fn (callee))
    return false;
  if (wmm_lib_keeps_no_copy (name, argno)
      || wmm_zlib_keeps_no_copy (lib_name (name), argno))
    return true;
  /* a loop chunk's bounds written into the last two arguments */
  if (wmm_omp_chunk_call (name))
    return argno + 2 >= gimple_call_num_args (call);
  /* GOMP_task (fn, data, cpyfn, size, ...) copies the data block before
     it returns (or runs the task at once, in this thread) */
  if (!strcmp (name, "__builtin_GOMP_task") || !strcmp (name, "GOMP_task"))
    return argno == 1;
  /* The replaceable global operator delete frees, like free. */
  tree fn = gimple_call_fndecl (call);
  if (fn && DECL_IS_OPERATOR_DELETE_P (fn) && DECL_IS_REPLACEABLE_OPERATOR (fn))
    return true;
  /* strtol (s, end, base) stores a pointer into s through end: none when
     end is null. */
  static const char *const strto[] = {
    "strtol", "strtoul", "strtoll", "strtoull", "strtod", "strtof",
    "strtold", "strtoimax", "strtoumax",
  };
  return argno == 0 && in_list (name, strto, ARRAY_SIZE (strto))
         && gimple_call_num_args (call) > 1
         && integer_zerop (gimple_call_arg (call, 1));
}

tree
wmm_sort_comparator (gimple *stmt)
{
  tree fn = is_gimple_call (stmt) ? gimple_call_fndecl (stmt) : NULL_TREE;
  if (!wmm_c_library_fn (fn) || !DECL_NAME (fn)
      || gimple_call_num_args (stmt) < 4)
    return NULL_TREE;
  const char *n = lib_name (IDENTIFIER_POINTER (DECL_NAME (fn)));
  if (strcmp (n, "qsort") && strcmp (n, "qsort_r"))
    return NULL_TREE;
  tree a = gimple_call_arg (stmt, 3);
  return TREE_CODE (a) == ADDR_EXPR
         && TREE_CODE (TREE_OPERAND (a, 0)) == FUNCTION_DECL
         ? TREE_OPERAND (a, 0) : NULL_TREE;
}

tree
wmm_std_node_helper (tree fndecl, bool *writes)
{
  /* (assembler-name prefixes; the first two only read) */
  static const char *const helpers[] = {
    "_ZSt18_Rb_tree_increment", "_ZSt18_Rb_tree_decrement",
    "_ZSt29_Rb_tree_insert_and_rebalance",
    "_ZSt28_Rb_tree_rebalance_for_erase",
    "_ZNSt8__detail15_List_node_base7_M_hook",
    "_ZNSt8__detail15_List_node_base9_M_unhook",
    "_ZNSt8__detail15_List_node_base11_M_transfer",
    "_ZNSt8__detail15_List_node_base10_M_reverse",
    "_ZNSt8__detail15_List_node_base4swap",
  };
  if (!fndecl || TREE_CODE (fndecl) != FUNCTION_DECL
      || DECL_STRUCT_FUNCTION (fndecl) || !DECL_ASSEMBLER_NAME_SET_P (fndecl))
    return NULL_TREE;
  const char *a = IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (fndecl));
  size_t k = 0;
  while (k < ARRAY_SIZE (helpers)
         && strncmp (a, helpers[k], strlen (helpers[k])))
    k++;
  if (k == ARRAY_SIZE (helpers))
    return NULL_TREE;
  *writes = k >= 2;
  /* the node type: what the first parameter (`this` of the list's
     members) points to or refers to */
  tree args = TYPE_ARG_TYPES (TREE_TYPE (fndecl));
  tree t = args ? TREE_VALUE (args) : NULL_TREE;
  if (k != 2 && t && POINTER_TYPE_P (t))
    t = TREE_TYPE (t);
  else if (k == 2 && args && TREE_CHAIN (args))
    t = TREE_TYPE (TREE_VALUE (TREE_CHAIN (args)));   /* (bool, node *, ..) */
  else
    return NULL_TREE;
  t = t ? TYPE_MAIN_VARIANT (t) : NULL_TREE;
  return t && TREE_CODE (t) == RECORD_TYPE && COMPLETE_TYPE_P (t) ? t
                                                                 : NULL_TREE;
}

bool
wmm_lib_returns_own (const char *name)
{
  /* a pointer to the library's own static object, never to an argument */
  static const char *const own[] = {
    "localtime", "gmtime", "ctime", "asctime", "getenv", "strerror",
  };
  return in_list (lib_name (name), own, ARRAY_SIZE (own));
}

bool
wmm_lib_hands_on (const char *name)
{
  /* bytes written to a file, a pipe, a socket or a queue another thread
     may read back (a pointer sent through a self-pipe); libgomp's data
     blocks, copied for a task */
  static const char *const sends[] = {
    "write", "pwrite", "pwrite64", "writev", "pwritev", "send", "sendto",
    "sendmsg", "fwrite", "fwrite_unlocked", "mq_send", "mq_timedsend",
    "msgsnd", "vmsplice", "aio_write", "__write_chk",
  };
  name = lib_name (name);
  return !strncmp (name, "GOMP_", 5) || in_list (name, sends, ARRAY_SIZE (sends));
}

bool
wmm_lib_arg_touch (const char *name, unsigned *reads, unsigned *writes)
{
  name = lib_name (name);
  for (const arg_touch &f : arg_touch_fns)
    if (!strcmp (name, f.name))
      {
        *reads = f.reads;
        *writes = f.writes;
        return true;
      }
  return false;
}

void
wmm_lib_private_touch (const char *name, unsigned *reads, unsigned *writes)
{
  name = lib_name (name);
  for (const arg_touch &f : private_touch_fns)
    if (!strcmp (name, f.name))
      {
        *reads = f.reads;
        *writes = f.writes;
        return;
      }
  *reads = ~0u;
  *writes = 0;
}

bool
wmm_std_hash_bytes (tree fndecl)
{
  if (TREE_CODE (fndecl) != FUNCTION_DECL || DECL_STRUCT_FUNCTION (fndecl)
      || !DECL_ASSEMBLER_NAME_SET_P (fndecl))
    return false;
  const char *a = IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (fndecl));
  return !strncmp (a, "_ZSt11_Hash_bytesPKv", 20)
         || !strncmp (a, "_ZSt15_Fnv_hash_bytesPKv", 24);
}

bool
wmm_lib_arg_touch_at (const char *name, gimple *call, unsigned *reads,
                      unsigned *writes)
{
  tree callee = gimple_call_fndecl (call);
  if (callee && !wmm_c_library_fn (callee) && !wmm_std_hash_bytes (callee))
    return false;
  if (wmm_omp_chunk_call (name))
    {
      unsigned n = gimple_call_num_args (call);
      *reads = 0;
      *writes = n >= 2 && n <= 32 ? 3u << (n - 2) : 0;
      return n >= 2 && n <= 32;
    }
  /* strtok_r (NULL, ...) writes the string of an earlier call, which its
     third argument points into: unknown memory (for every other function
     here a null pointer argument means nothing read or written there;
     strtok itself is not listed) */
  if (!strcmp (lib_name (name), "strtok_r") && gimple_call_num_args (call) >= 1
      && integer_zerop (gimple_call_arg (call, 0)))
    return false;
  /* syscall (SYS_gettid): a system call given no argument but its number
     has no address to read or write through (getpid, gettid, sched_yield
     and the like; the memory of the process is not what they change) */
  if (!strcmp (lib_name (name), "syscall") && gimple_call_num_args (call) == 1
      && TREE_CODE (gimple_call_arg (call, 0)) == INTEGER_CST)
    {
      *reads = *writes = 0;
      return true;
    }
  return wmm_lib_arg_touch (name, reads, writes)
         || wmm_zlib_arg_touch (lib_name (name), reads, writes);
}

/* Library functions that read the char arrays some of their arguments
 * (bits of args; ~0: every one the call reads) point to only as strings,
 * up to their terminating null character (the printf family's format and
 * %s arguments, the string functions' sources). */
struct string_read { const char *name; unsigned args; };
static const string_read string_read_fns[] = {
  { "printf", ~0u }, { "fprintf", ~0u }, { "sprintf", ~0u },
  { "snprintf", ~0u }, { "dprintf", ~0u }, { "__printf_chk", ~0u },
  { "__fprintf_chk", ~0u }, { "__sprintf_chk", ~0u },
  { "__snprintf_chk", ~0u }, { "puts", 1 }, { "fputs", 1 }, { "perror", 1 },
  { "strlen", 1 }, { "strnlen", 1 }, { "strcmp", 3 }, { "strncmp", 3 },
  { "strcasecmp", 3 }, { "strncasecmp", 3 }, { "strchr", 1 },
  { "strrchr", 1 }, { "strstr", 3 }, { "strspn", 3 }, { "strcspn", 3 },
  { "strpbrk", 3 }, { "strdup", 1 }, { "strndup", 1 }, { "strcpy", 2 },
  { "strncpy", 2 }, { "strcat", 3 }, { "strncat", 3 }, { "atoi", 1 },
  { "atol", 1 }, { "atoll", 1 }, { "atof", 1 },
};

/* Is argument argno of `name` among the arguments table fns (n entries)
 * gives it? */
static bool
string_arg (const string_read *fns, size_t n, const char *name,
            unsigned argno)
{
  if (argno >= 32)
    return false;
  for (size_t k = 0; k < n; k++)
    if (!strcmp (lib_name (name), fns[k].name))
      return (fns[k].args >> argno) & 1;
  return false;
}

bool
wmm_lib_reads_string (const char *name, unsigned argno)
{
  return string_arg (string_read_fns, ARRAY_SIZE (string_read_fns), name,
                     argno);
}

/* Library functions that write a string (its characters and the null
 * that ends it) into the char arrays some of their arguments (bits of
 * args) point to: the sprintf family's buffer, the string functions'
 * destinations, a line read by fgets, a formatted time. */
static const string_read string_write_fns[] = {
  { "sprintf", 1 }, { "snprintf", 1 }, { "vsprintf", 1 }, { "vsnprintf", 1 },
  { "__sprintf_chk", 1 }, { "__snprintf_chk", 1 }, { "__vsprintf_chk", 1 },
  { "__vsnprintf_chk", 1 }, { "strcpy", 1 }, { "strncpy", 1 },
  { "stpcpy", 1 }, { "stpncpy", 1 }, { "strcat", 1 }, { "strncat", 1 },
  { "__strcpy_chk", 1 }, { "__strncpy_chk", 1 }, { "__stpcpy_chk", 1 },
  { "__strcat_chk", 1 }, { "__strncat_chk", 1 }, { "fgets", 1 },
  { "strftime", 1 },
};

bool
wmm_lib_writes_string (const char *name, unsigned argno)
{
  return string_arg (string_write_fns, ARRAY_SIZE (string_write_fns), name,
                     argno);
}

/* Library functions whose pointer arguments (bits of args) each name one
 * object of the declared pointee type that they touch, and nothing past
 * it (a seed, a time, a broken-down time). */
struct pointee_touch { const char *name; unsigned args; };
static const pointee_touch pointee_fns[] = {
  { "rand_r", 1 }, { "time", 1 }, { "gettimeofday", 1 },
  { "clock_gettime", 2 }, { "nanosleep", 3 }, { "localtime_r", 3 },
  { "gmtime_r", 3 },
};

HOST_WIDE_INT
wmm_lib_pointee_bytes (gimple *call, unsigned argno)
{
  tree callee = gimple_call_fndecl (call);
  tree fntype = gimple_call_fntype (call);
  if (!callee || !fntype || !wmm_c_library_fn (callee) || argno >= 32)
    return -1;
  const char *name = lib_name (IDENTIFIER_POINTER (DECL_NAME (callee)));
  for (const pointee_touch &f : pointee_fns)
    if (!strcmp (name, f.name) && (f.args >> argno) & 1)
      {
        tree t = TYPE_ARG_TYPES (fntype);
        for (unsigned i = 0; t && i < argno; i++)
          t = TREE_CHAIN (t);
        if (!t || !POINTER_TYPE_P (TREE_VALUE (t)))
          return -1;
        tree size = TYPE_SIZE_UNIT (TREE_TYPE (TREE_VALUE (t)));
        if (!size || !tree_fits_shwi_p (size) || tree_to_shwi (size) <= 0)
          return -1;
        return tree_to_shwi (size);
      }
  return -1;
}

bool
wmm_lib_call_waits (gimple *stmt, tree callee)
{
  const char *name = IDENTIFIER_POINTER (DECL_NAME (callee));
  if (fndecl_built_in_p (callee, BUILT_IN_MD))
    return !strcmp (name, "__builtin_ia32_pause");
  if (!wmm_c_library_fn (callee))
    return false;
  static const char *const yields[] = {
    "sched_yield", "thrd_yield", "pthread_yield", "usleep", "sleep"
  };
  if (in_list (name, yields, ARRAY_SIZE (yields)))
    return true;
  return (!strcmp (name, "nanosleep") || !strcmp (name, "thrd_sleep"))
         && gimple_call_num_args (stmt) == 2
         && integer_zerop (gimple_call_arg (stmt, 1));
}

bool
wmm_lib_is_private (const char *name)
{
  /* libgomp's ends of worksharing constructs without a barrier: the
     team's own state (tasks run there are threads of their own:
     entries.cc) */
  static const char *const omp_ends[] = {
    "GOMP_loop_end_nowait", "GOMP_sections_end_nowait",
    /* which section a thread runs next (no flush: the team's state) */
    "GOMP_sections_start", "GOMP_sections_next",
    /* which thread runs a single region, a taskgroup's start: no flush,
       libgomp's state only */
    "GOMP_single_start", "GOMP_taskgroup_start",
  };
  return in_list (name, private_names, ARRAY_SIZE (private_names))
         || in_list (name, omp_ends, ARRAY_SIZE (omp_ends));
}

/* Does `s` start with one of the `n` prefixes? */
static bool
has_prefix (const char *s, const char *const *prefixes, size_t n)
{
  for (size_t i = 0; i < n; i++)
    if (!strncmp (s, prefixes[i], strlen (prefixes[i])))
      return true;
  return false;
}

/* Is function fndecl declared where the C library's names live: at file
 * scope, or in the C++ ABI's run time (__cxa_*, in namespace __cxxabiv1;
 * the ARM EABI's __aeabi_atexit, in __aeabiv1)?  Not a member function,
 * nor one of another namespace. */
static bool
c_scope (tree fndecl)
{
  tree ctx = DECL_CONTEXT (fndecl);
  if (!ctx || TREE_CODE (ctx) == TRANSLATION_UNIT_DECL)
    return true;
  const char *ns = TREE_CODE (ctx) == NAMESPACE_DECL && DECL_NAME (ctx)
                   ? IDENTIFIER_POINTER (DECL_NAME (ctx)) : "";
  return !strcmp (ns, "__cxxabiv1") || !strcmp (ns, "__aeabiv1");
}

bool
wmm_c_library_fn (tree fndecl)
{
  /* (glibc's fortified wrappers are bodies of its headers) */
  return fndecl && TREE_CODE (fndecl) == FUNCTION_DECL && c_scope (fndecl)
         && (!DECL_STRUCT_FUNCTION (fndecl) || DECL_IN_SYSTEM_HEADER (fndecl)
             || fndecl_built_in_p (fndecl));
}

static bool library_type (tree type);

/* Does the library's inline `fndecl` run what the unit gives it, or load
 * the atomic it waits on, so that its body must be analysed rather than
 * taken for a fence: a parameter of a class the unit declares (a
 * predicate's closure: condition_variable::wait (lock, pred)), or a
 * member of an atomic class (`flag.wait (old)`: the load that returns is
 * the access a cycle goes through). */
static bool
std_body_matters (tree fndecl)
{
  for (tree a = DECL_ARGUMENTS (fndecl); a; a = DECL_CHAIN (a))
    {
      tree t = TREE_TYPE (a);
      while (POINTER_TYPE_P (t))
        t = TREE_TYPE (t);
      if (RECORD_OR_UNION_TYPE_P (t) && !library_type (t))
        return true;
    }
  tree c = DECL_CONTEXT (fndecl);
  tree id = c && TYPE_P (c) ? TYPE_IDENTIFIER (c) : NULL_TREE;
  const char *n = id ? IDENTIFIER_POINTER (id) : "";
  return !strncmp (n, "atomic", 6) || !strncmp (n, "__atomic", 8);
}

bool
wmm_lib_call_is_sync (tree fndecl, const char *name)
{
  /* (std::call_once is the C library's call_once for the unit: the
     routine runs once, every call returns after it) */
  if (name && wmm_lib_is_sync (name)
      && (wmm_c_library_fn (fndecl)
          || (wmm_std_fn (fndecl)
              && (!strcmp (name, "call_once") || !std_body_matters (fndecl)))))
    return true;
  if (!fndecl || TREE_CODE (fndecl) != FUNCTION_DECL
      || !DECL_ASSEMBLER_NAME_SET_P (fndecl))
    return false;
  const char *n = IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (fndecl));
  bool post;
  return has_prefix (n, cxx_sync_prefixes, ARRAY_SIZE (cxx_sync_prefixes))
         || wmm_cxx_lock_sync (fndecl) || wmm_cxx_semaphore_op (fndecl, &post);
}

bool
wmm_cxx_semaphore_op (tree fndecl, bool *post)
{
  if (!fndecl || TREE_CODE (fndecl) != FUNCTION_DECL
      || !DECL_ASSEMBLER_NAME_SET_P (fndecl))
    return false;
  /* _ZNSt18counting_semaphoreILl8EE7releaseEl: past the template
     arguments, the member's name */
  static const char head[] = "_ZNSt18counting_semaphoreIL";
  const char *a = IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (fndecl));
  if (strncmp (a, head, sizeof head - 1))
    return false;
  const char *m = strstr (a + sizeof head - 1, "EE");
  if (!m)
    return false;
  m += 2;
  *post = !strncmp (m, "7releaseE", 9);
  return *post || !strncmp (m, "7acquireE", 9);
}

bool
wmm_lib_call_is_private (tree fndecl, const char *name)
{
  if (name && wmm_lib_is_private (name) && wmm_c_library_fn (fndecl))
    return true;
  /* A guard constructor that takes no lock: a store into the guard. */
  wmm_cxx_lock l;
  if (wmm_cxx_lock_call (fndecl, &l) && l.op == WMM_CXX_BIND)
    return true;
  if (fndecl && TREE_CODE (fndecl) == FUNCTION_DECL
      && DECL_ASSEMBLER_NAME_SET_P (fndecl))
    {
      const char *a = IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (fndecl));
      if (has_prefix (a, cxx_private_names, ARRAY_SIZE (cxx_private_names))
          || wmm_ostream_output (fndecl)
          || wmm_istream_input (fndecl) == WMM_ISTREAM_STATE
          || wmm_stream_setup (fndecl))
        return true;
      /* std::__throw_length_error & co: they throw, touching nothing */
      if (!strncmp (a, "_ZSt", 4))
        {
          a += 4;
          while (ISDIGIT (*a))
            a++;
          if (!strncmp (a, "__throw_", 8))
            return true;
        }
    }
  /* The replaceable global operator new and delete: allocators. */
  return fndecl && TREE_CODE (fndecl) == FUNCTION_DECL
         && (DECL_IS_OPERATOR_NEW_P (fndecl)
             || DECL_IS_OPERATOR_DELETE_P (fndecl))
         && DECL_IS_REPLACEABLE_OPERATOR (fndecl);
}

/* glibc's fortified variants: __printf_chk, __memcpy_chk, ... */
static bool
fortified (const char *s)
{
  size_t n = strlen (s);
  return n > 6 && !strncmp (s, "__", 2) && !strcmp (s + n - 4, "_chk");
}

/* Is the callee a builtin other than libgomp's (which start threads)? */
static bool
plain_builtin (tree fndecl)
{
  if (!fndecl_built_in_p (fndecl))
    return false;
  const char *n = DECL_NAME (fndecl) ? IDENTIFIER_POINTER (DECL_NAME (fndecl))
                                     : "";
  return !strstr (n, "GOMP_");
}

bool
wmm_never_starts_threads (tree fndecl)
{
  if (!fndecl || TREE_CODE (fndecl) != FUNCTION_DECL)
    return false;
  if (plain_builtin (fndecl))
    return true;
  if (flags_from_decl_or_type (fndecl) & (ECF_CONST | ECF_PURE))
    return true;
  if (DECL_IS_OPERATOR_NEW_P (fndecl) || DECL_IS_OPERATOR_DELETE_P (fndecl))
    return true;
  if (DECL_NAME (fndecl) && c_scope (fndecl))
    {
      const char *n = IDENTIFIER_POINTER (DECL_NAME (fndecl));
      if (in_list (n, private_names, ARRAY_SIZE (private_names))
          || in_list (n, nostart_names, ARRAY_SIZE (nostart_names))
          || (in_list (n, sync_names, ARRAY_SIZE (sync_names))
              && strcmp (n, "pthread_create") && strcmp (n, "thrd_create"))
          || wmm_zlib_never_starts (n))
        return true;
      if (has_prefix (n, c_prefixes, ARRAY_SIZE (c_prefixes)) || fortified (n))
        return true;
    }
  const char *a = IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (fndecl));
  wmm_cxx_lock l;
  return has_prefix (a, cxx_prefixes, ARRAY_SIZE (cxx_prefixes))
         || wmm_cxx_lock_call (fndecl, &l)
         || wmm_istream_input (fndecl) != WMM_ISTREAM_NONE
         || wmm_lib_call_is_private (fndecl, NULL);
}

bool
wmm_lib_keeps_callbacks (tree fndecl)
{
  /* libevent: an event or a one-shot callback set up for the loop */
  static const char *const keepers[] = {
    "event_set", "event_assign", "event_new", "event_base_once", "event_once",
  };
  return fndecl && TREE_CODE (fndecl) == FUNCTION_DECL && DECL_NAME (fndecl)
         && !DECL_STRUCT_FUNCTION (fndecl) && c_scope (fndecl)
         && in_list (IDENTIFIER_POINTER (DECL_NAME (fndecl)), keepers,
                     ARRAY_SIZE (keepers));
}

/* libstdc++'s compiled output members of std::ostream (assembler-name
 * prefixes): the inserters of numbers (`_M_insert<long>`, `operator<<
 * (int)`), of characters and strings (`__ostream_insert`, put, write),
 * flush, the char ctype facet's widening cache (std::endl's widen), and
 * basic_ios::clear (setstate's).
 * Each works on the stream it is given, its buffer and the library's
 * locale; it reads the characters it is given and returns the stream. */
static const char *const ostream_out[] = {
  "_ZNSo9_M_insertI", "_ZNSolsE", "_ZSt16__ostream_insertIcSt11char_traitsIcEE",
  "_ZNSo3putEc", "_ZNSo5flushEv", "_ZNSo5writeEPKc",
  "_ZNKSt5ctypeIcE13_M_widen_initEv",
  /* the stream's state (setstate's), which may throw as its mask says */
  "_ZNSt9basic_iosIcSt11char_traitsIcEE5clearESt12_Ios_Iostate",
};

/* Is `type` named by a declaration in a system header (a class of the
 * library; a C struct's tag is no declaration)? */
static bool
library_type (tree type)
{
  tree name = TYPE_NAME (type);
  return name && TREE_CODE (name) == TYPE_DECL && DECL_IN_SYSTEM_HEADER (name)
         && TYPE_IDENTIFIER (type);
}

/* Is `type` one of the library's classes whose virtual members output
 * calls (a stream buffer's overflow, xsputn and sync; a locale facet's
 * do_put, do_widen), or derived from one? */
static bool
stream_callback_class (tree type, int depth)
{
  if (!type || !RECORD_OR_UNION_TYPE_P (type) || depth > 16)
    return false;
  tree id = TYPE_IDENTIFIER (type);
  const char *n = id ? IDENTIFIER_POINTER (id) : "";
  if (!strcmp (n, "basic_streambuf") || !strcmp (n, "facet"))
    return true;
  tree binfo = TYPE_BINFO (type), base;
  for (unsigned i = 0; binfo && BINFO_BASE_ITERATE (binfo, i, base); i++)
    if (stream_callback_class (BINFO_TYPE (base), depth + 1))
      return true;
  return false;
}

/* Does the unit declare a virtual member function of such a class (its
 * own stream buffer or locale facet, which output would call; the
 * library's own, in system headers, aside)?  Asked once per unit. */
static int unit_stream_callbacks = -1;

static bool
defines_stream_callbacks (void)
{
  if (unit_stream_callbacks >= 0)
    return unit_stream_callbacks;
  unit_stream_callbacks = 0;
  cgraph_node *node;
  FOR_EACH_FUNCTION (node)
    if (DECL_VIRTUAL_P (node->decl) && !DECL_IN_SYSTEM_HEADER (node->decl)
        && DECL_CONTEXT (node->decl)
        && stream_callback_class (DECL_CONTEXT (node->decl), 0))
      unit_stream_callbacks = 1;
  return unit_stream_callbacks;
}

/* The assembler name of fndecl when it is a function compiled elsewhere
 * (external, no body in the unit: libstdc++'s), else NULL. */
static const char *
compiled_name (tree fndecl)
{
  if (!fndecl || TREE_CODE (fndecl) != FUNCTION_DECL || !DECL_EXTERNAL (fndecl)
      || DECL_STRUCT_FUNCTION (fndecl))
    return NULL;
  return IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (fndecl));
}

bool
wmm_ostream_output (tree fndecl)
{
  const char *a = compiled_name (fndecl);
  if (!a)
    return false;
  /* (operator<< (streambuf *) reads another buffer: not listed) */
  return has_prefix (a, ostream_out, ARRAY_SIZE (ostream_out))
         && !startswith (a, "_ZNSolsEP") && !defines_stream_callbacks ();
}

/* libstdc++'s compiled input members of std::istream and the extractors
 * into strings, by assembler name, with what each writes beside its
 * stream (argument 0): argument 1, a number or a character
 * (`operator>> (int &)`, `_M_extract<double>`, `get (char &)`), a char
 * buffer (`getline (char *, n)`, `read`), or a std::string (`operator>>
 * (istream &, string &)`, `std::getline`); or nothing (`ignore`, `peek`,
 * the sentry).  `operator>> (void *&)` is none: it stores a pointer. */
struct istream_member { const char *prefix; wmm_istream_kind kind; };
static const istream_member istream_in[] = {
  { "_ZNSi10_M_extractI", WMM_ISTREAM_SCALAR },
  { "_ZNSirsERb", WMM_ISTREAM_SCALAR },
  { "_ZNSirsERs", WMM_ISTREAM_SCALAR },
  { "_ZNSirsERi", WMM_ISTREAM_SCALAR },
  { "_ZNSirsERt", WMM_ISTREAM_SCALAR },
  { "_ZNSirsERj", WMM_ISTREAM_SCALAR },
  { "_ZNSirsERl", WMM_ISTREAM_SCALAR },
  { "_ZNSirsERm", WMM_ISTREAM_SCALAR },
  { "_ZNSirsERx", WMM_ISTREAM_SCALAR },
  { "_ZNSirsERy", WMM_ISTREAM_SCALAR },
  { "_ZNSirsERf", WMM_ISTREAM_SCALAR },
  { "_ZNSirsERd", WMM_ISTREAM_SCALAR },
  { "_ZNSirsERe", WMM_ISTREAM_SCALAR },
  { "_ZNSi3getERc", WMM_ISTREAM_SCALAR },
  { "_ZStrsIcSt11char_traitsIcEERSt13basic_istreamIT_T0_ES6_RS3_",
    WMM_ISTREAM_SCALAR },
  { "_ZNSi7getlineEPcl", WMM_ISTREAM_CHARS },
  { "_ZNSi3getEPcl", WMM_ISTREAM_CHARS },
  { "_ZNSi4readEPcl", WMM_ISTREAM_CHARS },
  { "_ZNSi8readsomeEPcl", WMM_ISTREAM_CHARS },
  { "_ZStrsIcSt11char_traitsIcEERSt13basic_istreamIT_T0_ES6_PS3_",
    WMM_ISTREAM_CHARS },
  { "_ZStrsIcSt11char_traitsIcESaIcEERSt13basic_istreamIT_T0_ES7_RNSt7__"
    "cxx1112basic_stringIS4_S5_T1_EE", WMM_ISTREAM_STRING },
  { "_ZSt7getlineIcSt11char_traitsIcESaIcEERSt13basic_istreamIT_T0_ES7_RNSt7"
    "__cxx1112basic_stringIS4_S5_T1_EES4_", WMM_ISTREAM_STRING },
  { "_ZNSi6ignoreE", WMM_ISTREAM_STATE },
  { "_ZNSi4peekEv", WMM_ISTREAM_STATE },
  { "_ZNSi3getEv", WMM_ISTREAM_STATE },
  { "_ZNSi5ungetEv", WMM_ISTREAM_STATE },
  { "_ZNSi7putbackEc", WMM_ISTREAM_STATE },
  { "_ZNSi5tellgEv", WMM_ISTREAM_STATE },
  { "_ZNSi5seekgE", WMM_ISTREAM_STATE },
  { "_ZNSi4syncEv", WMM_ISTREAM_STATE },
  { "_ZNSi6sentryC", WMM_ISTREAM_STATE },
};

wmm_istream_kind
wmm_istream_input (tree fndecl)
{
  const char *a = compiled_name (fndecl);
  if (!a)
    return WMM_ISTREAM_NONE;
  for (const istream_member &m : istream_in)
    if (startswith (a, m.prefix))
      return defines_stream_callbacks () ? WMM_ISTREAM_NONE : m.kind;
  return WMM_ISTREAM_NONE;
}

/* libstdc++'s compiled members that set up, synchronise or tear down a
 * stream object (assembler names): ios_base's constructor and
 * destructor, basic_ios::init, a stream buffer's locale (constructors,
 * destructor, assignment), basic_stringbuf::_M_sync. */
static const char *const stream_setup[] = {
  "_ZNSt8ios_baseC1Ev", "_ZNSt8ios_baseC2Ev", "_ZNSt8ios_baseD0Ev",
  "_ZNSt8ios_baseD1Ev", "_ZNSt8ios_baseD2Ev",
  "_ZNSt9basic_iosIcSt11char_traitsIcEE4initEPSt15basic_streambufIcS1_E",
  "_ZNSt6localeC1Ev", "_ZNSt6localeC2Ev", "_ZNSt6localeC1ERKS_",
  "_ZNSt6localeC2ERKS_", "_ZNSt6localeD1Ev", "_ZNSt6localeD2Ev",
  "_ZNSt6localeaSERKS_",
  "_ZNSt7__cxx1115basic_stringbufIcSt11char_traitsIcESaIcEE7_M_syncEPcmm",
};

bool
wmm_stream_setup (tree fndecl)
{
  const char *a = compiled_name (fndecl);
  if (!a)
    return false;
  for (const char *n : stream_setup)
    if (!strcmp (a, n))
      return !defines_stream_callbacks ();
  return false;
}

bool
wmm_stream_virtual_call (gimple *stmt)
{
  tree fn = is_gimple_call (stmt) ? gimple_call_fn (stmt) : NULL_TREE;
  if (!fn || TREE_CODE (fn) != OBJ_TYPE_REF)
    return false;
  tree cls = obj_type_ref_class (fn);
  return cls && library_type (cls) && stream_callback_class (cls, 0)
         && !defines_stream_callbacks ();
}

bool
wmm_stream_state_ref (tree ref)
{
  /* (an element of a member array: `this->_M_widen[c]`) */
  while (ref && (TREE_CODE (ref) == ARRAY_REF
                 || TREE_CODE (ref) == ARRAY_RANGE_REF))
    ref = TREE_OPERAND (ref, 0);
  if (!ref || TREE_CODE (ref) != COMPONENT_REF)
    return false;
  tree field = TREE_OPERAND (ref, 1), cls = DECL_CONTEXT (field);
  if (!cls || !RECORD_OR_UNION_TYPE_P (cls) || !library_type (cls))
    return false;
  /* (stream buffers and facets, ctype<char> among them: below) */
  static const char *const names[] = {
    "ios_base", "basic_ios", "basic_ostream", "basic_istream",
    "basic_iostream",
  };
  const char *n = IDENTIFIER_POINTER (TYPE_IDENTIFIER (cls));
  bool stream = false;
  for (const char *k : names)
    stream |= !strcmp (n, k);
  return (stream || stream_callback_class (cls, 0))
         && !defines_stream_callbacks ();
}

static int managers_plain = -1;

void
wmm_libfns_reset (void)
{
  unit_stream_callbacks = -1;
  managers_plain = -1;
}

bool
wmm_std_string_member (tree fndecl)
{
  const char *a = compiled_name (fndecl);
  if (!a)
    return false;
  return startswith (a, "_ZNSt7__cxx1112basic_string")
         || startswith (a, "_ZNKSt7__cxx1112basic_string");
}

/* Does declaration d have name `name`, in a namespace named `ns` (NULL:
 * any context)? */
static bool
named_in (tree d, const char *name, const char *ns)
{
  if (!d || !DECL_NAME (d) || strcmp (IDENTIFIER_POINTER (DECL_NAME (d)), name))
    return false;
  if (!ns)
    return true;
  tree c = DECL_CONTEXT (d);
  return c && TREE_CODE (c) == NAMESPACE_DECL && DECL_NAME (c)
         && !strcmp (IDENTIFIER_POINTER (DECL_NAME (c)), ns);
}

/* The member of record type `type` named `name`, or NULL. */
static tree
record_field (tree type, const char *name)
{
  for (tree f = TYPE_FIELDS (type); f; f = DECL_CHAIN (f))
    if (TREE_CODE (f) == FIELD_DECL && named_in (f, name, NULL))
      return f;
  return NULL_TREE;
}

bool
wmm_std_string_type (tree t)
{
  t = t ? TYPE_MAIN_VARIANT (t) : NULL_TREE;
  if (!t || TREE_CODE (t) != RECORD_TYPE
      || !named_in (TYPE_NAME (t), "basic_string", "__cxx11"))
    return false;
  tree hider = record_field (t, "_M_dataplus");
  tree ht = hider ? TREE_TYPE (hider) : NULL_TREE;
  tree p = ht && TREE_CODE (ht) == RECORD_TYPE ? record_field (ht, "_M_p")
                                               : NULL_TREE;
  if (!p || !POINTER_TYPE_P (TREE_TYPE (p))
      || TYPE_MAIN_VARIANT (TREE_TYPE (TREE_TYPE (p))) != char_type_node)
    return false;
  /* (_Alloc_hider derives from the allocator: a base member) */
  for (tree f = TYPE_FIELDS (ht); f; f = DECL_CHAIN (f))
    if (TREE_CODE (f) == FIELD_DECL && DECL_ARTIFICIAL (f)
        && RECORD_OR_UNION_TYPE_P (TREE_TYPE (f))
        && named_in (TYPE_NAME (TYPE_MAIN_VARIANT (TREE_TYPE (f))),
                     "allocator", "std"))
      return true;
  return false;
}

bool
wmm_std_string_method (tree fndecl)
{
  if (!fndecl || TREE_CODE (fndecl) != FUNCTION_DECL || !DECL_NAME (fndecl))
    return false;
  /* (resize_and_overwrite hands the buffer to a callable of the caller) */
  if (strstr (IDENTIFIER_POINTER (DECL_NAME (fndecl)), "resize_and_overwrite"))
    return false;
  tree c = DECL_CONTEXT (fndecl);
  if (c && TYPE_P (c) && !wmm_std_string_type (c) && TYPE_CONTEXT (c)
      && TYPE_P (TYPE_CONTEXT (c)))
    c = TYPE_CONTEXT (c);   /* basic_string::_Alloc_hider */
  return c && TYPE_P (c) && wmm_std_string_type (c);
}

/* Do the std::function managers of the unit (_Base_manager<F>'s and
 * _Function_handler<S, F>'s _M_manager, with all they call) copy and destroy
 * their functors without code that could keep the functor's address: no
 * constructor or destructor call but std::string's and std::function's
 * own (a lambda capturing scalars, pointers and references is copied as
 * bytes), no library call but operator new and delete and the library's
 * throws?  Once per unit (managers_plain, -1: not yet known). */

static bool
function_managers_plain (void)
{
  if (managers_plain >= 0)
    return managers_plain;
  auto_vec<cgraph_node *> work;
  hash_set<cgraph_node *> seen;
  cgraph_node *node;
  FOR_EACH_FUNCTION (node)
    {
      tree c = DECL_CONTEXT (node->decl);
      if (c && TYPE_P (c) && TREE_CODE (c) == RECORD_TYPE
          && named_in (node->decl, "_M_manager", NULL)
          && (named_in (TYPE_NAME (TYPE_MAIN_VARIANT (c)), "_Base_manager",
                        NULL)
              || named_in (TYPE_NAME (TYPE_MAIN_VARIANT (c)),
                           "_Function_handler", "std")))
        work.safe_push (node);
    }
  bool ok = true;
  while (ok && !work.is_empty ())
    {
      cgraph_node *f = work.pop ()->ultimate_alias_target ();
      if (seen.add (f))
        continue;
      tree d = f->decl;
      if ((DECL_CXX_CONSTRUCTOR_P (d) || DECL_CXX_DESTRUCTOR_P (d))
          && !wmm_std_string_method (d) && !wmm_std_string_member (d))
        {
          tree c = DECL_CONTEXT (d);
          c = c && TYPE_P (c) ? TYPE_MAIN_VARIANT (c) : NULL_TREE;
          ok = c && (named_in (TYPE_NAME (c), "function", "std")
                     || named_in (TYPE_NAME (c), "_Function_base", "std"));
          continue;
        }
      if (fndecl_built_in_p (d, BUILT_IN_NORMAL))
        continue;   /* (the object's bytes, never its address) */
      if (!gimple_has_body_p (d))
        {
          const char *a = IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (d));
          ok = startswith (a, "_Znw") || startswith (a, "_Zdl")
               || startswith (a, "_ZSt25__throw_bad_function_call")
               || wmm_std_string_member (d);
          continue;
        }
      if (f->indirect_calls)
        ok = false;
      for (cgraph_edge *e = f->callees; e; e = e->next_callee)
        work.safe_push (e->callee);
    }
  managers_plain = ok;
  return ok;
}

bool
wmm_std_function_method (tree fndecl)
{
  if (!fndecl || TREE_CODE (fndecl) != FUNCTION_DECL || !DECL_NAME (fndecl))
    return false;
  tree c = DECL_CONTEXT (fndecl);
  if (!c || !TYPE_P (c) || TREE_CODE (c) != RECORD_TYPE)
    return false;
  c = TYPE_MAIN_VARIANT (c);
  bool function = named_in (TYPE_NAME (c), "function", "std")
                  && record_field (c, "_M_invoker");
  bool base = named_in (TYPE_NAME (c), "_Function_base", "std")
              && record_field (c, "_M_manager");
  if (!function && !base)
    return false;
  /* (the call operator hands the stored callable a pointer into the
     object; target () returns one) */
  const char *n = IDENTIFIER_POINTER (DECL_NAME (fndecl));
  return strcmp (n, "operator()") && strcmp (n, "target")
         && strcmp (n, "target_type") && function_managers_plain ();
}

const char *
wmm_callee_name (gimple *stmt)
{
  tree fn = is_gimple_call (stmt) ? gimple_call_fndecl (stmt) : NULL_TREE;
  return fn && DECL_NAME (fn) ? IDENTIFIER_POINTER (DECL_NAME (fn)) : NULL;
}

const char *
wmm_callee_asm_name (gimple *stmt)
{
  tree fn = is_gimple_call (stmt) ? gimple_call_fndecl (stmt) : NULL_TREE;
  return fn && TREE_CODE (fn) == FUNCTION_DECL
         ? IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (fn)) : "";
}

bool
wmm_std_thread_start (gimple *stmt)
{
  /* The constructor templates std::thread::thread<F, Args...> (the others
     start nothing: the default and the move constructor). */
  const char *a = wmm_callee_asm_name (stmt);
  return (!strncmp (a, "_ZNSt6threadC1I", 15)
          || !strncmp (a, "_ZNSt6threadC2I", 15))
         && gimple_call_num_args (stmt) >= 2;
}

bool
wmm_std_async_start (gimple *stmt)
{
  /* std::async<F, Args...> (policy, f, args...): its future is the call's
     result, an object of the caller */
  tree lhs = gimple_call_lhs (stmt);
  return !strncmp (wmm_callee_asm_name (stmt), "_ZSt5asyncI", 11)
         && gimple_call_num_args (stmt) >= 1 && lhs
         && TREE_CODE (lhs) != SSA_NAME;
}

tree
wmm_std_async_callable (gimple *stmt)
{
  /* std::async (policy, f, args...) or std::async (f, args...) */
  tree a0 = gimple_call_arg (stmt, 0);
  bool policy = INTEGRAL_TYPE_P (TREE_TYPE (a0));
  if (policy && gimple_call_num_args (stmt) < 2)
    return NULL_TREE;
  return gimple_call_arg (stmt, policy ? 1 : 0);
}

bool
wmm_std_future_wait (gimple *stmt)
{
  /* std::future<T>::get () and __basic_future<T>::wait (): return after
     the shared state is ready, that is after an async task's function
     returned (or after running a deferred one) */
  const char *a = wmm_callee_asm_name (stmt);
  size_t n = strlen (a);
  auto ends = [&] (const char *tail) {
    size_t k = strlen (tail);
    return n > k && !strcmp (a + n - k, tail);
  };
  return gimple_call_num_args (stmt) == 1
         && ((!strncmp (a, "_ZNSt6futureI", 13) && ends ("E3getEv"))
             || (!strncmp (a, "_ZNKSt14__basic_futureI", 23)
                 && ends ("E4waitEv")));
}

bool
wmm_std_thread_join (gimple *stmt)
{
  return !strcmp (wmm_callee_asm_name (stmt), "_ZNSt6thread4joinEv")
         && gimple_call_num_args (stmt) == 1;
}

bool
wmm_std_thread_move (gimple *stmt, tree *dst, tree *src)
{
  if (strcmp (wmm_callee_asm_name (stmt), "_ZNSt6threadaSEOS_")
      || gimple_call_num_args (stmt) != 2)
    return false;
  *dst = gimple_call_arg (stmt, 0);
  *src = gimple_call_arg (stmt, 1);
  return true;
}

tree
wmm_std_jthread_end (gimple *stmt)
{
  const char *a = wmm_callee_asm_name (stmt);
  if ((strcmp (a, "_ZNSt7jthreadD1Ev") && strcmp (a, "_ZNSt7jthreadD2Ev"))
      || gimple_call_num_args (stmt) != 1)
    return NULL_TREE;
  tree t = TREE_TYPE (gimple_call_arg (stmt, 0));
  if (!POINTER_TYPE_P (t) || TREE_CODE (TREE_TYPE (t)) != RECORD_TYPE)
    return NULL_TREE;
  return record_field (TREE_TYPE (t), "_M_thread");
}

bool
wmm_std_jthread_other (gimple *stmt)
{
  /* the constructor templates (a create), the destructor (a join), join,
     and the members that read it or its stop state */
  static const char *const keep[] = {
    "C1I", "C2I", "D1Ev", "D2Ev", "4joinEv", "12request_stopEv",
  };
  const char *a = wmm_callee_asm_name (stmt);
  if (!strncmp (a, "_ZNKSt7jthread", 14))
    return false;
  if (strncmp (a, "_ZNSt7jthread", 13))
    return false;
  for (const char *k : keep)
    if (!strncmp (a + 13, k, strlen (k)))
      return false;
  /* its static helper (_S_create) builds a thread, it takes none */
  return strncmp (a + 13, "9_S_create", 10) != 0;
}

bool
wmm_std_thread_reads (gimple *stmt)
{
  return !strncmp (wmm_callee_asm_name (stmt), "_ZNKSt6thread", 13);
}

bool
wmm_once_internal (tree fndecl)
{
  static const char *const prefixes[] = {
    "_ZSt9call_once", "_ZZSt9call_once", "_ZNSt9once_flag18_Prepare_execution",
    "_ZZNSt9once_flag18_Prepare_execution",
  };
  return fndecl && TREE_CODE (fndecl) == FUNCTION_DECL
         && has_prefix (IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (fndecl)),
                        prefixes, ARRAY_SIZE (prefixes));
}

bool
wmm_thread_side_fn (tree fndecl)
{
  return wmm_std_fn (fndecl) || wmm_thread_lib_fn (fndecl);
}

/* Is fndecl code of the C++ standard library (namespace std)? */
bool
wmm_std_fn (tree fndecl)
{
  if (!fndecl || TREE_CODE (fndecl) != FUNCTION_DECL)
    return false;
  const char *a = IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (fndecl));
  return !strncmp (a, "_ZSt", 4) || !strncmp (a, "_ZNSt", 5)
         || !strncmp (a, "_ZNKSt", 6) || !strncmp (a, "_ZN9__gnu_cxx", 13)
         /* std::allocator's members (`Sa`, the mangling's abbreviation) */
         || !strncmp (a, "_ZNSa", 5) || !strncmp (a, "_ZNKSa", 6)
         /* entities local to such functions: their lambdas */
         || !strncmp (a, "_ZZSt", 5) || !strncmp (a, "_ZZNSt", 6)
         || !strncmp (a, "_ZZNKSt", 7);
}


/* The function statement `stmt` of fndecl's body comes from: the callee
 * GCC inlined it from (its BLOCK tree says), or fndecl. */
tree
wmm_stmt_origin (gimple *stmt, tree fndecl)
{
  for (tree b = gimple_block (stmt); b && TREE_CODE (b) == BLOCK;
       b = BLOCK_SUPERCONTEXT (b))
    if (inlined_function_outer_scope_p (b))
      {
        tree o = block_ultimate_origin (b);
        return o && TREE_CODE (o) == FUNCTION_DECL ? o : NULL_TREE;
      }
  return fndecl;
}

/* Does the unit take the address of a function it cannot read (a
 * function of another unit std::thread may be given)?  The library's own
 * (declared in system headers: libstdc++ passes &pthread_create to
 * _M_start_thread, vtables name its destructors and the compiler's
 * __cxa_pure_virtual) do not count: a thread
 * running a library function touches no data of the program. */
bool
wmm_foreign_callable (wmm_unitinfo *u)
{
  if (u->foreign_callable >= 0)
    return u->foreign_callable;
  u->foreign_callable = 0;
  auto foreign = [] (tree *tp, int *walk_subtrees, void *) -> tree {
    if (TYPE_P (*tp))
      *walk_subtrees = 0;
    else if (TREE_CODE (*tp) == ADDR_EXPR
             && TREE_CODE (TREE_OPERAND (*tp, 0)) == FUNCTION_DECL
             && !DECL_IN_SYSTEM_HEADER (TREE_OPERAND (*tp, 0))
             && !DECL_ARTIFICIAL (TREE_OPERAND (*tp, 0))
             && DECL_SOURCE_LOCATION (TREE_OPERAND (*tp, 0))
                != BUILTINS_LOCATION
             && !wmm_analysable_body (cgraph_node::get (wmm_alias_target
                                          (TREE_OPERAND (*tp, 0)))))
      return *tp;
    return NULL_TREE;
  };
  cgraph_node *node;
  FOR_EACH_FUNCTION_WITH_GIMPLE_BODY (node)
    {
      function *fn = wmm_analysable_body (node);
      if (!fn || u->foreign_callable)
        continue;
      wmm_each_stmt (fn, [&] (gimple *s) {
        /* A call's own callee is no address taken (a C++ complete-object
           constructor called is an alias of a body the unit reads). */
        for (unsigned i = 0; i < gimple_num_ops (s); i++)
          if (gimple_op (s, i)
              && !(is_gimple_call (s) && gimple_op_ptr (s, i)
                                         == gimple_call_fn_ptr (s))
              && walk_tree_without_duplicates (gimple_op_ptr (s, i), foreign,
                                               NULL))
            u->foreign_callable = 1;
      });
    }
  varpool_node *v;
  FOR_EACH_VARIABLE (v)
    {
      /* (an initializer lto1 cannot give: it may name one) */
      tree init = wmm_decl_initial (v->decl);
      if (init == error_mark_node
          || (init && walk_tree_without_duplicates (&init, foreign, NULL)))
        u->foreign_callable = 1;
    }
  return u->foreign_callable;
}

static bool thread_lib_callers (cgraph_node *n, int depth, bool *any);

/* Is assembler name a the code of std::async, std::future, shared_future,
 * promise or packaged_task, or of a template instantiated for their shared
 * state (std::__future_base's types in its arguments: the state's
 * shared_ptr, the result's unique_ptr)?  Like std::thread's own code,
 * its accesses are to the state, which the library synchronises itself
 * (an atomic status word with release and acquire, a futex, call_once). */
static bool
future_lib_name (const char *a)
{
  static const char *const prefixes[] = {
    "_ZSt5asyncI", "_ZNSt6futureI", "_ZNKSt6futureI", "_ZNSt14__basic_futureI",
    "_ZNKSt14__basic_futureI", "_ZNSt13shared_futureI", "_ZNKSt13shared_futureI",
    "_ZNSt7promiseI", "_ZNSt13packaged_taskI", "_ZNKSt13packaged_taskI",
    "_ZNSt23__atomic_futex_unsignedI", "_ZNKSt23__atomic_futex_unsignedI",
    /* shared_ptr's control block and its reference counts */
    "_ZNSt16_Sp_counted_baseIL", "_ZNKSt16_Sp_counted_baseIL",
    "_ZNSt23_Sp_counted_ptr_inplaceI", "_ZNSt15_Sp_counted_ptrI",
    "_ZNSt19_Sp_counted_deleterI", "_ZN9__gnu_cxx17__exchange_and_add",
    "_ZN9__gnu_cxx12__atomic_add", "_ZN9__gnu_cxx20__is_single_threaded",
    "_ZN9__gnu_cxxL20__is_single_threaded"
  };
  return has_prefix (a, prefixes, ARRAY_SIZE (prefixes))
         || strstr (a, "St13__future_base") || strstr (a, "St12future_error");
}

/* Is assembler name a the code of std::jthread or of its stop state
 * (stop_token, stop_source, the binary semaphore and notification a
 * stop request waits with)?  Its accesses are to the jthread's handle and
 * the shared stop state, which the library synchronises itself (atomic
 * read-modify-writes with acquire and release); a stop callback's own
 * function, stored by std::stop_callback, is an escaped function of the
 * unit and collected. */
static bool
jthread_lib_name (const char *a)
{
  static const char *const prefixes[] = {
    "_ZNSt7jthread", "_ZNKSt7jthread", "_ZNSt10stop_token",
    "_ZNKSt10stop_token", "_ZNSt11stop_source", "_ZNKSt11stop_source",
    "_ZNSt18counting_semaphore", "_ZNSt15__atomic_semaphore",
    "_ZNKSt15__atomic_semaphore", "_ZSt28__atomic_notify_address_bare",
    "_ZNSt8__detail17__platform_notify"
  };
  return has_prefix (a, prefixes, ARRAY_SIZE (prefixes));
}

bool
wmm_wait_lib_fn (tree fndecl)
{
  if (!fndecl || TREE_CODE (fndecl) != FUNCTION_DECL
      || !DECL_ASSEMBLER_NAME_SET_P (fndecl))
    return false;
  const char *a = IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (fndecl));
  /* std::__detail's members and lambdas (_ZN / _ZNK / _ZZN prefixes) */
  static const char *const detail[] = {
    "13__waiter_base", "13__waiter_pool", "18__waiter_pool_base",
    "8__waiter", "13__atomic_spin", "14__thread_relax", "14__thread_yield",
    "15__platform_wait", "17__platform_notify", "21__default_spin_policy",
  };
  static const char *const heads[] = {
    "_ZNSt8__detail", "_ZNKSt8__detail", "_ZZNSt8__detail", "_ZZNKSt8__detail",
  };
  for (const char *h : heads)
    if (!strncmp (a, h, strlen (h)))
      return has_prefix (a + strlen (h), detail, ARRAY_SIZE (detail));
  static const char *const entries[] = {
    "_ZSt21__atomic_wait_address", "_ZSt23__atomic_wait_address_v",
    "_ZSt26__atomic_wait_address_bare", "_ZSt23__atomic_notify_address",
    "_ZSt28__atomic_notify_address_bare",
  };
  return has_prefix (a, entries, ARRAY_SIZE (entries));
}

/* Is fndecl std::thread's own code: a member of std::thread (its
 * constructor, destructor, the state object's _M_run and destructor), or
 * a library function only such code calls (std::__invoke_impl for the
 * thread's callable)?  Its accesses are to the thread's handle and state
 * object, which the thread start (a full fence) hands from the parent to
 * the new thread, and its indirect call is the call of the callable given
 * to the constructor, which is a thread entry of its own (an escaped
 * function) or a function of another unit started as a thread.  The
 * callable's own code (a lambda, a function of the unit) is no library
 * code and is collected. */
bool
wmm_thread_lib_fn (tree fndecl, int depth)
{
  if (!wmm_std_fn (fndecl))
    {
      /* an implicit constructor or destructor (a closure's, copying its
         captures into the thread's state) that only such code calls */
      cgraph_node *n = fndecl && TREE_CODE (fndecl) == FUNCTION_DECL
                       && DECL_ARTIFICIAL (fndecl)
                       && (DECL_CXX_CONSTRUCTOR_P (fndecl)
                           || DECL_CXX_DESTRUCTOR_P (fndecl))
                       ? cgraph_node::get (fndecl) : NULL;
      bool any = false;
      return n && depth < 8 && thread_lib_callers (n, depth, &any) && any;
    }
  const char *a = IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (fndecl));
  if (!strncmp (a, "_ZNSt6thread", 12) || !strncmp (a, "_ZNKSt6thread", 13)
      || future_lib_name (a) || jthread_lib_name (a)
      /* templates for the thread's state (its unique_ptr's deleter, whose
         virtual destructor call is the library's) */
      || strstr (a, "St6thread6_State"))
    return true;
  /* a lambda of such code (call_once's, run in the calling thread) */
  tree ctx = DECL_CONTEXT (fndecl);
  if (ctx && TYPE_P (ctx) && TYPE_CONTEXT (ctx)
      && TREE_CODE (TYPE_CONTEXT (ctx)) == FUNCTION_DECL && depth < 8
      && wmm_thread_lib_fn (TYPE_CONTEXT (ctx), depth + 1))
    return true;
  cgraph_node *n = cgraph_node::get (fndecl);
  bool any = false;
  return n && depth < 8 && thread_lib_callers (n, depth, &any) && any;
}

/* Are all callers of node n and of its aliases (a constructor's
 * complete-object alias) thread_lib_fn, with no other reference?  Is
 * there one at all (`any`)? */
static bool
thread_lib_callers (cgraph_node *n, int depth, bool *any)
{
  if (n->address_taken)
    return false;
  for (cgraph_edge *e = n->callers; e; e = e->next_caller, *any = true)
    if (!wmm_thread_lib_fn (e->caller->decl, depth + 1))
      return false;
  ipa_ref *ref;
  for (unsigned k = 0; n->iterate_referring (k, ref); k++)
    {
      cgraph_node *alias = dyn_cast<cgraph_node *> (ref->referring);
      if (ref->use != IPA_REF_ALIAS || !alias
          || !thread_lib_callers (alias, depth + 1, any))
        return false;
    }
  return true;
}
