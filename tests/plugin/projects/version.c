/* version.c — part of the sample projects (tests/plugin/buildsys.sh): it
 * includes the installed wmmfence.h and names the model the plugin used;
 * it does not compile without the plugin (__WMMFENCE_MODEL__ is the
 * plugin's).  Example: printf ("%s\n", wmm_model_used);
 */
#include <wmmfence.h>
#ifndef __WMMFENCE_MODEL__
#error "compiled without the wmmfence plugin"
#endif
const char *wmm_model_used = __WMMFENCE_MODEL__;
