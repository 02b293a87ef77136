#!/bin/sh
# mkspecs.sh — print the specs file that lets gcc/g++ take -fwmm-KEY[=VALUE]
# options (DESIGN.md's checked specs lines, for every key of the plugin).
# Usage: sh plugin/mkspecs.sh /path/to/wmmfence.so > wmmfence.specs
# Any -fwmm-* option loads the plugin; -fwmm-KEY=VALUE becomes
# -fplugin-arg-wmmfence-KEY=VALUE, -fwmm-FLAG becomes -fplugin-arg-wmmfence-FLAG.
plugin=$1
[ -n "$plugin" ] || { echo "usage: mkspecs.sh PLUGIN.so" >&2; exit 2; }
line="%{fwmm-*:-fplugin=$plugin}"
for k in arch mode report threads calls time-limit max-cycles dump-ir debug-fence debug-volatile unwind; do
  line="$line %{fwmm-$k=*:-fplugin-arg-wmmfence-$k=%*}"
done
for k in verbose quiet disable greedy check; do
  line="$line %{fwmm-$k:-fplugin-arg-wmmfence-$k}"
done
printf '%%rename cc1_options wmmfence_old_cc1_options\n\n*cc1_options:\n%s %%<fwmm-* %%(wmmfence_old_cc1_options)\n\n' "$line"
