#!/usr/bin/env python3
"""The exit codes the docs state are the code's: README's table lists every code of
apps/chad-oracle/exit_codes.hpp with the meaning its comment gives (the first words), and
docs/adapter-protocol.md's handshake row says the tool's code (5) for a failed handshake and the
input's (3) for a command the shell cannot run. Usage: exit_codes_test.py SOURCE_DIR"""
import re
import sys

root = sys.argv[1]
header = open(f"{root}/apps/chad-oracle/exit_codes.hpp").read()
codes = {name: int(number) for name, number in re.findall(r"constexpr int (kExit\w+) = (\d+);", header)}
problems = []
for name in ("kExitOk", "kExitCheckFailed", "kExitNotDifferentiable", "kExitBadInput", "kExitInternalError",
             "kExitToolFailed"):
    if name not in codes:
        problems.append(f"exit_codes.hpp has no {name}")

readme = open(f"{root}/README.md").read()
table = readme[readme.index("### Exit codes"):]
table = table[:table.index("\n### ")]
rows = {int(m.group(1)): m.group(2) for m in re.finditer(r"^\| (\d+) \| (.*) \|$", table, re.M)}
expected_words = {"kExitOk": "done", "kExitCheckFailed": "a check found a failure",
                  "kExitNotDifferentiable": "not differentiable", "kExitBadInput": "bad input",
                  "kExitInternalError": "internal error", "kExitToolFailed": "the tool under test failed"}
for name, words in expected_words.items():
    code = codes.get(name)
    if code not in rows:
        problems.append(f"README's exit code table has no row {code} ({name})")
    elif not rows[code].startswith(words):
        problems.append(f"README's row {code} reads `{rows[code][:40]}`, the code's {name} means `{words}`")
if sorted(rows) != sorted(codes.values()):
    problems.append(f"README's table lists {sorted(rows)}, the code has {sorted(codes.values())}")

protocol = open(f"{root}/docs/adapter-protocol.md").read()
row = next((line for line in protocol.splitlines() if line.startswith("| a handshake that fails")), None)
if row is None:
    problems.append("docs/adapter-protocol.md has no row for a handshake that fails")
else:
    if f"exit code {codes['kExitToolFailed']} (the tool's fault)" not in row:
        problems.append(f"the protocol doc's handshake row does not say exit code {codes['kExitToolFailed']}: {row}")
    if f"exit code {codes['kExitBadInput']} when the shell cannot run the command" not in row:
        problems.append(f"the protocol doc's handshake row does not say exit code {codes['kExitBadInput']}: {row}")
for stale in re.findall(r"exits? (?:with )?(?:status |code )?2\b[^.]*handshake|handshake[^.]*exits? (?:with )?(?:status |code )?2\b",
                        protocol):
    problems.append(f"the protocol doc still says 2 for a handshake: {stale}")

for p in problems:
    print("FAIL:", p)
print("exit codes: docs and code agree" if not problems else f"{len(problems)} disagreement(s)")
sys.exit(1 if problems else 0)
