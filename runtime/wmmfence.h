/* wmmfence.h — source annotations for the wmmfence GCC plugin.
 * SPDX-License-Identifier: MIT  (users include this header in their code;
 * see COPYING for the plugin's own license)
 *
 * WMM_THREAD        marks a function as a thread entry that may run in
 *                   several instances at once (library entry points, worker
 *                   functions started by code the compiler does not see).
 * WMM_THREAD_ONCE   marks a thread entry that runs in one instance only.
 * Without the plugin (or with another compiler) both expand to nothing.
 * __WMMFENCE__ is defined (to 1) by the plugin, and __WMMFENCE_MODEL__ to
 * the model's name as a string ("power", "tso", ...).
 *
 * Example:
 *   #include <wmmfence.h>
 *   WMM_THREAD void *worker(void *arg) { ... }
 *   gcc -specs=wmmfence.specs -fwmm-arch=power -O2 -c worker.c
 */
#ifndef WMMFENCE_RUNTIME_H
#define WMMFENCE_RUNTIME_H

#if defined(__has_attribute)
#if __has_attribute(wmmfence_thread)
#define WMM_THREAD __attribute__((wmmfence_thread))
#define WMM_THREAD_ONCE __attribute__((wmmfence_thread(1)))
#endif
#endif

#ifndef WMM_THREAD
#define WMM_THREAD
#define WMM_THREAD_ONCE
#endif

#endif /* WMMFENCE_RUNTIME_H */
