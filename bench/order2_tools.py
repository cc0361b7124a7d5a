#!/usr/bin/env python3
"""The tools' second derivatives on generated programs (issue #31), before `campaign --order 2` judges
adapters: each mode of second order (python/chad_oracle/modes/*_order2.py) is asked for the whole
Hessian (`"ask": "hessian"`) of the programs of `chad-oracle vectors` (generated, with a
differentiable Jacobian), and each answer entry is compared with the certified enclosure of
`chad-oracle hessian --method interval` (a binary with the `hessian` command: the order2 branch's).

Per mode: programs per second (the tool's answers alone: translation and any jit included), and
the answers' counts: `inside` (every entry inside the certified enclosure), `rounding` (some entry
outside it but within 1e-10 of it relative to the entry's magnitude: the tool's floating point,
which the oracle's precision rule will judge), `OUTSIDE` (farther: a finding to triage), `not
differentiable` (the reference: a comparison, kink or domain edge touched: never judged),
`unsupported`, `domain`, `crash`. NOT the oracle's verdicts: those need the precision band of
docs/adapter-protocol.md at second order. Usage:

    bench/order2_tools.py --oracle build/apps/chad-oracle/chad-oracle --hessian-oracle PATH \\
        [--count 200] [--seed 1] [--modes jax-jvp-of-grad,...] [--fault softplus] [--json FILE]

--fault OP plants a fault at second order in each mode's tool (bench/tool_faults/order2_faults.py:
right first derivative, wrong second); a program whose answer is OUTSIDE then counts as killing it.
"""
import argparse
import json
import math
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
MODULES = {"jax": "jax_order2", "torch": "torch_order2", "tf": "tf_order2"}
MODES = ["jax-jvp-of-grad", "jax-hessian", "jax-jacfwd-jacrev", "jax-jit-jvp-of-grad", "jax-jit-hessian",
         "jax-jit-jacfwd-jacrev", "torch-func-hessian", "torch-func-jvp-of-grad", "torch-double-backward",
         "tf-nested-tapes", "tf-forward-over-tape"]
ROUNDING = 1e-10


def value_text(type_, index, coords, position, types):
    """The input as a term of the language (`--at`), from its JSON type, index and coordinates."""
    kind = type_["kind"]
    if kind == "var":
        return value_text(types[type_["name"]], index, coords, position, types)
    if kind == "real":
        shape = type_["shape"]

        def nest(dims):
            if not dims:
                position[0] += 1
                return repr(coords[position[0] - 1])
            return "[" + ", ".join(nest(dims[1:]) for _ in range(dims[0])) + "]"
        return nest(shape)
    if kind == "unit":
        return "()"
    if kind == "prod":
        a, b = index["pair"]
        return "(%s, %s)" % (value_text(type_["left"], a, coords, position, types),
                             value_text(type_["right"], b, coords, position, types))
    if kind == "sum":
        inject = index["inject"]
        payload = type_["constructors"][inject["tag"]]["type"]
        return "(%s (%s))" % (inject["ctor"], value_text(payload, inject["of"], coords, position, types))
    if kind == "mu":
        inner = dict(types, **{type_["var"]: type_})
        return "(roll (%s))" % value_text(type_["body"], index["roll"], coords, position, inner)
    raise ValueError("no input value of kind %r" % kind)


def certified(hessian_oracle, case, scratch):
    """The `hessian --method interval --json` answer at the case's input."""
    path = os.path.join(scratch, "p.chad")
    with open(path, "w") as f:
        f.write(case["program"])
    program = case["translations"]["json"]
    at = value_text(program["input_type"], case["input"]["index"], [float.fromhex(c) for c in case["input"]["coords"]],
                    [0], {})
    run = subprocess.run([hessian_oracle, "hessian", path, "--at", at, "--method", "interval", "--json"],
                         capture_output=True, text=True, timeout=300)
    answer = json.loads(run.stdout)
    if "error" in answer:
        return {"error": answer["error"].get("message", "?")}
    return answer


def compare(hessian, reference):
    """inside | rounding | OUTSIDE, the largest distance relative to the entry's magnitude, and the
    largest in the verdict's measure (relative to max(1, magnitude): adapter_client/adapter_order2_check.cpp's
    band), which a saturated tiny entry (tanh'' = 1e-24 rounded to 0) does not inflate."""
    worst = verdict_worst = 0.0
    for got_matrix, enclosed in zip(hessian, reference["enclosure"]):
        for got_row, row in zip(got_matrix, enclosed):
            for got, (lo, hi) in zip(got_row, row):
                if lo <= got <= hi:
                    continue
                distance = lo - got if got < lo else got - hi
                worst = max(worst, distance / max(abs(lo), abs(hi), 1e-300))
                verdict_worst = max(verdict_worst, distance / max(abs(lo), abs(hi), 1.0))
    if worst == 0:
        return "inside", 0.0, 0.0
    return ("rounding" if worst <= ROUNDING else "OUTSIDE"), worst, verdict_worst


def worker(mode_name, cases_path, out_path):
    """In its own process (one tool loaded): the mode's answers to every case, timed, as JSON Lines."""
    sys.path.insert(0, os.path.join(ROOT, "python"))
    import importlib
    from chad_oracle import adapter_kit as kit
    tool = mode_name.split("-")[0]
    mode = importlib.import_module("chad_oracle.modes." + MODULES[tool]).make_mode(mode_name)
    with open(cases_path) as cases, open(out_path, "w") as out:
        for line in cases:
            case = json.loads(line)
            request = {"kind": "differentiate", "id": case["index"], "ask": "hessian", "seeds": [],
                       "program": case["program"], "translations": case["translations"],
                       "input": case["input"], "output": {"index": case["output"]["index"]}}
            start = time.perf_counter()
            answer = kit.answer(mode, request, lambda message: None)
            seconds = time.perf_counter() - start
            out.write(json.dumps({"index": case["index"], "seconds": seconds, "answer": answer}) + "\n")
            out.flush()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--oracle", required=True, help="chad-oracle (its `vectors` command)")
    parser.add_argument("--hessian-oracle", help="a chad-oracle with the `hessian` command (default: --oracle)")
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--modes", default=",".join(MODES))
    parser.add_argument("--fault", help="an operator of bench/tool_faults/order2_faults.py (softplus, mul, ...)")
    parser.add_argument("--json", help="write the results here too (after each mode)")
    parser.add_argument("--references", help="a JSON file caching the certified Hessians (read when there, else written)")
    parser.add_argument("--worker", nargs=3, help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.worker:
        worker(*options.worker)
        return 0
    hessian_oracle = options.hessian_oracle or options.oracle
    python = os.path.join(ROOT, ".venv", "bin", "python")
    results = {"count": options.count, "seed": options.seed, "fault": options.fault, "modes": {}}
    with tempfile.TemporaryDirectory() as scratch:
        vectors = os.path.join(scratch, "vectors")
        subprocess.run([options.oracle, "vectors", "--seed", str(options.seed), "--count", str(options.count),
                        "--translations", "json", "--out", vectors], check=True, stdout=subprocess.DEVNULL)
        cases_path = os.path.join(vectors, "cases.jsonl")
        cases = [json.loads(line) for line in open(cases_path)]
        if options.references and os.path.exists(options.references):
            references = {int(k): v for k, v in json.load(open(options.references)).items()}
        else:
            references = {case["index"]: certified(hessian_oracle, case, scratch) for case in cases}
            if options.references:
                with open(options.references, "w") as f:
                    json.dump(references, f)
        results["cases"] = len(cases)
        for mode in options.modes.split(","):
            out_path = os.path.join(scratch, mode + ".jsonl")
            start = time.monotonic()
            env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3")
            if options.fault:
                env["PYTHONPATH"] = os.path.join(ROOT, "bench", "tool_faults")
                env["CHAD_TOOL_FAULT_ORDER2"] = "%s:%s" % (mode.split("-")[0], options.fault)
            subprocess.run([python, os.path.abspath(__file__), "--oracle", options.oracle, "--worker", mode, cases_path,
                            out_path], check=True, stderr=subprocess.DEVNULL, env=env)
            wall = time.monotonic() - start
            tally, worst, answering, outside, rounding, verdict_worst = {}, 0.0, 0.0, [], 0.0, 0.0
            for line in open(out_path):
                entry = json.loads(line)
                answering += entry["seconds"]
                answer, reference = entry["answer"], references[entry["index"]]
                if "error" in reference:
                    verdict = "no reference"
                elif not reference["differentiable"]:
                    verdict = "not differentiable"
                elif answer["kind"] == "error":
                    verdict = answer["error"]
                else:
                    hessian = [[[float.fromhex(v) if "x" in v else float(v) for v in row] for row in matrix]
                               for matrix in answer["hessian"]]
                    verdict, distance, verdict_distance = compare(hessian, reference)
                    worst = max(worst, distance)
                    verdict_worst = max(verdict_worst, verdict_distance)
                    if verdict == "OUTSIDE":
                        outside.append(entry["index"])
                    else:
                        rounding = max(rounding, distance)
                tally[verdict] = tally.get(verdict, 0) + 1
            row = {"programs": len(cases), "seconds_answering": round(answering, 1), "seconds_wall": round(wall, 1),
                   "programs_per_second": round(len(cases) / answering, 2) if answering else None,
                   "tally": tally, "worst_relative_distance": worst, "worst_rounding": rounding, "outside": outside,
                   "worst_verdict_distance": verdict_worst}
            results["modes"][mode] = row
            print("%s: %s, %.2f programs/s, worst %.2g (within the rounding: %.2g), OUTSIDE %s; in the verdict's "
                  "measure (relative to max(1, |entry|)) %.2g" % (mode, tally, row["programs_per_second"] or 0, worst,
                                                                 rounding, outside, verdict_worst), flush=True)
            if options.json:
                with open(options.json, "w") as f:
                    json.dump(results, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
