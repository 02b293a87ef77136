/* options.cc — parse -fplugin-arg-wmmfence-KEY[=VALUE] into wmm_plugin_options.
 * Example: "arch=power" "mode=warn" "report=r.json" "threads=exported"
 *          "notes=2" "summary"
 *          "debug-fence=P0:1:lwsync" (see docs/plugin.md for every key).
 */
#include "gcc-compat.h"
#include "options.h"
#include "placement/placement.h"

#ifndef WMM_TARGET_CPU
#define WMM_TARGET_CPU "other"
#endif

wmm_model
wmm_target_model (void)
{
  const char *cpu = WMM_TARGET_CPU;
  if (!strcmp (cpu, "x86"))
    return WMM_MODEL_TSO;
  if (!strcmp (cpu, "ppc"))
    return WMM_MODEL_POWER;
  if (!strcmp (cpu, "aarch64"))
    return WMM_MODEL_ARMV8;
  if (!strcmp (cpu, "arm"))
    return WMM_MODEL_ARMV7;
  return WMM_MODEL_SC;
}

int
wmm_parse_fence_kind (const char *s)
{
  char buf[64];
  size_t n = strlen (s);
  if (n >= sizeof buf)
    return -1;
  for (size_t i = 0; i <= n; i++)
    buf[i] = (s[i] == '_' || s[i] == '-') ? ' ' : s[i];
  for (int k = WMM_FENCE_NONE + 1; k < WMM_FENCE_COUNT; k++)
    if (!strcmp (buf, wmm_fence_name ((wmm_fence) k)))
      return k;
  return -1;
}

/* Parse "on"/"off"-style flags: no value, 1/0, yes/no. */
static bool
parse_flag (const char *key, const char *val, int *out)
{
  if (!val || !strcmp (val, "1") || !strcmp (val, "yes"))
    *out = 1;
  else if (!strcmp (val, "0") || !strcmp (val, "no"))
    *out = 0;
  else
    {
      error ("wmmfence: option %<-fplugin-arg-wmmfence-%s%> takes no value "
             "or 0/1, not %qs", key, val);
      return false;
    }
  return true;
}

/* Does key need a value?  Report the error when it is missing. */
static bool
need_value (const char *key, const char *val)
{
  if (val && *val)
    return true;
  error ("wmmfence: option %<-fplugin-arg-wmmfence-%s%> needs a value "
         "(%<-fplugin-arg-wmmfence-%s=...%>)", key, key);
  return false;
}

/* A key with two values, off and on (deps=none|addr): *out 0 or 1. */
static bool
parse_pair (const char *key, const char *val, const char *off,
            const char *on, int *out)
{
  if (!need_value (key, val))
    return false;
  if (strcmp (val, off) && strcmp (val, on))
    {
      error ("wmmfence: option %<-fplugin-arg-wmmfence-%s%>: unknown value "
             "%qs (%s or %s)", key, val, off, on);
      return false;
    }
  *out = !strcmp (val, on);
  return true;
}

/* FUNC:INDEX[:KIND] of debug-fence / debug-volatile. */
static bool
parse_mark (const char *key, const char *val, bool with_kind,
            wmm_plugin_options *o)
{
  char *copy = xstrdup (val);
  char *c1 = strchr (copy, ':');
  char *c2 = c1 ? strchr (c1 + 1, ':') : NULL;
  char *end = NULL;
  long idx = -1;
  int kind = WMM_FENCE_NONE;
  bool ok = c1 != NULL && c1 != copy && (with_kind ? c2 != NULL : c2 == NULL);
  if (ok)
    {
      *c1 = 0;
      if (c2)
        *c2 = 0;
      idx = strtol (c1 + 1, &end, 10);
      ok = end != c1 + 1 && *end == 0 && idx >= 0 && idx < INT_MAX;
    }
  if (ok && with_kind)
    {
      kind = wmm_parse_fence_kind (c2 + 1);
      if (kind < 0)
        {
          error ("wmmfence: option %<-fplugin-arg-wmmfence-%s%>: unknown "
                 "fence kind %qs", key, c2 + 1);
          free (copy);
          return false;
        }
    }
  if (!ok)
    {
      error ("wmmfence: option %<-fplugin-arg-wmmfence-%s%> expects %s, "
             "not %qs", key, with_kind ? "FUNCTION:INDEX:KIND"
             : "FUNCTION:INDEX", val);
      free (copy);
      return false;
    }
  o->marks = XRESIZEVEC (wmm_debug_mark, o->marks, o->nmarks + 1);
  o->marks[o->nmarks].func = copy;
  o->marks[o->nmarks].index = (int) idx;
  o->marks[o->nmarks].kind = (wmm_fence) kind;
  o->nmarks++;
  return true;
}

/* Parse one KEY[=VALUE]; false after an error. */
static bool
parse_one (const char *key, const char *val, wmm_plugin_options *o)
{
  if (!strcmp (key, "arch"))
    {
      if (!need_value (key, val))
        return false;
      o->model = wmm_model_parse (val);
      if (o->model < 0)
        {
          error ("wmmfence: option %<-fplugin-arg-wmmfence-arch%>: unknown "
                 "architecture %qs (use sc, tso, x86, pso, rmo, power, "
                 "armv7 or armv8)", val);
          return false;
        }
      return true;
    }
  if (!strcmp (key, "from"))
    {
      if (!need_value (key, val))
        return false;
      o->from = wmm_model_parse (val);
      if (o->from < 0 || !wmm_place_from_supported ((wmm_model) o->from))
        {
          error ("wmmfence: option %<-fplugin-arg-wmmfence-from%>: %qs cannot "
                 "be a reference model (use sc, tso, x86, pso or rmo)", val);
          return false;
        }
      return true;
    }
  if (!strcmp (key, "mode"))
    {
      if (!need_value (key, val))
        return false;
      if (!strcmp (val, "insert"))
        o->mode = WMM_MODE_INSERT;
      else if (!strcmp (val, "warn"))
        o->mode = WMM_MODE_WARN;
      else if (!strcmp (val, "report"))
        o->mode = WMM_MODE_REPORT;
      else
        {
          error ("wmmfence: option %<-fplugin-arg-wmmfence-mode%>: unknown "
                 "mode %qs (use insert, warn or report)", val);
          return false;
        }
      return true;
    }
  if (!strcmp (key, "threads"))
    {
      if (!need_value (key, val))
        return false;
      if (!strcmp (val, "auto"))
        o->threads = WMM_THREADS_AUTO;
      else if (!strcmp (val, "create"))
        o->threads = WMM_THREADS_CREATE;
      else if (!strcmp (val, "exported"))
        o->threads = WMM_THREADS_EXPORTED;
      else
        {
          error ("wmmfence: option %<-fplugin-arg-wmmfence-threads%>: unknown "
                 "value %qs (use auto, create or exported)", val);
          return false;
        }
      return true;
    }
  if (!strcmp (key, "calls"))
    {
      if (!need_value (key, val))
        return false;
      if (!strcmp (val, "sound"))
        o->calls = WMM_CALLS_SOUND;
      else if (!strcmp (val, "barrier"))
        o->calls = WMM_CALLS_BARRIER;
      else
        {
          error ("wmmfence: option %<-fplugin-arg-wmmfence-calls%>: unknown "
                 "value %qs (use sound or barrier)", val);
          return false;
        }
      return true;
    }
  if (!strcmp (key, "report") || !strcmp (key, "dump-ir"))
    {
      if (!need_value (key, val))
        return false;
      char **slot = !strcmp (key, "report") ? &o->report : &o->dump_ir;
      free (*slot);
      *slot = xstrdup (val);
      return true;
    }
  if (!strcmp (key, "time-limit"))
    {
      if (!need_value (key, val))
        return false;
      char *end;
      double t = strtod (val, &end);
      if (*end || end == val || !(t >= 0) || t > 1e6)
        {
          error ("wmmfence: option %<-fplugin-arg-wmmfence-time-limit%>: "
                 "%qs is not a number of seconds", val);
          return false;
        }
      o->time_limit = t;
      return true;
    }
  if (!strcmp (key, "max-cycles"))
    {
      if (!need_value (key, val))
        return false;
      char *end;
      long n = strtol (val, &end, 10);
      if (*end || end == val || n < 0)
        {
          error ("wmmfence: option %<-fplugin-arg-wmmfence-max-cycles%>: "
                 "%qs is not a number", val);
          return false;
        }
      o->max_cycles = n;
      return true;
    }
  if (!strcmp (key, "inline-depth"))
    {
      if (!need_value (key, val))
        return false;
      char *end;
      long n = strtol (val, &end, 10);
      if (*end || end == val || n < 0 || n > WMM_MAX_INLINE_DEPTH)
        {
          error ("wmmfence: option %<-fplugin-arg-wmmfence-inline-depth%>: "
                 "%qs is not a number from 0 to %d", val,
                 WMM_MAX_INLINE_DEPTH);
          return false;
        }
      o->inline_depth = (int) n;
      return true;
    }
  if (!strcmp (key, "verbose"))
    return parse_flag (key, val, &o->verbose);
  if (!strcmp (key, "notes"))
    {
      if (!val || !strcmp (val, "1") || !strcmp (val, "yes"))
        o->notes = 1;
      else if (!strcmp (val, "0") || !strcmp (val, "no"))
        o->notes = 0;
      else if (!strcmp (val, "2") || !strcmp (val, "cycle"))
        o->notes = 2;
      else
        {
          error ("wmmfence: option %<-fplugin-arg-wmmfence-notes%> takes no "
                 "value, 0, 1 or 2 (2: with the cycle), not %qs", val);
          return false;
        }
      return true;
    }
  if (!strcmp (key, "summary"))
    return parse_flag (key, val, &o->summary);
  if (!strcmp (key, "quiet"))
    return parse_flag (key, val, &o->quiet);
  if (!strcmp (key, "disable"))
    return parse_flag (key, val, &o->disable);
  if (!strcmp (key, "greedy"))
    return parse_flag (key, val, &o->greedy);
  if (!strcmp (key, "check"))
    return parse_flag (key, val, &o->check);
  if (!strcmp (key, "goal"))
    {
      if (!need_value (key, val))
        return false;
      if (!strcmp (val, "sc"))
        o->goal = 0;
      else if (!strcmp (val, "assertions"))
        o->goal = o->check = 1;
      else
        {
          error ("wmmfence: option %<-fplugin-arg-wmmfence-goal%>: unknown "
                 "goal %qs (sc or assertions)", val);
          return false;
        }
      return true;
    }
  if (!strcmp (key, "deps"))
    return parse_pair (key, val, "none", "addr", &o->deps_addr);
  if (!strcmp (key, "locks"))
    return parse_pair (key, val, "full", "acqrel", &o->locks_acqrel);
  if (!strcmp (key, "unwind"))
    {
      if (!need_value (key, val))
        return false;
      char *end;
      long n = strtol (val, &end, 10);
      if (*end || end == val || n < 0 || n > 1000)
        {
          error ("wmmfence: option %<-fplugin-arg-wmmfence-unwind%>: "
                 "%qs is not a loop bound (0 to 1000)", val);
          return false;
        }
      o->unwind = (int) n;
      return true;
    }
  if (!strcmp (key, "debug-fence"))
    return need_value (key, val) && parse_mark (key, val, true, o);
  if (!strcmp (key, "debug-volatile"))
    return need_value (key, val) && parse_mark (key, val, false, o);
  error ("wmmfence: unknown option %<-fplugin-arg-wmmfence-%s%> (known: arch, "
         "from, mode, report, threads, calls, notes, summary, verbose, quiet, "
         "disable, "
         "time-limit, max-cycles, inline-depth, greedy, dump-ir, debug-fence, "
         "debug-volatile, check, unwind, goal, deps, locks)", key);
  return false;
}

bool
wmm_parse_options (const struct plugin_name_args *info, wmm_plugin_options *o)
{
  memset (o, 0, sizeof *o);
  o->model = -1;
  o->notes = -1;
  o->time_limit = 10.0;
  o->max_cycles = 5000;   /* compile time: about 3 s for the largest units */
  o->inline_depth = 3;
  o->unwind = 2;          /* check: the BMC's default loop bound */
  bool ok = true;
  for (int i = 0; i < info->argc; i++)
    if (!parse_one (info->argv[i].key, info->argv[i].value, o))
      ok = false;
  return ok;
}
