#!/usr/bin/env python3
"""Every `--json` output of chad-oracle and every JSON file a campaign writes validates against its
schema in docs/schemas/ (docs/schemas/README.md lists them).

Runs each command with --json on the examples (and a small campaign with --out, a failing mutant
campaign with its report directory, a small mutants run, a merge, test vectors), validates each
document with the schema named for it, checks every schema is itself a valid draft 2020-12 schema,
and checks that the schemas reject documents they must reject (a required key missing, a Jacobian
whose rows disagree with its `rows`), so that this test can fail. Exit 77 (skip) without jsonschema.
Usage: outputs_schema_test.py CHAD_ORACLE SOURCE_DIR [--dump DIR]
"""
import copy
import warnings
import glob
import json
import os
import subprocess
import sys
import tempfile

warnings.simplefilter("ignore", DeprecationWarning)  # RefResolver: deprecated in newer jsonschema, the one Debian 12 has
try:
    import jsonschema
    from jsonschema import Draft202012Validator
except ImportError:
    print("python3-jsonschema is not installed: skipped")
    sys.exit(77)

oracle, source = sys.argv[1], sys.argv[2]
dump = sys.argv[4] if len(sys.argv) > 4 and sys.argv[3] == "--dump" else None
schema_dir = os.path.join(source, "docs", "schemas")
examples = os.path.join(source, "examples")

# The schemas, by file name, each checked as a schema; $ref between them resolves by file name.
schemas = {}
for path in sorted(glob.glob(os.path.join(schema_dir, "*.schema.json"))):
    with open(path) as f:
        schemas[os.path.basename(path)] = json.load(f)
failures = 0


def fail(message):
    global failures
    failures += 1
    print("FAIL: " + message)


for name, schema in schemas.items():
    try:
        jsonschema.validators.validator_for(schema).check_schema(schema)
    except jsonschema.exceptions.SchemaError as e:
        fail(f"{name} is not a valid schema: {e.message}")

store = {}
for name, schema in schemas.items():
    store[name] = schema
    if "$id" in schema:
        store[schema["$id"]] = schema


def validator(name):
    schema = schemas[name]
    resolver = jsonschema.RefResolver(base_uri=schema.get("$id", name), referrer=schema, store=store)
    return jsonschema.validators.validator_for(schema)(schema, resolver=resolver)


validated = {}  # schema name -> documents validated


def check(name, document, what):
    validated[name] = validated.get(name, 0) + 1
    if not list(validator(name).iter_errors(document)) if name in schemas else False:
        if name == "jacobian.schema.json":
            check_jacobian(document, what)
        if name == "verify.schema.json":
            for point in document["points"]:
                if point.get("reference"):
                    check_jacobian(point["reference"], what)
        if name == "shape.schema.json":
            for side in ("input", "output"):
                check("normal-form.schema.json", document[side], f"{what}: {side}")
    if dump:
        os.makedirs(dump, exist_ok=True)
        with open(os.path.join(dump, f"{name}.{validated[name]}.json"), "w") as f:
            json.dump(document, f, indent=1)
    if name not in schemas:
        fail(f"{what}: no schema {name}")
        return
    errors = sorted(validator(name).iter_errors(document), key=lambda e: list(e.path))
    for e in errors[:3]:
        fail(f"{what} against {name}: {e.message[:300]} at {list(e.absolute_path)}")


def shape_problems(j):
    """What a schema cannot say about a Jacobian: its sizes agree with each other."""
    problems = []
    if j["input"]["dimension"] != j["cols"] or len(j["col_labels"]) != j["cols"] or len(j["input"]["labels"]) != j["cols"]:
        problems.append("cols, the input's dimension and the column labels disagree")
    if j["differentiable"]:
        rows, cols = j["rows"], j["cols"]
        if j["output"]["dimension"] != rows or len(j["row_labels"]) != rows:
            problems.append("rows, the output's dimension and the row labels disagree")
        if len(j["jacobian"]) != rows or any(len(r) != cols for r in j["jacobian"]):
            problems.append(f"the jacobian is not {rows} x {cols}")
        for key in ("enclosure", "error_estimate"):
            if j[key] and (len(j[key]) != rows or any(len(r) != cols for r in j[key])):
                problems.append(f"the {key} is not {rows} x {cols}")
    return problems


def check_jacobian(j, what):
    for problem in shape_problems(j):
        fail(f"{what}: {problem}")


def rejects(name, document, what):
    if name not in schemas:
        return fail(f"no schema {name}")
    if not list(validator(name).iter_errors(document)):
        fail(f"{name} accepts {what}")


def run(args, codes=(0,), stdin=None):
    """Runs chad-oracle; returns its stdout parsed as one JSON object."""
    p = subprocess.run([oracle] + args, capture_output=True, text=True, input=stdin, timeout=600)
    what = "chad-oracle " + " ".join(args)
    if p.returncode not in codes:
        fail(f"{what}: exit {p.returncode} (expected {codes}): {p.stderr[-500:]}")
    try:
        return json.loads(p.stdout)
    except json.JSONDecodeError:
        fail(f"{what}: stdout is not one JSON object: {p.stdout[:300]!r}")
        return None


def run_and_check(name, args, codes=(0,)):
    document = run(args, codes)
    if document is not None:
        check(name, document, "chad-oracle " + " ".join(args))
    return document


def check_lines(name, path):
    with open(path) as f:
        for k, line in enumerate(f, 1):
            check(name, json.loads(line), f"{path}:{k}")


def check_file(name, path):
    if not os.path.exists(path):
        fail(f"{path} was not written")
        return None
    with open(path) as f:
        document = json.load(f)
    check(name, document, path)
    return document


def ex(name):
    return os.path.join(examples, name)


# Every example through the point commands (the `-- at:` line of each is its point).
golden = oracle + " serve-adapter"
for program in sorted(glob.glob(os.path.join(examples, "*.chad"))):
    run_and_check("check.schema.json", ["check", program, "--json"])
    run_and_check("eval.schema.json", ["eval", program, "--json"])
    data_output = run(["shape", program, "--json"], codes=(0, 2, 3))
    if data_output is not None and "error" not in data_output:
        check("shape.schema.json", data_output, "shape " + program)
        for method in ["dual", "interval", "fd", "chad-fwd", "chad-rev"]:
            run_and_check("jacobian.schema.json", ["jacobian", program, "--method", method, "--json"], codes=(0, 2))
        for method in ["taylor", "interval", "fd", "chad-fwd-over-rev", "chad-fwd-over-fwd"]:
            run_and_check("hessian.schema.json", ["hessian", program, "--method", method, "--json"], codes=(0, 2))
    elif data_output is not None:
        check("error.schema.json", data_output, "shape " + program)
    run_and_check("verify.schema.json", ["verify", program, "--points", "2", "--json"], codes=(0, 2))
    for mode in ["fwd", "rev"]:
        run_and_check("transform.schema.json", ["transform", program, "--mode", mode, "--json"])
    run_and_check("cost.schema.json", ["cost", program, "--json"])
# The cost model's growth rows: a list grown (both modes), a stream output observed.
run_and_check("cost.schema.json", ["cost", ex("list_sum.chad"), "--sizes", "10,40", "--json"])
run_and_check("cost.schema.json", ["cost", ex("tree.chad"), "--sizes", "7,15", "--mode", "rev", "--json"])
rejects("cost.schema.json", {"file": "x", "cost_model": "cost = steps"}, "a cost without its counts")

with tempfile.TemporaryDirectory() as tmp:
    # Shapes at the edges: an empty input (a 1 x 0 Jacobian), an empty output (0 x n), a point
    # where the program is not differentiable.
    programs = {
        "empty_input.chad": "def main (u : unit) : real = 2;",
        "empty_output.chad": "def main (x : real, w : real[2]) : unit = ();",
        "kink.chad": "def main (x : real) : real = if x < 0 then 0 - x else x;",
    }
    for name, text in programs.items():
        with open(os.path.join(tmp, name), "w") as f:
            f.write(text + "\n")
    for name, at in [("empty_input.chad", "()"), ("empty_output.chad", "(1, [2, 3])"), ("kink.chad", "0")]:
        for method in ["dual", "interval", "fd", "chad-rev"]:
            run_and_check("jacobian.schema.json",
                          ["jacobian", os.path.join(tmp, name), "--at", at, "--method", method, "--json"], codes=(0, 2))
        run_and_check("verify.schema.json", ["verify", os.path.join(tmp, name), "--at", at, "--json"], codes=(0, 2))
    empty_out = run(["jacobian", os.path.join(tmp, "empty_output.chad"), "--at", "(1, [2, 3])", "--json"])
    if empty_out is not None and (empty_out.get("rows"), empty_out.get("cols")) != (0, 3):
        fail(f"a 0 x 3 Jacobian is written with rows {empty_out.get('rows')} and cols {empty_out.get('cols')}")

    # Errors: a located error is one JSON object too.
    with open(os.path.join(tmp, "bad.chad"), "w") as f:
        f.write("def main (x : real) : real = y;\n")
    run_and_check("error.schema.json", ["check", os.path.join(tmp, "bad.chad"), "--json"], codes=(3,))
    run_and_check("error.schema.json", ["jacobian", ex("relu.chad"), "--at", "(1, 2)", "--json"], codes=(3,))

    # An outside tool: the golden adapter.
    run_and_check("jacobian.schema.json",
                  ["jacobian", ex("spec_example.chad"), "--method", "adapter", "--adapter", golden, "--json"])
    run_and_check("verify-adapter.schema.json",
                  ["verify", ex("arrays.chad"), "--adapter", golden, "--points", "2", "--json"])
    run_and_check("check-adapter.schema.json", ["check-adapter", "--adapter", golden, "--json"])

    # Pictures, code and translations.
    run_and_check("diagram.schema.json", ["diagram", ex("higher_order.chad"), "-o", os.path.join(tmp, "d.svg"), "--json"])
    run_and_check("compile.schema.json", ["compile", ex("arrays.chad"), "--mode", "rev", "--json"])
    run_and_check("compile.schema.json",
                  ["compile", ex("arrays.chad"), "--mode", "fwd", "-o", os.path.join(tmp, "k.cpp"), "--json"])
    for target in ["python", "cpp", "json"]:
        run_and_check("translate.schema.json", ["translate", ex("spec_example.chad"), "--to", target, "--json"])
    translated = run_and_check("translate.schema.json",
                               ["translate", ex("arrays.chad"), "--to", "json", "--json", "--at",
                                "([[1, 2, 3], [4, 5, 6]], [0.5, -1, 2])"])
    if translated is not None:
        check("program.schema.json", json.loads(translated["text"]), "translate --to json's text")

    # A small campaign with --out: its --json summary and every file it writes.
    runs = os.path.join(tmp, "runs")
    run_and_check("campaign.schema.json",
                  ["campaign", "--seed", "5", "--count", "40", "--out", os.path.join(runs, "c"), "--json"])
    check_lines("log-line.schema.json", os.path.join(runs, "c", "log.jsonl"))
    check_file("summary.schema.json", os.path.join(runs, "c", "summary.json"))
    check_file("campaign-parameters.schema.json", os.path.join(runs, "c", "campaign.json"))
    check_file("log-identity.schema.json", os.path.join(runs, "c", "log.identity.json"))

    # Two shards and their merge.
    for shard in ["0/2", "1/2"]:
        run(["campaign", "--seed", "5", "--count", "20", "--shard", shard, "--out",
             os.path.join(runs, "s" + shard[0]), "--json"])
    run_and_check("merge.schema.json",
                  ["merge", os.path.join(runs, "s0"), os.path.join(runs, "s1"), "--out", os.path.join(runs, "m"),
                   "--json"])
    check_file("campaign-parameters.schema.json", os.path.join(runs, "m", "campaign.json"))
    check_file("log-identity.schema.json", os.path.join(runs, "m", "log.identity.json"))
    check_lines("log-line.schema.json", os.path.join(runs, "m", "log.jsonl"))

    # A failing campaign (a mutant of CHAD): its log, a shrunk report, and its replay.
    failing = os.path.join(runs, "mutant")
    run_and_check("campaign.schema.json",
                  ["campaign", "--seed", "1", "--count", "60", "--mutant", "rev-snd-drops", "--reports", "2", "--out",
                   failing, "--json"], codes=(1,))
    check_lines("log-line.schema.json", os.path.join(failing, "log.jsonl"))
    check_file("summary.schema.json", os.path.join(failing, "summary.json"))
    reports = sorted(glob.glob(os.path.join(failing, "failures", "*", "report.json")))
    if not reports:
        fail("the failing campaign wrote no report")
    for report in reports:
        check_file("report.schema.json", report)
        run_and_check("replay.schema.json", ["replay", os.path.dirname(report), "--json"], codes=(0, 1))

    # A failing campaign at order 2 (a mutant wrong at second order only; the kill matrix finds it at
    # the 59th program of seed 1): its log, summary, report.
    order2 = os.path.join(runs, "order2")
    run_and_check("campaign.schema.json",
                  ["campaign", "--order", "2", "--seed", "1", "--count", "80", "--mutant",
                   "table-sigmoid-primal-detached", "--reports", "1", "--out", order2, "--json"], codes=(1,))
    check_lines("log-line.schema.json", os.path.join(order2, "log.jsonl"))
    check_file("summary.schema.json", os.path.join(order2, "summary.json"))
    check_file("campaign-parameters.schema.json", os.path.join(order2, "campaign.json"))
    order2_reports = sorted(glob.glob(os.path.join(order2, "failures", "*", "report.json")))
    if not order2_reports:
        fail("the failing campaign at order 2 wrote no report")
    for report in order2_reports:
        check_file("report.schema.json", report)

    # A campaign judging an adapter (its summary carries the tool).
    run_and_check("campaign.schema.json",
                  ["campaign", "--seed", "2", "--count", "10", "--implementation", "adapter", "--adapter", golden,
                   "--json"], codes=(0, 1))
    # ... in two shards (campaign.json records the tool's hello), and their merge (which names the tool from it).
    for shard in ["0/2", "1/2"]:
        run(["campaign", "--seed", "2", "--count", "10", "--implementation", "adapter", "--adapter", golden,
             "--shard", shard, "--out", os.path.join(runs, "a" + shard[0]), "--json"], codes=(0, 1))
        check_file("campaign-parameters.schema.json", os.path.join(runs, "a" + shard[0], "campaign.json"))
    merged = run_and_check("merge.schema.json",
                           ["merge", os.path.join(runs, "a0"), os.path.join(runs, "a1"), "--out",
                            os.path.join(runs, "am"), "--json"], codes=(0, 1))
    if merged is not None and not (isinstance(merged.get("tool"), dict) and "judged" in merged):
        fail("the merge of an adapter's campaign does not name the tool and its judged share")
    check_file("summary.schema.json", os.path.join(runs, "am", "summary.json"))

    # The kill matrix of two mutants, with their reports.
    mutants_dir = os.path.join(tmp, "mutants")
    for only in ["rev-snd-drops", "rev-pair-drops-second"]:
        run_and_check("mutants.schema.json",
                      ["mutants", "--count", "100", "--only", only, "--out", os.path.join(mutants_dir, only), "--json"],
                      codes=(0, 1))
        check_file("mutants.schema.json", os.path.join(mutants_dir, only, "mutants.json"))
        for report in glob.glob(os.path.join(mutants_dir, only, "reports", "*", "report.json")):
            check_file("report.schema.json", report)

    # Test vectors.
    vectors = os.path.join(tmp, "vectors")
    run_and_check("vectors.schema.json", ["vectors", "--count", "15", "--seed", "3", "--out", vectors, "--json"])
    check_file("vectors-manifest.schema.json", os.path.join(vectors, "manifest.json"))
    check_lines("vectors-case.schema.json", os.path.join(vectors, "cases.jsonl"))

# Negative checks: the schemas reject what they must, so a validation above could fail.
jacobian = run(["jacobian", ex("spec_example.chad"), "--json"])
if jacobian is not None:
    for key in ["rows", "cols", "row_labels", "col_labels", "enclosure", "reason"]:
        broken = copy.deepcopy(jacobian)
        del broken[key]
        rejects("jacobian.schema.json", broken, f"a Jacobian without `{key}`")
    broken = copy.deepcopy(jacobian)
    broken["jacobian"] = []
    rejects("jacobian.schema.json", broken, "a 1 x 3 Jacobian written []")
    broken = copy.deepcopy(jacobian)
    broken["col_labels"] = broken["col_labels"][:-1]
    if not shape_problems(broken):
        fail("the shape rules accept fewer column labels than columns")
    broken = copy.deepcopy(jacobian)
    broken["jacobian"][0] = broken["jacobian"][0][:-1]
    if not shape_problems(broken):
        fail("the shape rules accept a row shorter than cols")
verified = run(["verify", ex("relu.chad"), "--json"])
if verified is not None:
    broken = copy.deepcopy(verified)
    del broken["points"][0]["cases"][0]["gap"]
    rejects("verify.schema.json", broken, "a case without `gap`")
    broken = copy.deepcopy(verified)
    broken["points"][0]["cases"][0]["verdict"] = "maybe"
    rejects("verify.schema.json", broken, "an unknown verdict")
# bench/peers_report.py's JSON (issue 33): the recorded run of bench/compiled_peers.sh (its
# fresh output on made-up results is validated by the bench_peers_report test).
peers_table = check_file("bench-peers.schema.json", os.path.join(source, "bench", "figures", "issue33_peers.json"))
if peers_table is not None:
    broken = copy.deepcopy(peers_table)
    broken["rows"][0]["times_ms"]["a_tool"] = 1.0
    rejects("bench-peers.schema.json", broken, "a time of an unknown tool")
rejects("log-line.schema.json", {"index": 0, "verdict": "pass"}, "a log line with only an index and a verdict")
rejects("summary.schema.json", {"programs": 0}, "a summary with only `programs`")

for name in sorted(schemas):
    if name not in ("adapter-protocol.schema.json",) and name not in validated:
        fail(f"{name}: no document was validated against it")
print("validated: " + ", ".join(f"{name} {n}" for name, n in sorted(validated.items())))
if failures:
    print(f"{failures} failures")
    sys.exit(1)
print("every output validates against its schema")
