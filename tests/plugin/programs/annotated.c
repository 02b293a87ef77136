/* annotated.c — runtime/wmmfence.h: WMM_THREAD marks entries; the plugin
 * defines __WMMFENCE__ and __WMMFENCE_MODEL__. */
#include "wmmfence.h"

#ifdef __WMMFENCE__
const char *wmm_model_seen = __WMMFENCE_MODEL__;
#endif

int x, y;

WMM_THREAD void writer(void) { x = 1; y = 1; }
WMM_THREAD_ONCE int reader(void) { return y + x; }
