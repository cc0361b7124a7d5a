#!/usr/bin/env bash
# package_consumer (tests/package/CMakeLists.txt): cmake --install into a fresh prefix, then
# configure, build and run examples/consumer against that prefix alone.
# Arguments: CMAKE BUILD_DIR CONSUMER_SOURCE WORK_DIR CXX_COMPILER [CCACHE [LINK_FLAGS]]
set -euo pipefail
cmake=$1 build=$2 consumer=$3 work=$4 cxx=$5 ccache=${6:-} link_flags=${7:-}
rm -rf "$work"
mkdir -p "$work"
"$cmake" --install "$build" --prefix "$work/prefix" >"$work/install.log"
test -f "$work/prefix/lib/cmake/ChadOracle/ChadOracleConfig.cmake"
test -x "$work/prefix/bin/chad-oracle"
test -f "$work/prefix/include/chad-oracle/api/chad_oracle.hpp"
launcher=()
[ -n "$ccache" ] && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER="$ccache")
# Only the prefix: the consumer must not see this build tree.
"$cmake" -S "$consumer" -B "$work/build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER="$cxx" \
         -DCMAKE_PREFIX_PATH="$work/prefix" -DCMAKE_EXE_LINKER_FLAGS="$link_flags" "${launcher[@]}" \
         >"$work/configure.log"
"$cmake" --build "$work/build" -j 2 >"$work/build.log" || { tail -50 "$work/build.log"; exit 1; }
cd "$work/build"
ctest --output-on-failure
