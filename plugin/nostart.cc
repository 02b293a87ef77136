/* nostart.cc — library functions known never to start a thread and never
 * to keep a function pointer they are given for a later or concurrent call.
 *
 * entries.cc asks this table two questions (docs/plugin.md, "Thread entries
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

/* C and POSIX functions, by their source name. */
static const char *const c_names[] = {
  /* stdio */
  "printf", "fprintf", "sprintf", "snprintf", "vprintf", "vfprintf",
  "vsprintf", "vsnprintf", "dprintf", "vdprintf", "asprintf", "vasprintf",
  "puts", "fputs", "putchar", "fputc", "putc", "fflush", "perror", "fwrite",
  "fread", "fopen", "fdopen", "freopen", "fclose", "fgets", "fgetc", "getc",
  "getchar", "ungetc", "scanf", "fscanf", "sscanf", "vscanf", "vfscanf",
  "vsscanf", "__isoc99_scanf", "__isoc99_fscanf", "__isoc99_sscanf",
  "__isoc99_vsscanf", "fseek", "ftell", "rewind", "feof", "ferror",
  "clearerr", "setvbuf", "setbuf", "fileno",
  /* files and descriptors */
  "open", "close", "read", "write", "lseek", "pread", "pwrite", "stat",
  "fstat", "lstat", "unlink", "remove", "rename", "mkdir", "rmdir",
  "access", "getcwd", "chdir", "dup", "dup2", "pipe", "poll", "select",
  "mmap", "munmap", "mprotect",
  /* memory and strings */
  "malloc", "calloc", "realloc", "free", "aligned_alloc", "posix_memalign",
  "memalign", "valloc", "reallocarray", "strdup", "strndup", "memcpy",
  "memmove", "memset", "memcmp", "memchr", "strcpy", "strncpy", "strcat",
  "strncat", "strcmp", "strncmp", "strlen", "strnlen", "strchr", "strrchr",
  "strstr", "strspn", "strcspn", "strpbrk", "strtok", "strtok_r",
  "strerror", "strerror_r", "strcoll", "strxfrm", "bzero", "bcopy",
  /* stdlib: the callbacks of qsort & co run in the caller, before return */
  "atoi", "atol", "atoll", "atof", "strtol", "strtoul", "strtoll",
  "strtoull", "strtod", "strtof", "strtold", "abs", "labs", "llabs", "div",
  "rand", "srand", "rand_r", "random", "srandom", "drand48", "getenv",
  "setenv", "unsetenv", "qsort", "qsort_r", "bsearch", "lfind", "lsearch",
  "exit", "_exit", "_Exit", "abort", "quick_exit", "system",
  /* handlers run in the thread that exits or takes the signal (docs) */
  "atexit", "at_quick_exit", "on_exit", "signal", "raise", "kill",
  "sigemptyset", "sigfillset", "sigaddset", "sigprocmask",
  /* time and process */
  "time", "clock", "clock_gettime", "gettimeofday", "nanosleep", "usleep",
  "sleep", "localtime", "localtime_r", "gmtime", "gmtime_r", "mktime",
  "strftime", "difftime", "getpid", "getppid",
  /* run-time checks */
  "__assert_fail", "__assert_perror_fail", "__assert", "__stack_chk_fail",
  "__errno_location",
  /* threads: everything but the functions that start them */
  "pthread_join", "pthread_detach", "pthread_self", "pthread_equal",
  "pthread_exit", "pthread_once", "pthread_getspecific",
  "pthread_setspecific", "pthread_key_delete", "pthread_setname_np",
  "pthread_getname_np", "pthread_yield", "pthread_setcancelstate",
  "pthread_cancel", "pthread_testcancel", "pthread_kill", "sched_yield",
  "thrd_join", "thrd_detach", "thrd_current", "thrd_sleep", "thrd_yield",
  "thrd_exit", "thrd_equal", "call_once", "tss_get", "tss_set",
};

/* Families by prefix (source names). */
static const char *const c_prefixes[] = {
  "pthread_mutex", "pthread_cond", "pthread_rwlock", "pthread_spin",
  "pthread_barrier", "pthread_attr", "sem_", "mtx_", "cnd_", "omp_",
  "__cxa_",   /* C++ run time: guards, exceptions, atexit */
};

/* C++ library functions, by assembler-name prefix. */
static const char *const cxx_prefixes[] = {
  "_Znw", "_Zna", "_Zdl", "_Zda",        /* operator new / delete */
  "_ZNSo", "_ZNSi", "_ZNSt8ios_base",     /* ostream, istream, ios_base */
  "_ZStls", "_ZStrs", "_ZSt16__ostream_insert",
  "_ZNSt7__cxx1112basic_string", "_ZNKSt7__cxx1112basic_string",
  "_ZNSt6thread4joinEv", "_ZNSt6thread6detachEv",
  "_ZNSt6thread20hardware_concurrencyEv", "_ZSt9terminatev",
};

/* Does `s` start with one of the `n` prefixes? */
static bool
has_prefix (const char *s, const char *const *prefixes, size_t n)
{
  for (size_t i = 0; i < n; i++)
    if (!strncmp (s, prefixes[i], strlen (prefixes[i])))
      return true;
  return false;
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
  tree ctx = DECL_CONTEXT (fndecl);
  if (DECL_NAME (fndecl)
      && (!ctx || TREE_CODE (ctx) == TRANSLATION_UNIT_DECL))
    {
      const char *n = IDENTIFIER_POINTER (DECL_NAME (fndecl));
      for (const char *s : c_names)
        if (!strcmp (n, s))
          return true;
      if (has_prefix (n, c_prefixes, ARRAY_SIZE (c_prefixes)) || fortified (n))
        return true;
    }
  const char *a = IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (fndecl));
  return has_prefix (a, cxx_prefixes, ARRAY_SIZE (cxx_prefixes));
}
