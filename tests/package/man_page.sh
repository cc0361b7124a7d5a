#!/usr/bin/env bash
# man_page (tests/package/CMakeLists.txt): the generated chad-oracle.1 names every subcommand
# that `chad-oracle --help` lists and holds its --help, and `man -l` renders it. Exit 77 (skipped) without the page.
# Arguments: MAN_PAGE CHAD_ORACLE
set -euo pipefail
page=$1 tool=$2
[ -f "$page" ] || { echo "no man page (help2man was not found at configure time)"; exit 77; }
subcommands=$("$tool" --help | sed -n '/^Subcommands:/,$p' | awk 'NR > 1 && NF { print $1 }')
[ -n "$subcommands" ] || { echo "chad-oracle --help lists no subcommands"; exit 1; }
# Each subcommand heads an item of the rendered page (a line of its own or before its
# description), or of the roff source (a line after .TP) where man is missing.
if command -v man >/dev/null; then
  text=$(MANWIDTH=100 man -l "$page" 2>/dev/null)
else
  text=$(sed 's/\\-/-/g' "$page")
fi
grep -q "chad-oracle" <<<"$text" || { echo "the page does not name chad-oracle"; exit 1; }
for s in $subcommands; do
  grep -qE -- "^ *$s( |\$)" <<<"$text" || { echo "the man page lacks the subcommand $s"; exit 1; }
  # ... and holds its own --help (the SUBCOMMANDS section, cmake/ChadOracleManSubcommands.cmake).
  grep -qF -- "Usage: chad-oracle $s " <<<"$text" || { echo "the man page lacks the --help of $s"; exit 1; }
done
echo "chad-oracle.1 names all $(wc -w <<<"$subcommands") subcommands"
