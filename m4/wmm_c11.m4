dnl wmm_c11.m4 — WMM_CHECK_C11: make sure $CC accepts C11 (adds -std=c11 if needed).
AC_DEFUN([WMM_CHECK_C11], [
  AC_CACHE_CHECK([whether $CC accepts C11 with -std=c11], [wmm_cv_c11], [
    wmm_save_CFLAGS=$CFLAGS
    CFLAGS="$CFLAGS -std=c11"
    AC_COMPILE_IFELSE([AC_LANG_PROGRAM([[_Static_assert(1, "c11");]], [[]])],
                      [wmm_cv_c11=yes], [wmm_cv_c11=no])
    CFLAGS=$wmm_save_CFLAGS])
  if test "$wmm_cv_c11" != yes; then
    AC_MSG_ERROR([$CC does not accept -std=c11; wmmfence's core is C11])
  fi
  WMM_CFLAGS="-std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Wno-unused-parameter"
  AC_SUBST([WMM_CFLAGS])
])
