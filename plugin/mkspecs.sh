#!/bin/sh
# mkspecs.sh — print the specs that let gcc/g++ take -fwmm-KEY[=VALUE]
# options and -fplugin=wmmfence.so (docs/plugin.md, "Specs files").
# Usage:
#   sh plugin/mkspecs.sh PLUGIN > wmmfence.specs            # for -specs=
#   gcc -dumpspecs > b; sh plugin/mkspecs.sh --driver PLUGIN b < b > specs
# PLUGIN is the plugin's absolute path, or the short name `wmmfence` (the
# compiler's own plugin directory).  Any -fwmm-* option, or
# -fplugin=wmmfence.so, loads the plugin; -fwmm-KEY[=VALUE] becomes
# -fplugin-arg-wmmfence-KEY[=VALUE] (so every key of the plugin works and an
# unknown key is the plugin's error); the -fwmm-* options are removed before
# cc1/cc1plus sees them.  cc1_options serves compiles, cpp_options -E and
# separate preprocessing (distcc, -save-temps), where the plugin defines
# __WMMFENCE__ and __WMMFENCE_MODEL__; self_spec rewrites the driver's own
# options the same way, so that a -flto link line passes them to lto1.
# --driver: a spec set on stdin (the compiler's -dumpspecs, or the default
# specs file it had) followed by the same rules, for the compiler's default
# `specs` file (make install-driver-specs).  A user specs file is needed for the driver to
# accept options it does not know; the default file cannot declare them, so
# its self_spec names every -fwmm-* option once in an argument of %:gt(),
# which outputs nothing but marks them as used.
driver=no
if [ "${1-}" = --driver ]; then driver=yes; shift; fi
plugin=${1-}
[ -n "$plugin" ] || { echo "usage: mkspecs.sh [--driver] PLUGIN.so|wmmfence" >&2; exit 2; }
case $plugin in
  */*) load="-fplugin=$plugin" ;;
  *) load="-fplugin=$plugin %{!iplugindir*:%:find-plugindir()}" ;;
esac
line="%{fwmm-*|fplugin=wmmfence.so:$load} %{fwmm-*:-fplugin-arg-wmmfence-%*} %<fwmm-* %<fplugin=wmmfence.so"
if [ $driver = no ]; then
  for spec in cc1_options cpp_options; do
    printf '%%rename %s wmmfence_old_%s\n\n*%s:\n%s %%(wmmfence_old_%s)\n\n' "$spec" "$spec" "$spec" "$line" "$spec"
  done
  # The driver's own options too: a link line's -fwmm-* then reach
  # lto-wrapper and lto1 as plugin options (lto-wrapper drops options it
  # does not know).
  printf '*self_spec:\n+ %s\n\n' "$line"
  exit 0
fi
builtin=${2-}
[ -f "$builtin" ] || { echo "usage: mkspecs.sh --driver PLUGIN BUILTIN-SPECS < SPECS" >&2; exit 2; }
# Prefix the first line of cc1_options, cpp_options and self_spec with our
# text; a spec
# the input lacks comes from the built-in specs.
awk -v line="$line" -v mark="%:gt(%{fwmm-*} 0 1)" -v builtin="$builtin" '
  function body(name,   l, on, text) {
    text = ""; on = 0
    while ((getline l < builtin) > 0) {
      if (on && l == "") break
      if (on) text = text (text == "" ? "" : "\n") l
      if (l == "*" name ":") on = 1
    }
    close(builtin)
    return text
  }
  prev == "*cc1_options:" { print line " " $0; prev = $0; cc1 = 1; next }
  prev == "*cpp_options:" { print line " " $0; prev = $0; cpp = 1; next }
  prev == "*self_spec:" { print mark " " line " " $0; prev = $0; self = 1; next }
  { print; prev = $0 }
  END {
    # a blank line ends the last spec; a second one is an error for GCC
    if (prev != "") print ""
    if (!cc1) printf "*cc1_options:\n%s %s\n\n", line, body("cc1_options")
    if (!cpp) printf "*cpp_options:\n%s %s\n\n", line, body("cpp_options")
    if (!self) printf "*self_spec:\n%s %s %s\n\n", mark, line, body("self_spec")
    printf "*wmmfence_driver_specs:\nwritten by wmmfence make install-driver-specs\n\n"
  }'
