#!/usr/bin/env bash
# The tool-only build (-DCHAD_TOOL_ONLY=ON, scripts/build-tool, pyproject.toml): configured in a
# scratch folder it has the target chad-oracle and no test, benchmark, fuzz or outside-tool
# adapter target; configured again with -DCHAD_TOOL_ONLY=OFF (as scripts/setup does) the test
# suite is back.   tool_only_configure.sh SOURCE_DIR
set -euo pipefail
SOURCE=$1
DIR=$(mktemp -d)
trap 'rm -rf "$DIR"' EXIT
targets() { cmake --build "$DIR" --target help | sed -n 's/^\.\.\. //p'; }
cmake -S "$SOURCE" -B "$DIR" -DCMAKE_BUILD_TYPE=Release -DCHAD_TOOL_ONLY=ON >/dev/null 2>"$DIR/err" || {
  cat "$DIR/err"; echo "FAIL: the tool-only configuration failed"; exit 1; }
only=$(targets)
grep -qx "chad-oracle" <<<"$only" || { echo "FAIL: no target chad-oracle in the tool-only build"; exit 1; }
extra=$(grep -E '^(test_|bench|fuzz|chad-adolc-adapter|chad-ceres-adapter|chad_fuzz_checks)' <<<"$only" || true)
[ -z "$extra" ] || { echo "FAIL: the tool-only build has: $extra"; exit 1; }
cmake -S "$SOURCE" -B "$DIR" -DCHAD_TOOL_ONLY=OFF >/dev/null 2>&1
grep -q '^test_' <<<"$(targets)" || { echo "FAIL: -DCHAD_TOOL_ONLY=OFF did not bring the tests back"; exit 1; }
echo "tool-only: $(wc -l <<<"$only") targets, chad-oracle among them, no test, benchmark, fuzz or adapter target"
