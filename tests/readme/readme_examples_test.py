#!/usr/bin/env python3
"""Runs the README's examples and compares their output with the README's text.

Every fenced block whose lines start with `$ ` is a transcript: each `$ COMMAND` is run with
bash in one scratch directory (shared by all blocks, in README order, so a later block can read
what an earlier one wrote), with `chad-oracle` on PATH and `examples/`, `adapters/`, `bench/`
and `build/` linked from the source and build trees. Its output (stdout and stderr together) must
match the lines shown under it:
  - lines are compared with trailing spaces removed;
  - a line `...` (indented or not) stands for any number of lines (none included);
  - `...` inside a line stands for any text within that line.
A command's line that ends in a backslash goes on in the next line. `$ cat FILE` of a file that does not exist yet writes FILE with the lines shown (the README shows
a program, then runs it). A block preceded by `<!-- readme-test: skip REASON -->` is not run.
A JSON object shown (a block starting with `{`) is compared as data, not as text: with a `...`
line the keys shown must be present with those values, without one the objects must be equal.
Exit codes are not compared (examples show failures on purpose).

Usage: readme_examples_test.py SOURCE_DIR BUILD_DIR [--only LINE,LINE...] [--list]
"""
import json
import os
import re
import subprocess
import sys
import tempfile


def transcripts(readme_lines):
    """(line number, [(command, expected lines)]) for each block of commands, unless skipped."""
    blocks, inside, skip_next = [], False, None
    for number, line in enumerate(readme_lines, 1):
        if not inside and line.strip().startswith("<!-- readme-test: skip"):
            skip_next = line.strip()
            continue
        if line.startswith("```"):
            if inside:
                blocks.append((start, body, skip))
                inside = False
            else:
                inside, start, body, skip, skip_next = True, number, [], skip_next, None
            continue
        if inside:
            body.append(line)
        elif line.strip():
            skip_next = None
    result = []
    for start, body, skip in blocks:
        if not body or not body[0].startswith("$ ") or skip:
            continue
        steps, continued = [], False
        for line in body:
            if continued:  # a command's line ending in a backslash goes on in the next line
                steps[-1] = (steps[-1][0] + "\n" + line, [])
            elif line.startswith("$ "):
                steps.append((line[2:], []))
            else:
                steps[-1][1].append(line.rstrip())
            continued = not steps[-1][1] and line.endswith("\\")
        result.append((start, steps))
    return result


def line_pattern(expected):
    if "..." not in expected:
        return None
    return re.compile(".*".join(re.escape(part) for part in expected.split("...")) + r"\Z", re.S)


def matches(expected, actual):
    """Whether the actual lines fit the expected ones (`...` lines match any run of lines)."""
    memo = {}

    def fit(i, j):
        if (i, j) in memo:
            return memo[(i, j)]
        if i == len(expected):
            ok = j == len(actual)
        elif expected[i].strip() == "...":
            ok = any(fit(i + 1, k) for k in range(j, len(actual) + 1))
        elif j == len(actual):
            ok = False
        else:
            pattern = line_pattern(expected[i])
            same = pattern.match(actual[j]) if pattern else expected[i] == actual[j]
            ok = bool(same) and fit(i + 1, j + 1)
        memo[(i, j)] = ok
        return ok

    return fit(0, 0)


def json_fits(expected, actual):
    """Whether `actual` (parsed JSON) has every key of `expected` (at every depth of objects) with
    equal values."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        return all(k in actual and json_fits(v, actual[k]) for k, v in expected.items())
    return expected == actual


def json_matches(expected_lines, actual_lines):
    """A JSON document shown on one or more lines, compared as data (layout apart): with a `...`
    line, the keys shown must be there with those values; without, the documents are equal."""
    if not expected_lines or not expected_lines[0].startswith("{"):
        return None
    partial = any(line.strip() == "..." for line in expected_lines)
    text = "\n".join(line for line in expected_lines if line.strip() != "...")
    text = re.sub(r",(\s*[}\]])", r"\1", text)
    try:
        expected, actual = json.loads(text), json.loads("\n".join(actual_lines))
    except ValueError:
        return None
    return json_fits(expected, actual) if partial else expected == actual


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    source, build = os.path.abspath(args[0]), os.path.abspath(args[1])
    only = None
    if "--only" in sys.argv:
        only = {int(n) for n in sys.argv[sys.argv.index("--only") + 1].split(",")}
    with open(os.path.join(source, "README.md")) as f:
        blocks = transcripts(f.read().split("\n"))
    if "--list" in sys.argv:
        for start, steps in blocks:
            print(start, " ;; ".join(command for command, _ in steps))
        return 0
    work = tempfile.mkdtemp(prefix="chad_readme_")
    for name in ("examples", "adapters", "bench"):
        os.symlink(os.path.join(source, name), os.path.join(work, name))
    os.symlink(build, os.path.join(work, "build"))
    env = dict(os.environ)
    env["PATH"] = os.path.join(build, "apps", "chad-oracle") + os.pathsep + env["PATH"]
    env.pop("TERM", None)
    failures = 0
    for start, steps in blocks:
        if only is not None and start not in only:
            continue
        for command, expected in steps:
            shown = command if len(command) < 100 else command[:97] + "..."
            cat = re.fullmatch(r"cat (\S+)", command)
            if cat and not os.path.exists(os.path.join(work, cat.group(1))):
                with open(os.path.join(work, cat.group(1)), "w") as f:
                    f.write("\n".join(expected) + "\n")
                print(f"README.md:{start}: wrote {cat.group(1)} from the README")
                continue
            try:
                run = subprocess.run(["bash", "-c", command], cwd=work, env=env, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, timeout=600)
                output = run.stdout.decode(errors="replace")
            except subprocess.TimeoutExpired:
                output = "<timed out after 600 s>"
            actual = [line.rstrip() for line in output.split("\n")]
            while actual and actual[-1] == "":
                actual.pop()
            while expected and expected[-1] == "":
                expected = expected[:-1]
            as_json = json_matches(expected, actual)
            if as_json if as_json is not None else matches(expected, actual):
                print(f"README.md:{start}: ok: $ {shown}")
            else:
                failures += 1
                print(f"README.md:{start}: DIFFERS: $ {command}")
                print("  README shows:")
                print("\n".join("    | " + line for line in expected))
                print("  the command printed:")
                print("\n".join("    | " + line for line in actual))
    print(f"{failures} README example(s) differ from their output" if failures else "every README example matches")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
