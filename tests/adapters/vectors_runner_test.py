#!/usr/bin/env python3
"""CTest `adapters_vectors_runner`: test vectors (`chad-oracle vectors`) run by
adapters/run_vectors.py against the shipped adapters.

    vectors_runner_test.py CHAD_ORACLE SOURCE_DIR [--adolc PATH] [--ceres PATH]

Writes 40 vectors and runs the runner against (and the 5 second-order vectors, order2_cases.jsonl,
against the golden adapter, which passes, its sd-rev method, not asked, and a proxy of it off at
second order, which fails): the golden adapter `chad-oracle serve-adapter`
(must pass: it is the oracle's own AD), the ADOL-C and Ceres adapters when given (must pass:
they compute correct float64 derivatives), and the PyTorch adapter with `--fault
sin-derivative` (must report a fail: the seed's vectors use sin). Exits 77 (skipped) after
the others when /usr/bin/python3 cannot import torch.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

PYTHON = "/usr/bin/python3"


def run_vectors(source, cases, adapter):
    runner = os.path.join(source, "adapters", "run_vectors.py")
    done = subprocess.run([sys.executable, runner, "--adapter", adapter, cases, "--json"],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=600)
    try:
        report = json.loads(done.stdout)
    except ValueError:
        sys.exit("run_vectors.py against %s printed no JSON (exit %d): %s" % (adapter, done.returncode, done.stderr))
    return done.returncode, report


def expect_pass(source, cases, adapter):
    code, report = run_vectors(source, cases, adapter)
    counts = report["counts"]
    print("%s: %s" % (adapter, counts))
    if code != 0 or counts["fail"] or counts["error"] or counts["pass"] == 0:
        sys.exit("expected %s to pass the vectors: exit %d, %s, first failures %s" %
                 (adapter, code, counts, json.dumps(report["failures"], indent=1)))


# The golden adapter behind a proxy whose second derivatives are off by a relative 2^-20
# (hessian[0][0][1] and its mirror, hvp[0][0]); its first derivatives untouched.
OFF_AT_ORDER2 = """import json, subprocess, sys
tool = subprocess.Popen(sys.argv[1], shell=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
def off(h):
    return float.hex(float.fromhex(h) * (1 + 2.0 ** -20))
for line in sys.stdin:
    r = json.loads(line)
    tool.stdin.write(line); tool.stdin.flush()
    if r['kind'] == 'bye': tool.wait(); break
    a = json.loads(tool.stdout.readline())
    if a.get('kind') == 'result' and 'hessian' in a and len(a['hessian'][0]) > 1:
        m = a['hessian'][0]; m[0][1] = off(m[0][1]); m[1][0] = off(m[1][0])
    if a.get('kind') == 'result' and 'hvp' in a:
        a['hvp'][0][0] = off(a['hvp'][0][0])
    print(json.dumps(a), flush=True)
"""


def check_order2_vectors(source, cases, oracle, out):
    """order2_cases.jsonl: the golden adapter passes all 5; one declaring first order only is
    not asked (5 unsupported, exit 0); one off at second order fails every case, naming the entry."""
    with open(cases) as f:
        if sum(1 for line in f if line.strip()) != 5:
            sys.exit("order2_cases.jsonl does not hold the 5 second-order cases")
    code, report = run_vectors(source, cases, oracle + " serve-adapter")
    if code != 0 or report["counts"]["pass"] != 5:
        sys.exit("expected the golden adapter to pass the 5 second-order vectors: exit %d, %s" % (code, report))
    code, report = run_vectors(source, cases, oracle + " serve-adapter --method sd-rev")
    if code != 0 or report["counts"]["unsupported"] != 5:
        sys.exit("expected the second-order vectors unasked of sd-rev: exit %d, %s" % (code, report["counts"]))
    proxy = os.path.join(out, "off_at_order2.py")
    with open(proxy, "w") as f:
        f.write(OFF_AT_ORDER2)
    code, report = run_vectors(source, cases, "%s %s '%s serve-adapter'" % (PYTHON, proxy, oracle))
    first = report["failures"][0]["detail"] if report["failures"] else ""
    if code != 1 or report["counts"]["fail"] != 5 or "hessian: d2 out / d xs[0] d xs[1]: got 2.250002145767212" not in first:
        sys.exit("expected every second-order vector to fail off at second order: exit %d, %s, %s" %
                 (code, report["counts"], first))
    print("order2_cases.jsonl: golden 5 pass, sd-rev 5 unsupported, off at second order 5 fail")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("chad_oracle")
    parser.add_argument("source")
    parser.add_argument("--adolc", default="")
    parser.add_argument("--ceres", default="")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="chad-vectors-") as out:
        subprocess.run([args.chad_oracle, "vectors", "--seed", "1", "--count", "40", "--out", out,
                        "--translations", "python,cpp,json"], check=True, stdout=subprocess.DEVNULL)
        cases = os.path.join(out, "cases.jsonl")
        with open(cases) as f:
            written = sum(1 for line in f if line.strip())
        if written < 10:
            sys.exit("only %d of 40 programs became vectors" % written)

        expect_pass(args.source, cases, args.chad_oracle + " serve-adapter")
        check_order2_vectors(args.source, os.path.join(out, "order2_cases.jsonl"), args.chad_oracle, out)
        for adapter in (args.adolc, args.ceres):
            if adapter:
                expect_pass(args.source, cases, adapter)

        if subprocess.run([PYTHON, "-c", "import torch"], stderr=subprocess.DEVNULL).returncode != 0:
            print("skipped the PyTorch adapter: %s cannot import torch" % PYTHON)
            return 77
        torch_adapter = "%s %s" % (PYTHON, os.path.join(args.source, "adapters", "pytorch", "chad_torch_adapter.py"))
        expect_pass(args.source, cases, torch_adapter)
        code, report = run_vectors(args.source, cases, torch_adapter + " --fault sin-derivative")
        print("%s --fault sin-derivative: %s" % (torch_adapter, report["counts"]))
        if code != 1 or report["counts"]["fail"] == 0:
            sys.exit("expected the PyTorch adapter with a wrong derivative of sin to fail: exit %d, %s" %
                     (code, report["counts"]))
        if not any("sin" in f["program"] for f in report["failures"]):
            sys.exit("the failures do not involve sin: %s" % json.dumps(report["failures"], indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
