#!/usr/bin/env python3
"""Measures the oracle's power on the AD tools people use (issue #29): wrong derivatives planted in
each tool's OWN operators (bench/tool_faults/sitecustomize.py, loaded before the adapter imports
its tool), each judged by an ordinary campaign through the shipped adapter, in a reverse and a
forward mode. For each fault: killed or not, and after how many programs (the campaign stops at
its first failing program). Also, per mode, an unfaulted campaign: programs per second and the
verdict counts. Usage:

    bench/tool_faults.py --oracle build/apps/chad-oracle/chad-oracle [--count 300] \\
        [--modes jax-vjp,jax-jvp,...] [--ops sigmoid,softplus,...|''] [--json FILE]

With --order 2 (issue #31): the modes of second order (jax-jvp-of-grad, torch-double-backward,
tf-nested-tapes, ...), faults right at first order and wrong at second
(bench/tool_faults/order2_faults.py: softplus, sigmoid, tanh, exp, sin, mul), and
`campaign --order 2`.

Runs the adapters with the project's venv (.venv, scripts/setup-python). Prints a Markdown table.
"""
import argparse
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
ADAPTERS = {"jax": "adapters/jax/chad_jax_adapter.py", "torch": "adapters/torch2/chad_torch2_adapter.py",
            "tf": "adapters/tensorflow/chad_tf_adapter.py"}
MODES = ["jax-vjp", "jax-jvp", "torch-autograd", "torch-forward-ad", "tf-tape", "tf-forward"]
ORDER2_MODES = ["jax-jit-jvp-of-grad", "jax-jit-hessian", "torch-double-backward", "torch-func-hessian",
                "tf-nested-tapes", "tf-forward-over-tape"]
ORDER2_OPS = ["softplus", "sigmoid", "tanh", "exp", "sin", "mul"]
OPS = ["sigmoid", "softplus", "matvec", "dot", "sum", "exp", "log", "tanh", "sqrt", "sin", "cos",
       "add", "sub", "mul", "div", "neg"]
KILLING = {"fail", "fail-numeric"}


def tool_of(mode):
    return mode.split("-")[0]


def campaign(oracle, mode, count, fault, stop_at_failure, order=1):
    """(first failing program's number or None, programs judged, seconds, summary line)."""
    adapter = "%s %s --mode %s" % (os.path.join(ROOT, ".venv", "bin", "python"),
                                   os.path.join(ROOT, ADAPTERS[tool_of(mode)]), mode)
    env = dict(os.environ)
    if fault:
        env["PYTHONPATH"] = os.path.join(ROOT, "bench", "tool_faults")
        env["CHAD_TOOL_FAULT" if order == 1 else "CHAD_TOOL_FAULT_ORDER2"] = "%s:%s" % (tool_of(mode), fault)
    with tempfile.TemporaryDirectory() as scratch:
        out = os.path.join(scratch, "c")
        log = os.path.join(out, "log.jsonl")
        start = time.monotonic()
        process = subprocess.Popen([oracle, "campaign", "--implementation", "adapter", "--adapter", adapter,
                                    "--count", str(count), "--reports", "0", "--out", out] +
                                   (["--order", "2"] if order == 2 else []),
                                   cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                   text=True, start_new_session=True)
        first, judged = None, 0
        while process.poll() is None:
            time.sleep(0.5)
            first, judged = scan(log)
            if first is not None and stop_at_failure:
                os.killpg(process.pid, signal.SIGTERM)
                break
        output = process.communicate()[0]
        seconds = time.monotonic() - start
        first, judged = scan(log)
    summary = re.search(r"\d+ programs \(seed.*", output) or re.search(r"crash \d+ .*", output)
    return first, judged, seconds, summary.group(0) if summary else output.strip().splitlines()[-1:]


def scan(log):
    """(1-based number of the first program with a killing verdict, programs in the log)."""
    if not os.path.exists(log):
        return None, 0
    first, judged = None, 0
    with open(log) as lines:
        for line in lines:
            try:
                entry = json.loads(line)
            except ValueError:
                break  # a line being written
            judged += 1
            if entry.get("verdict") in KILLING and (first is None or entry["index"] + 1 < first):
                first = entry["index"] + 1
    return first, judged


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--oracle", required=True)
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--order", type=int, choices=(1, 2), default=1)
    parser.add_argument("--modes")
    parser.add_argument("--ops")
    parser.add_argument("--json", help="write the results here too")
    options = parser.parse_args()
    order2 = options.order == 2
    if options.modes is None:
        options.modes = ",".join(ORDER2_MODES if order2 else MODES)
    if options.ops is None:
        options.ops = ",".join(ORDER2_OPS if order2 else OPS)
    ops = [op for op in options.ops.split(",") if op]  # --ops '': the unfaulted campaigns alone
    results = {"count": options.count, "order": options.order, "modes": {}}
    for mode in options.modes.split(","):
        first, judged, seconds, summary = campaign(options.oracle, mode, options.count, None, False, options.order)
        row = {"baseline": {"programs": judged, "seconds": round(seconds, 1),
                            "programs_per_second": round(judged / seconds, 2), "summary": summary},
               "faults": {}}
        print("%s: %s (%.2f programs/s)" % (mode, summary, judged / seconds), flush=True)
        for op in ops:
            first, judged, seconds, _ = campaign(options.oracle, mode, options.count, op, True, options.order)
            row["faults"][op] = first
            print("  %s:%s %s" % (mode, op, "killed at program %d" % first if first else
                                  "not killed in %d programs" % judged), flush=True)
        results["modes"][mode] = row
    if options.json:
        with open(options.json, "w") as f:
            json.dump(results, f, indent=1)
    print("\n| mode | " + " | ".join(ops) + " | killed |")
    print("|---" * (len(ops) + 2) + "|")
    for mode, row in results["modes"].items():
        cells = [str(row["faults"][op]) if row["faults"][op] else "-" for op in ops]
        killed = sum(1 for op in ops if row["faults"][op])
        print("| %s | %s | %d of %d |" % (mode, " | ".join(cells), killed, len(ops)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
