#!/usr/bin/env python3
"""bench/peers_report.py on made-up results whose ratios are known by hand: the ratios, the
growth per 10x n, the targets met, horner_closure taking horner's peers, CPU against wall time,
the JSON against docs/schemas/bench-peers.schema.json (when python3-jsonschema is installed),
and a clear message with a non-zero exit on a missing file. Standard library only.
Usage: peers_report_test.py SOURCE_DIR
"""
import json
import os
import subprocess
import sys
import tempfile

source = sys.argv[1]
script = os.path.join(source, "bench", "peers_report.py")
failures = 0


def check(condition, message):
    global failures
    if not condition:
        failures += 1
        print("FAIL: " + message)


def benchmark(program, tool, n, cpu_ms, wall_ms):
    return {"name": f"{program}/{tool}/{n}_median", "run_name": f"{program}/{tool}/{n}", "run_type": "aggregate",
            "aggregate_name": "median", "cpu_time": cpu_ms * 1e3, "real_time": wall_ms * 1e3, "time_unit": "us"}


# horner at n = 1000 and 10000: primal 1 ms, adjoint 2, compiled gradient 4 then 60 (growth 15),
# ADOL-C 16 (4x the gradient: met) then 100 (1.7x: not met). Wall times are twice the CPU times.
cpp = {"context": {"date": "2026-11-27T00:00:00+00:00", "num_cpus": 2, "mhz_per_cpu": 2600, "load_avg": [1, 1, 1]},
       "benchmarks": []}
for n, times in ((1000, {"handwritten": 1, "handwritten_adjoint": 2, "compiled_rev": 4, "adolc_tape_reused": 16}),
                 (10000, {"handwritten": 10, "handwritten_adjoint": 20, "compiled_rev": 60, "adolc_tape_reused": 100})):
    for tool, ms in times.items():
        cpp["benchmarks"].append(benchmark("horner", tool, n, ms, 2 * ms))
        cpp["benchmarks"].append(benchmark("horner_closure", tool, n, ms, 2 * ms))
    # a mean aggregate that must be ignored
    cpp["benchmarks"].append(dict(benchmark("horner", "compiled_rev", n, 1e6, 1e6), aggregate_name="mean"))
peers = {"versions": {"jax": "0"}, "repetitions": 3, "results": [
    {"program": "horner", "tool": "jax_jit_grad", "n": 1000, "median_ms": 16.0, "median_cpu_ms": 8.0},
    {"program": "horner", "tool": "jax_jit_grad", "n": 10000, "median_ms": 200.0, "median_cpu_ms": 100.0}],
    "skipped": [{"program": "horner", "tool": "torch_compile", "n": None, "reason": "not run: a loop"}]}

with tempfile.TemporaryDirectory() as tmp:
    cpp_path, peers_path = os.path.join(tmp, "cpp.json"), os.path.join(tmp, "peers.json")
    json.dump(cpp, open(cpp_path, "w"))
    json.dump(peers, open(peers_path, "w"))
    reports = {}
    for basis in ("cpu", "wall"):
        out = os.path.join(tmp, f"{basis}.json")
        run = subprocess.run([sys.executable, script, cpp_path, peers_path, "--time", basis, "--json", out,
                              "--markdown", os.path.join(tmp, "t.md"), "--svg", os.path.join(tmp, "t.svg")],
                             capture_output=True, text=True)
        check(run.returncode == 0, f"peers_report.py --time {basis} exited {run.returncode}: {run.stderr}")
        reports[basis] = json.load(open(out))
    report = reports["cpu"]
    rows = {(r["program"], r["n"]): r for r in report["rows"]}
    r = rows[("horner", 1000)]
    check(r["times_ms"]["compiled_rev"] == 4, f"compiled_rev at 1000: {r['times_ms']}")
    check(r["ratios"] == {"grad_over_primal": 4, "grad_over_adjoint": 2, "adolc_over_grad": 4, "jax_over_grad": 2,
                          "adjoint_over_primal": 2}, f"ratios at 1000: {r['ratios']}")
    check(rows[("horner_closure", 10000)]["times_ms"].get("jax_jit_grad") == 100,
          "horner_closure does not take horner's JAX time")
    check(reports["wall"]["rows"][0]["times_ms"]["compiled_rev"] == 8, "--time wall does not read real_time")
    growth = {(g["program"], g["tool"]): g["factor"] for g in report["growth"]}
    check(growth[("horner", "compiled_rev")] == 15, f"growth: {growth}")
    targets = {t["target"]: t for t in report["targets"]}
    adolc = targets["ADOL-C / compiled gradient >= 3"]
    check((adolc["met"], adolc["of"]) == (2, 4), f"ADOL-C target: {adolc}")
    check({(f["program"], f["n"]) for f in adolc["failing"]} == {("horner", 10000), ("horner_closure", 10000)},
          f"ADOL-C target's failures: {adolc['failing']}")
    grow = targets["compiled gradient's growth per 10x n <= 11"]
    check((grow["met"], grow["of"]) == (0, 2), f"growth target: {grow}")
    primal = targets["compiled gradient / hand-written primal <= 5"]
    check((primal["met"], primal["of"]) == (2, 4), f"primal target: {primal}")
    markdown = open(os.path.join(tmp, "t.md")).read()
    check("| horner | 1,000 |" in markdown and "torch.compile, horner: not run: a loop" in markdown,
          "the Markdown misses a row or the skip")
    check(open(os.path.join(tmp, "t.svg")).read().startswith("<svg"), "the plot is not an SVG")
    try:
        import jsonschema
        schema = json.load(open(os.path.join(source, "docs", "schemas", "bench-peers.schema.json")))
        for basis, document in reports.items():
            errors = list(jsonschema.Draft202012Validator(schema).iter_errors(document))
            check(not errors, f"--time {basis} JSON against the schema: {[e.message for e in errors]}")
        broken = dict(report)
        del broken["rows"]
        check(list(jsonschema.Draft202012Validator(schema).iter_errors(broken)), "the schema accepts a report without rows")
    except ImportError:
        print("python3-jsonschema is not installed: the schema check is skipped")
    missing = subprocess.run([sys.executable, script, os.path.join(tmp, "absent.json"), peers_path],
                             capture_output=True, text=True)
    check(missing.returncode != 0 and "cannot read the results" in missing.stderr,
          f"a missing file: exit {missing.returncode}, {missing.stderr!r}")

print("FAILED" if failures else "passed")
sys.exit(1 if failures else 0)
