# The multiple-precision libraries behind the certified references (model/): MPFI, MPFR and
# GMP, which ship no CMake package of their own. Found by library and header and given as
# imported targets ChadOracle::mpfi, ChadOracle::mpfr, ChadOracle::gmp, so that the exported
# targets name them rather than this machine's paths. Used by the build and by the installed
# ChadOracleConfig.cmake alike.
foreach(chad_numeric_library mpfi mpfr gmp)
  string(TOUPPER ${chad_numeric_library} chad_numeric_upper)
  if(NOT TARGET ChadOracle::${chad_numeric_library})
    find_library(${chad_numeric_upper}_LIBRARY ${chad_numeric_library})
    find_path(${chad_numeric_upper}_INCLUDE_DIR ${chad_numeric_library}.h)
    if(NOT ${chad_numeric_upper}_LIBRARY OR NOT ${chad_numeric_upper}_INCLUDE_DIR)
      set(ChadOracle_NUMERIC_MISSING "${chad_numeric_library} (Debian lib${chad_numeric_library}-dev)")
      break()
    endif()
    add_library(ChadOracle::${chad_numeric_library} UNKNOWN IMPORTED)
    set_target_properties(ChadOracle::${chad_numeric_library} PROPERTIES
                          IMPORTED_LOCATION "${${chad_numeric_upper}_LIBRARY}"
                          INTERFACE_INCLUDE_DIRECTORIES "${${chad_numeric_upper}_INCLUDE_DIR}")
  endif()
endforeach()
