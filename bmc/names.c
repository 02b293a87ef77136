/* names.c — the names of verdicts and replays (bmc.h), apart from the
 * checker: the plugin links these without Z3, which it loads only to check
 * a unit (plugin/bmcload.cc).
 *
 * Example:
 *   printf("%s\n", wmm_verdict_name(r.verdict));   // "safe"
 */
#include "bmc.h"

const char *wmm_verdict_name(wmm_verdict v)
{
  switch (v) {
  case WMM_VERDICT_SAFE: return "safe";
  case WMM_VERDICT_UNSAFE: return "unsafe";
  default: return "unknown";
  }
}

const char *wmm_replay_name(wmm_replay r)
{
  switch (r) {
  case WMM_REPLAY_CONFIRMED: return "confirmed";
  case WMM_REPLAY_REJECTED: return "rejected";
  case WMM_REPLAY_SKIPPED: return "skipped";
  default: return "none";
  }
}
