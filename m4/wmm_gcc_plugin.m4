dnl wmm_gcc_plugin.m4 — WMM_GCC_PLUGIN: find the GCC the plugin is built for and
dnl its plugin headers.  --with-gcc=COMPILER picks a cross compiler, e.g.
dnl   ./configure --with-gcc=aarch64-linux-gnu-gcc-12
dnl Sets WMM_GCC, WMM_GXX (its C++ driver, used to compile the plugin: the
dnl plugin must be built by a g++ of the same version), WMM_PLUGIN_DIR,
dnl WMM_GCC_VERSION, WMM_GCC_TARGET; conditional BUILD_PLUGIN.
dnl Also WMM_PLUGIN_CXX: the compiler that builds the plugin.  The plugin runs
dnl inside cc1 on the build machine, so for a cross GCC it is the host's g++ of
dnl the same major version (never the cross g++); WMM_TARGET_CPU (x86, ppc,
dnl aarch64, arm, other) picks the default model and the fence instructions;
dnl WMM_SPECS_DIR is where `gcc -specs=wmmfence.specs` looks (the libgcc
dnl directory); the core is compiled with -fPIC so it links into the plugin.
AC_DEFUN([WMM_GCC_PLUGIN], [
  AC_ARG_WITH([gcc],
    [AS_HELP_STRING([--with-gcc=COMPILER], [build the plugin for COMPILER (default: $CC)])],
    [WMM_GCC=$withval], [WMM_GCC=$CC])
  AC_ARG_ENABLE([plugin],
    [AS_HELP_STRING([--disable-plugin], [do not build the GCC plugin])],
    [enable_plugin=$enableval], [enable_plugin=yes])
  WMM_GCC_VERSION=`$WMM_GCC -dumpfullversion 2>/dev/null`
  WMM_GCC_TARGET=`$WMM_GCC -dumpmachine 2>/dev/null`
  WMM_PLUGIN_DIR=`$WMM_GCC -print-file-name=plugin 2>/dev/null`
  dnl The C++ driver next to the compiler: gcc-12 -> g++-12, x-gcc-12 -> x-g++-12.
  WMM_GXX=`echo "$WMM_GCC" | sed 's/gcc\(-[[0-9.]]*\)\{0,1\}$/g++\1/'`
  if test "$enable_plugin" = yes; then
    AC_MSG_CHECKING([for GCC plugin headers of $WMM_GCC])
    if test -f "$WMM_PLUGIN_DIR/include/gcc-plugin.h"; then
      AC_MSG_RESULT([$WMM_PLUGIN_DIR/include])
    else
      AC_MSG_RESULT([no])
      wmm_major=`echo "$WMM_GCC_VERSION" | cut -d. -f1`
      case "$WMM_GCC_TARGET" in
        x86_64-linux-gnu|"") wmm_pp="gcc-${wmm_major}-plugin-dev" ;;
        *) wmm_pp="gcc-${wmm_major}-plugin-dev-$WMM_GCC_TARGET" ;;
      esac
      missing_pkgs="$missing_pkgs $wmm_pp"
    fi
    AC_MSG_CHECKING([for $WMM_GXX])
    if $WMM_GXX --version >/dev/null 2>&1; then
      AC_MSG_RESULT([yes])
    else
      AC_MSG_RESULT([no])
      WMM_GXX=g++
    fi
    wmm_major=`echo "$WMM_GCC_VERSION" | cut -d. -f1`
    wmm_build=`$CC -dumpmachine 2>/dev/null`
    if test "$WMM_GCC_TARGET" = "$wmm_build" && $WMM_GXX --version >/dev/null 2>&1; then
      WMM_PLUGIN_CXX=$WMM_GXX
    elif g++-$wmm_major --version >/dev/null 2>&1; then
      WMM_PLUGIN_CXX=g++-$wmm_major
    else
      WMM_PLUGIN_CXX=g++
    fi
    AC_MSG_CHECKING([for the C++ compiler that builds the plugin])
    wmm_pmajor=`$WMM_PLUGIN_CXX -dumpfullversion 2>/dev/null | cut -d. -f1`
    AC_MSG_RESULT([$WMM_PLUGIN_CXX (GCC $wmm_pmajor)])
    if test "$wmm_pmajor" != "$wmm_major"; then
      AC_MSG_WARN([$WMM_PLUGIN_CXX is GCC $wmm_pmajor but $WMM_GCC is GCC $wmm_major; install g++-$wmm_major])
    fi
    WMM_CFLAGS="$WMM_CFLAGS -fPIC"
  fi
  case "$WMM_GCC_TARGET" in
    x86_64*|i?86*) WMM_TARGET_CPU=x86 ;;
    powerpc*|ppc*) WMM_TARGET_CPU=ppc ;;
    aarch64*) WMM_TARGET_CPU=aarch64 ;;
    arm*) WMM_TARGET_CPU=arm ;;
    *) WMM_TARGET_CPU=other ;;
  esac
  dnl Cross compilers of the same GCC version with plugin headers: the
  dnl plugin is also built for them (plugin/cross/TRIPLE/), for the tests.
  WMM_CROSS_TARGETS=""
  if test "$enable_plugin" = yes; then
    for wmm_t in x86_64-linux-gnu powerpc64le-linux-gnu aarch64-linux-gnu arm-linux-gnueabihf; do
      test "$wmm_t" = "$WMM_GCC_TARGET" && continue
      wmm_c="$wmm_t-gcc-$wmm_major"
      wmm_d=`$wmm_c -print-file-name=plugin 2>/dev/null`
      if test -n "$wmm_d" && test -f "$wmm_d/include/gcc-plugin.h"; then
        WMM_CROSS_TARGETS="$WMM_CROSS_TARGETS $wmm_t"
      fi
    done
    AC_MSG_CHECKING([for other GCC $wmm_major compilers to build the plugin for])
    AC_MSG_RESULT([${WMM_CROSS_TARGETS:-none}])
  fi
  WMM_SPECS_DIR=`$WMM_GCC -print-libgcc-file-name 2>/dev/null`
  WMM_SPECS_DIR=`dirname "$WMM_SPECS_DIR"`
  AM_CONDITIONAL([BUILD_PLUGIN], [test "$enable_plugin" = yes])
  AC_SUBST([WMM_GCC])
  AC_SUBST([WMM_GXX])
  AC_SUBST([WMM_GCC_VERSION])
  AC_SUBST([WMM_GCC_TARGET])
  AC_SUBST([WMM_PLUGIN_DIR])
  AC_SUBST([WMM_PLUGIN_CXX])
  AC_SUBST([WMM_TARGET_CPU])
  AC_SUBST([WMM_SPECS_DIR])
  AC_SUBST([WMM_CROSS_TARGETS])
])
