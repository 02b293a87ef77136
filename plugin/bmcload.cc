/* bmcload.cc — the bounded model checker (bmc/, with Z3) as a second
 * shared object, wmmfence-bmc.so next to wmmfence.so, loaded the first
 * time a unit is checked (check=, goal=assertions).  A compile that only
 * places fences then loads neither Z3 nor libstdc++: about 6 ms of the
 * plugin's fixed cost per unit (docs/plugin.md, "Figures").
 *
 * The functions below stand for bmc.h's of the same name; the checker's
 * object is linked -Bsymbolic, so its own calls stay inside it.
 * Example: wmm_bmc_verify (p, &o, &r, &err) loads
 *   /usr/lib/gcc/x86_64-linux-gnu/12/plugin/wmmfence-bmc.so on first use;
 *   without it, returns WMM_ERR_IO and err names the file.
 */
#include "plugin.h"
#include "bmc.h"

#include <dlfcn.h>

namespace {

typedef int (*inline_fn) (const wmm_program *, int, wmm_program **,
                          wmm_error *);
typedef int (*verify_fn) (const wmm_program *, const wmm_verify_opts *,
                          wmm_verify_result *, wmm_error *);
typedef wmm_verify_opts (*opts_fn) (wmm_model);
typedef void (*free_fn) (wmm_verify_result *);

struct bmc_api
{
  bool tried;
  char why[4700];     /* why it could not be loaded, or "" */
  inline_fn inline_;
  verify_fn verify;
  opts_fn opts;
  free_fn free_;
};

bmc_api api;

/* Load wmmfence-bmc.so from this plugin's directory, once; true when its
 * functions are there. */
bool
load_bmc (void)
{
  if (api.tried)
    return api.why[0] == 0;
  api.tried = true;
  Dl_info self;
  char path[4096];
  const char *so = dladdr ((void *) &load_bmc, &self) ? self.dli_fname : NULL;
  const char *slash = so ? strrchr (so, '/') : NULL;
  if (slash)
    snprintf (path, sizeof path, "%.*s/wmmfence-bmc.so", (int) (slash - so), so);
  else
    snprintf (path, sizeof path, "./wmmfence-bmc.so");
  void *h = dlopen (path, RTLD_NOW | RTLD_LOCAL);
  if (h)
    {
      api.inline_ = (inline_fn) dlsym (h, "wmm_bmc_inline");
      api.verify = (verify_fn) dlsym (h, "wmm_bmc_verify");
      api.opts = (opts_fn) dlsym (h, "wmm_verify_opts_default");
      api.free_ = (free_fn) dlsym (h, "wmm_verify_result_free");
    }
  if (!h || !api.inline_ || !api.verify || !api.opts || !api.free_)
    {
      const char *e = dlerror ();
      snprintf (api.why, sizeof api.why,
                "the model checker %s cannot be loaded: %s", path,
                e ? e : "a function is missing");
      return false;
    }
  return true;
}

} // anon namespace

int
wmm_bmc_inline (const wmm_program *p, int depth, wmm_program **out,
                wmm_error *err)
{
  if (!load_bmc ())
    return wmm_fail (err, WMM_ERR_IO, NULL, 0, "%s", api.why);
  return api.inline_ (p, depth, out, err);
}

int
wmm_bmc_verify (const wmm_program *p, const wmm_verify_opts *o,
                wmm_verify_result *r, wmm_error *err)
{
  if (!load_bmc ())
    {
      memset (r, 0, sizeof *r);
      r->verdict = WMM_VERDICT_UNKNOWN;
      return wmm_fail (err, WMM_ERR_IO, NULL, 0, "%s", api.why);
    }
  return api.verify (p, o, r, err);
}

wmm_verify_opts
wmm_verify_opts_default (wmm_model m)
{
  if (load_bmc ())
    return api.opts (m);
  wmm_verify_opts o;
  memset (&o, 0, sizeof o);   /* wmm_bmc_verify then reports the failure */
  return o;
}

void
wmm_verify_result_free (wmm_verify_result *r)
{
  if (load_bmc ())
    api.free_ (r);   /* (without the checker no result holds memory) */
}
