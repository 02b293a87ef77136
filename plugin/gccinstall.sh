#!/bin/sh
# gccinstall.sh — install or remove wmmfence for every GCC it was built for:
# the plugin into the compiler's plugin directory, wmmfence.specs next to its
# libgcc (where -specs=NAME is searched) and a pkg-config file naming that
# plugin; with install-driver / uninstall-driver, the compiler's default
# `specs` file (docs/plugin.md, "The default specs file").
# Run by plugin/Makefile.inc:
#   sh plugin/gccinstall.sh install|uninstall|install-driver|uninstall-driver \
#      SRCDIR VERSION PKGCONFIGDIR LIBDIR INCLUDEDIR GCC MAJOR [TRIPLE...]
# GCC is the configured compiler (its plugin: plugin/wmmfence.so), each
# TRIPLE a cross compiler TRIPLE-gcc-MAJOR (plugin/cross/TRIPLE/wmmfence.so).
# Environment: DESTDIR (staging, as for automake), WMM_GCC_ROOT (a directory
# prefixed to every compiler directory, written into the files: installs for
# a relocated toolchain, and the tests), INSTALL_PROGRAM, INSTALL_DATA.
# The configured compiler's pkg-config file goes to
# PKGCONFIGDIR, the others' to LIBDIR/TRIPLE/pkgconfig (the directory a cross
# pkg-config searches).  Example:
#   sh plugin/gccinstall.sh install . 0.1.0 /usr/local/lib/pkgconfig \
#      /usr/local/lib /usr/local/include gcc 12 powerpc64le-linux-gnu
set -eu
action=$1 srcdir=$2 version=$3 pcdir=$4 libdir=$5 includedir=$6 gcc=$7 major=$8
shift 8
compilers=$gcc:plugin/wmmfence.so
for t in "$@"; do
  compilers="$compilers $t-gcc-$major:plugin/cross/$t/wmmfence.so"
done
DESTDIR=${DESTDIR-}
root=${WMM_GCC_ROOT-}
install_program=${INSTALL_PROGRAM:-install -m 755}
install_data=${INSTALL_DATA:-install -m 644}

# The model a target's plugin uses by default (options.cc's wmm_target_model).
target_model() {
  case $1 in
    x86_64*|i?86*) echo tso ;;
    powerpc*|ppc*) echo power ;;
    aarch64*) echo armv8 ;;
    arm*) echo armv7 ;;
    *) echo sc ;;
  esac
}

# Write stdin to DEST atomically (no partial file on failure).
write_file() {
  mkdir -p "$(dirname "$1")"
  cat > "$1.tmp$$" && mv "$1.tmp$$" "$1"
}

first=yes
for spec in $compilers; do
  cc=${spec%%:*} so=${spec#*:}
  triple=$("$cc" -dumpmachine)
  plugdir=$root$("$cc" -print-file-name=plugin)
  specsdir=$root$(dirname "$("$cc" -print-libgcc-file-name)")
  if [ $first = yes ]; then pc=$pcdir/wmmfence.pc; else pc=$libdir/$triple/pkgconfig/wmmfence.pc; fi
  first=no
  case $action in
    install)
      echo "  INSTALL  $cc: $plugdir/wmmfence.so, wmmfence-bmc.so, $specsdir/wmmfence.specs, $pc"
      mkdir -p "$DESTDIR$plugdir"
      $install_program "$so" "$DESTDIR$plugdir/wmmfence.so"
      # the model checker, loaded from the plugin's directory (bmcload.cc)
      $install_program "$(dirname "$so")/wmmfence-bmc.so" "$DESTDIR$plugdir/wmmfence-bmc.so"
      sh "$srcdir/plugin/mkspecs.sh" "$plugdir/wmmfence.so" | write_file "$DESTDIR$specsdir/wmmfence.specs"
      chmod 644 "$DESTDIR$specsdir/wmmfence.specs"
      write_file "$DESTDIR$pc" <<EOF
# wmmfence.pc — flags that load the wmmfence plugin into $cc ($triple).
# pkg-config --cflags wmmfence                             the target's model
# pkg-config --define-variable=arch=power --cflags wmmfence  another model
includedir=$includedir
compiler=$cc
target=$triple
plugin=$plugdir/wmmfence.so
specs=$specsdir/wmmfence.specs
arch=$(target_model "$triple")

Name: wmmfence
Description: fences for weak memory models (GCC plugin for $cc)
Version: $version
Cflags: -I\${includedir} -fplugin=\${plugin} -fplugin-arg-wmmfence-arch=\${arch}
EOF
      chmod 644 "$DESTDIR$pc"
      ;;
    uninstall)
      rm -f "$DESTDIR$plugdir/wmmfence.so" "$DESTDIR$plugdir/wmmfence-bmc.so" \
        "$DESTDIR$specsdir/wmmfence.specs" "$DESTDIR$pc"
      ;;
    install-driver)
      specs=$DESTDIR$specsdir/specs
      if [ -f "$specs" ] && ! grep -q '^\*wmmfence_driver_specs:' "$specs"; then
        [ -f "$specs.wmmfence-orig" ] || cp -p "$specs" "$specs.wmmfence-orig"
      fi
      # The spec set to extend: the file that was there, else the built-in
      # specs (-dumpspecs prints those, never a specs file); a spec that
      # file lacks comes from the built-in specs.
      builtin=$specs.wmmfence-builtin$$
      "$cc" -dumpspecs > "$builtin"
      base=$builtin
      [ ! -f "$specs.wmmfence-orig" ] || base=$specs.wmmfence-orig
      sh "$srcdir/plugin/mkspecs.sh" --driver "$plugdir/wmmfence.so" "$builtin" < "$base" | write_file "$specs"
      rm -f "$builtin"
      chmod 644 "$specs"
      echo "  INSTALL  $cc: $specs (its default spec set with wmmfence's rules)"
      ;;
    uninstall-driver)
      specs=$DESTDIR$specsdir/specs
      if [ -f "$specs" ] && grep -q '^\*wmmfence_driver_specs:' "$specs"; then
        rm -f "$specs"
        if [ -f "$specs.wmmfence-orig" ]; then mv "$specs.wmmfence-orig" "$specs"; fi
      fi
      ;;
    *) echo "gccinstall.sh: unknown action '$action'" >&2; exit 2 ;;
  esac
done
