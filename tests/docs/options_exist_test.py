#!/usr/bin/env python3
"""The options the docs give a `chad-oracle` command exist: in README.md and docs/*.md, each
`chad-oracle COMMAND ... --option` (in a code span or a code line; quoted arguments, such as an
adapter's own command line, left out) names an option that `chad-oracle COMMAND --help` lists
(issue #32: docs/adapter-protocol.md cited a `--resume` that did not exist).
Usage: options_exist_test.py SOURCE_DIR ORACLE"""
import glob
import re
import subprocess
import sys

root, oracle = sys.argv[1], sys.argv[2]
top = subprocess.run([oracle, "--help"], capture_output=True, text=True).stdout
commands = set(re.findall(r"^  ([a-z][a-z0-9-]*)\s", top, re.M))
known = {}


def options_of(command):
    if command not in known:
        text = subprocess.run([oracle, command, "--help"], capture_output=True, text=True).stdout
        known[command] = set(re.findall(r"(--[a-z][a-z0-9-]*)", text))
    return known[command]


def invocations(text):
    """(command, the rest of its line or code span) for each `chad-oracle COMMAND` in text."""
    pieces = re.findall(r"`([^`\n]*chad-oracle [^`\n]*)`", text)  # code spans
    fenced = re.findall(r"```[a-z]*\n(.*?)```", text, re.S)  # code blocks, line by line
    pieces += [line for block in fenced for line in block.splitlines()]
    for piece in pieces:
        piece = re.sub(r"'[^']*'|\"[^\"]*\"", "''", piece)  # quoted arguments are the tool's
        for m in re.finditer(r"chad-oracle ([a-z][a-z0-9-]*)((?:[^|;&]|\|\|)*)", piece):
            if m.group(1) in commands:
                yield m.group(1), m.group(2)


problems, checked = [], 0
for path in [f"{root}/README.md"] + sorted(glob.glob(f"{root}/docs/*.md")):
    for command, rest in invocations(open(path).read()):
        for option in re.findall(r"(?<![\w-])(--[a-z][a-z0-9-]*)", rest):
            checked += 1
            if option not in options_of(command) and option != "--help":
                problems.append(f"{path[len(root) + 1:]}: `chad-oracle {command} ... {option}`: "
                                f"`chad-oracle {command} --help` has no {option}")
for p in sorted(set(problems)):
    print(p)
print(f"{checked} options of {len(known)} commands checked; {len(set(problems))} problems")
sys.exit(1 if problems or checked < 100 else 0)  # (fewer: the docs' invocations were not found)
