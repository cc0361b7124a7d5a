#!/usr/bin/env python3
"""CTest `adapters_vectors_runner`: test vectors (`chad-oracle vectors`) run by
adapters/run_vectors.py against the shipped adapters.

    vectors_runner_test.py CHAD_ORACLE SOURCE_DIR [--adolc PATH] [--ceres PATH]

Writes 40 vectors and runs the runner against: the golden adapter `chad-oracle serve-adapter`
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
