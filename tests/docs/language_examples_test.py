#!/usr/bin/env python3
"""docs/language.md's programs: every ```chad block is accepted by `chad-oracle check`; every
```chad-error block is refused (exit 3) with the message its first line gives (`-- error: TEXT`).

Usage: language_examples_test.py SOURCE_DIR CHAD_ORACLE"""
import os
import re
import subprocess
import sys
import tempfile


def main():
    source_dir, oracle = sys.argv[1], sys.argv[2]
    with open(os.path.join(source_dir, "docs", "language.md")) as f:
        text = f.read()
    blocks = re.findall(r"```(chad|chad-error)\n(.*?)```", text, re.S)
    if len(blocks) < 8:
        print(f"FAIL: only {len(blocks)} program blocks found in docs/language.md")
        return 1
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        for k, (kind, program) in enumerate(blocks, 1):
            path = os.path.join(tmp, f"example{k}.chad")
            with open(path, "w") as out:
                out.write(program)
            r = subprocess.run([oracle, "check", path], capture_output=True, text=True, timeout=120)
            said = (r.stdout + r.stderr).strip()
            if kind == "chad" and r.returncode != 0:
                print(f"FAIL: block {k} is refused (exit {r.returncode}): {said}\n{program}")
                failures += 1
            elif kind == "chad-error":
                expected = program.splitlines()[0].removeprefix("-- error: ").strip()
                if r.returncode != 3 or expected not in said:
                    print(f"FAIL: block {k}: expected exit 3 and `{expected}`, got exit {r.returncode}: {said}")
                    failures += 1
    print(f"{len(blocks) - failures} of {len(blocks)} program blocks of docs/language.md as documented")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
