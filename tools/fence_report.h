/* fence_report.h — the placement report of `wmmfence-litmus fence` and
 * `wmmfence-litmus cycles`, as text or JSON.
 *
 * Example:
 *   wmm_strbuf b = WMM_STRBUF_INIT;
 *   wmm_fence_report_json(prog, &opts, &placement, &b);
 *   fputs(wmm_strbuf_str(&b), stdout);
 */
#ifndef WMMFENCE_TOOLS_FENCE_REPORT_H
#define WMMFENCE_TOOLS_FENCE_REPORT_H

#include "placement/placement.h"
#include "strbuf.h"

void wmm_fence_report_text(const wmm_program *p, const wmm_place_opts *o,
                           const wmm_placement *pl, wmm_strbuf *out);
void wmm_fence_report_json(const wmm_program *p, const wmm_place_opts *o,
                           const wmm_placement *pl, wmm_strbuf *out);
/* The critical cycles and delays (for `cycles`). */
void wmm_cycles_report_text(const wmm_program *p, const wmm_place_opts *o,
                            const wmm_placement *pl, wmm_strbuf *out);

/* The fence instruction as written in the test's syntax. */
const char *wmm_fence_text(wmm_arch arch, wmm_fence f);
const char *wmm_place_status_name(wmm_place_status s);

#endif
