#!/usr/bin/env python3
"""How CHAD's transformation time grows with program size, per term former (issue #34: "CHAD
linear in the number of definitions, and every other size of program").

For each former, programs of n = 2,000 .. 16,000 repetitions of that former are written and
`chad-oracle transform FILE --mode fwd|rev --summary` is timed (the whole command: read, parse,
check, transform and check CHAD's output, without printing the term; best of --repeat runs).
A size past the parser's nesting limit (20,000 levels) is reported as such. The growth exponent between the two largest sizes is
log2(t(2n) / t(n)): about 1 is linear, 2 quadratic. Prints a Markdown table; `--json` prints JSON.

  bench/transform_scaling.py --oracle build/apps/chad-oracle/chad-oracle [--sizes 2000,4000,8000,16000]
"""
import argparse
import json
import math
import os
import subprocess
import tempfile
import time


def let_chain(n):
    body = "".join(f"  let y{i} = sin({'x' if i == 0 else f'y{i-1}'}) * x in\n" for i in range(n))
    return f"def main (x : real) : real =\n{body}  y{n-1};\n"


def sum_chain(n):
    return "def main (x : real) : real = " + " + ".join(["sin(x)"] * n) + ";\n"


def defs_chain(n):
    out = ["def f0 (x : real) : real = sin(x);"]
    out += [f"def f{i} (x : real) : real = f{i-1}(x) * x;" for i in range(1, n)]
    out.append(f"def main (x : real) : real = f{n-1}(x);")
    return "\n".join(out) + "\n"


def lambda_chain(n):
    term = "x"
    for _ in range(n):
        term = f"(fun (y : real) -> y * x) ({term})"
    return f"def main (x : real) : real = {term};\n"


def case_chain(n):
    term = "x"
    for _ in range(n):
        term = f"case (L ({term}) : E) of {{ L a -> a * x | R u -> x }}"
    return f"type E = < L : real | R : unit >;\ndef main (x : real) : real = {term};\n"


def pair_chain(n):
    term = "x"
    for _ in range(n):
        term = f"fst (({term}) * x, x)"
    return f"def main (x : real) : real = {term};\n"


def fold_body(n):
    step = " + ".join(["fst p * sin(snd p)"] * n)
    return ("type List = mu l. < Nil : unit | Cons : real * l >;\n"
            "def main (x : real, xs : List) : real =\n"
            f"  fold xs with node -> case node of {{ Nil u -> x | Cons p -> {step} }};\n")


def unfold_body(n):
    step = " + ".join(["sin(y)"] * n)
    return ("type Stream = nu s. real * s;\n"
            "def main (x : real) : real =\n"
            f"  fst (unroll ((unfold x with y -> (y, {step})) : Stream));\n")


def array_chain(n):
    term = "v"
    for _ in range(n):
        term = f"scale(x, {term})"
    return f"def main (x : real, v : real[3]) : real = sum({term});\n"


FORMERS = {
    "let": let_chain,
    "primitive (+)": sum_chain,
    "def": defs_chain,
    "fun / application": lambda_chain,
    "injection / case": case_chain,
    "pair / fst": pair_chain,
    "fold (body size)": fold_body,
    "unfold / unroll (body size)": unfold_body,
    "array primitives": array_chain,
}


def best_time(command, repeat):
    best = math.inf
    for _ in range(repeat):
        start = time.perf_counter()
        done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        elapsed = time.perf_counter() - start
        if done.returncode != 0:
            if "nested deeper than" in done.stderr:
                return None
            raise SystemExit(f"{' '.join(command)} exited {done.returncode}: {done.stderr[-500:]}")
        best = min(best, elapsed)
    return best


def cell(seconds):
    return "past the nesting limit" if seconds is None else f"{seconds:.3f} s"


def number(x):
    return "-" if x is None else f"{x:.2f}"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--oracle", default="build/apps/chad-oracle/chad-oracle")
    parser.add_argument("--sizes", default="2000,4000,8000,16000")
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--formers", default=",".join(FORMERS), help="comma-separated, from: " + ", ".join(FORMERS))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    results = []
    with tempfile.TemporaryDirectory() as scratch:
        for name in args.formers.split(","):
            make = FORMERS[name]
            for mode in ("fwd", "rev"):
                times = []
                for n in sizes:
                    path = os.path.join(scratch, "p.chad")
                    with open(path, "w") as f:
                        f.write(make(n))
                    times.append(best_time([args.oracle, "transform", path, "--mode", mode, "--summary"], args.repeat))
                measured = [t for t in times if t is not None]
                exponent = math.log2(measured[-1] / measured[-2]) if len(measured) > 1 and measured[-2] > 0 else None
                results.append({"former": name, "mode": mode, "sizes": sizes, "seconds": times, "exponent": exponent})
                if not args.json:
                    print(f"{name} {mode}: " + ", ".join(cell(t) for t in times) + f" (exponent {number(exponent)})",
                          flush=True)
    if args.json:
        print(json.dumps(results, indent=2))
        return
    print("\n| former | mode | " + " | ".join(f"n = {n:,}" for n in sizes) + " | growth exponent (last doubling) |")
    print("|---|---|" + "---|" * len(sizes) + "---|")
    for r in results:
        print(f"| {r['former']} | {r['mode']} | " + " | ".join(cell(t) for t in r["seconds"]) +
              f" | {number(r['exponent'])} |")


if __name__ == "__main__":
    main()
