#!/usr/bin/env bash
# The first compiled call says what it waits for (issue #32: it was silent for 16 s while the
# kernel runtime's header was precompiled): on a terminal (run under `script`, a pseudo-terminal)
# with a fresh cache, stderr says "precompiling the kernel runtime" before the Jacobian; in a
# pipe (a log, CI) it says nothing; a second call, the header cached, says nothing either.
# Exit 77 (skipped) without `script` (util-linux) or a C++ compiler.
# Usage: first_compiled_call.sh CHAD_ORACLE SOURCE_DIR
set -euo pipefail
tool=$1
source=$2
if ! command -v script >/dev/null || ! command -v c++ >/dev/null; then
  echo "skipped: needs script (util-linux) and c++"
  exit 77
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
call=("$tool" jacobian "$source/examples/horner.chad" --method chad-rev-compiled --at '(0.5, [1, -3, 2, 4])')

"${call[@]}" --cache-dir "$dir/piped" >"$dir/piped.out" 2>"$dir/piped.err"
if grep -q precompiling "$dir/piped.err"; then
  echo "FAIL: a piped call printed the terminal's progress line:"; cat "$dir/piped.err"; exit 1
fi
quoted=$(printf '%q ' "${call[@]}")
script -qec "$quoted --cache-dir $dir/tty" "$dir/first.typescript" >/dev/null
if ! grep -q "chad-oracle: precompiling the kernel runtime" "$dir/first.typescript"; then
  echo "FAIL: the first compiled call on a terminal said nothing of the precompiling:"; cat "$dir/first.typescript"; exit 1
fi
said=$(grep -n "precompiling" "$dir/first.typescript" | head -1 | cut -d: -f1)
answered=$(grep -n "jacobian (1 x 5):" "$dir/first.typescript" | head -1 | cut -d: -f1)
if [ -z "$answered" ] || [ "$said" -ge "$answered" ]; then
  echo "FAIL: no Jacobian after the progress line:"; cat "$dir/first.typescript"; exit 1
fi
script -qec "$quoted --cache-dir $dir/tty" "$dir/second.typescript" >/dev/null
if grep -q precompiling "$dir/second.typescript"; then
  echo "FAIL: the second call precompiled again:"; cat "$dir/second.typescript"; exit 1
fi
echo "the first compiled call on a terminal says it precompiles; piped and cached calls do not"
