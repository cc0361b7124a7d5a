#!/usr/bin/env bash
# The C++ translation is generic in the scalar type: translate an example, compile a driver that
# drops in an AD tool's scalar (ADOL-C's adouble, Ceres's Jet), and check its derivative against
# the example's closed form (the driver asserts). Usage: run.sh CHAD_ORACLE SOURCE_DIR CXX TOOL
set -euo pipefail
oracle=$1 source=$2 cxx=$3 tool=$4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
case "$tool" in
  adolc) example=arrays driver=adolc_arrays.cpp libs=-ladolc ;;
  ceres) example=list_sum driver=ceres_list_sum.cpp libs= ;;
  *) echo "unknown tool $tool"; exit 2 ;;
esac
"$oracle" translate "$source/examples/$example.chad" --to cpp --out "$work/translation.cpp"
"$cxx" -std=c++20 -O0 -I/usr/include/eigen3 -DTRANSLATION="\"$work/translation.cpp\"" \
  "$source/tests/adapters/cpp_translation/$driver" -o "$work/driver" $libs
"$work/driver"
