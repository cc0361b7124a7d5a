#!/usr/bin/env python3
"""Every message of real conversations validates against docs/schemas/adapter-protocol.schema.json.

A small campaign runs against each adapter through a tap that records both directions; each
recorded line is validated, with the definition its direction and kind select (so a message
that happens to match another definition does not pass). Exit 77 (skip) without jsonschema.
Usage: protocol_schema_test.py CHAD_ORACLE SOURCE_DIR [ADAPTER_COMMAND ...]
"""
import json
import os
import subprocess
import sys
import tempfile

try:
    import jsonschema
except ImportError:
    print("python3-jsonschema is not installed: skipped")
    sys.exit(77)

TAP = r'''
import subprocess, sys, threading
log = open(sys.argv[1], "a", buffering=1)
child = subprocess.Popen(sys.argv[2], shell=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
def pump_out():
    for line in child.stdout:
        log.write("A " + line if line.endswith("\n") else "A " + line + "\n")
        sys.stdout.write(line); sys.stdout.flush()
t = threading.Thread(target=pump_out); t.start()
for line in sys.stdin:
    log.write("O " + line)
    child.stdin.write(line); child.stdin.flush()
child.stdin.close(); t.join(); sys.exit(child.wait())
'''

oracle, source = sys.argv[1], sys.argv[2]
adapters = sys.argv[3:] or [oracle + " serve-adapter"]
schema = json.load(open(os.path.join(source, "docs", "schemas", "adapter-protocol.schema.json")))
definitions = {
    ("O", "hello"): "hello_request", ("A", "hello"): "hello_answer", ("O", "differentiate"): "differentiate",
    ("A", "result"): "result", ("A", "error"): "error", ("O", "bye"): "bye",
    ("O", "standalone"): "standalone_request", ("A", "standalone"): "standalone_answer",
}
failures = 0
with tempfile.TemporaryDirectory() as tmp:
    tap = os.path.join(tmp, "tap.py")
    open(tap, "w").write(TAP)
    for k, adapter in enumerate(adapters):
        log = os.path.join(tmp, f"conversation{k}.log")
        command = f"{sys.executable} {tap} {log} '{adapter}'"
        subprocess.run([oracle, "campaign", "--implementation", "adapter", "--adapter", command, "--count", "25",
                        "--seed", "3"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        # the cost check's timed requests (to adapters whose hello offers timing)
        subprocess.run([oracle, "campaign", "--implementation", "adapter", "--adapter", command, "--count", "4",
                        "--seed", "3", "--check", "cost", "--cost-sizes", "2,4,8"],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        lines = open(log).read().splitlines()
        timing_offered = any(line.startswith("A ") and json.loads(line[2:]).get("kind") == "hello"
                             and json.loads(line[2:]).get("timing") is True for line in lines)
        timed = sum(1 for line in lines if line.startswith("A ") and "seconds" in json.loads(line[2:]))
        if timing_offered and timed == 0:
            print(f"{adapter}: its hello offers timing, and no answer carried seconds")
            failures += 1
        kinds = set()
        for line in lines:
            direction, text = line[0], line[2:]
            message = json.loads(text)
            name = definitions.get((direction, message.get("kind")))
            kinds.add((direction, message.get("kind")))
            if name is None:
                print(f"{adapter}: a message of unknown kind: {text[:200]}")
                failures += 1
                continue
            sub = dict(schema["$defs"][name])
            sub["$defs"] = schema["$defs"]
            try:
                jsonschema.validate(message, sub)
            except jsonschema.ValidationError as e:
                print(f"{adapter}: {name} does not validate: {e.message}\n  {text[:300]}")
                failures += 1
        for needed in [("O", "hello"), ("A", "hello"), ("O", "differentiate"), ("A", "result")]:
            if needed not in kinds:
                print(f"{adapter}: the conversation had no {needed} message")
                failures += 1
        print(f"{adapter}: {len(lines)} messages checked")


# The second-order asks (docs/adapter-protocol.md, "Second order"): the Python kit's hello and answers
# to hvp and hessian requests (a mode of f(x, y) = (x y, x x) written here, no tool needed).
def second_order_messages():
    sys.path.insert(0, os.path.join(source, "python"))
    from chad_oracle import adapter_kit as kit

    class Prepared(kit.Prepared):
        def __init__(self, request):
            x, y = [kit.number(c) for c in request["input"]["coords"]]
            self.output_index, self.output_coords = {"pair": [{"reals": 1}, {"reals": 1}]}, [x * y, x * x]

        def primal(self):
            pass

        def hessian(self):
            return [[[0.0, 1.0], [1.0, 0.0]], [[2.0, 0.0], [0.0, 0.0]]]
    mode = type("M", (kit.Mode,), dict(name="test-order2", tool="test", asks=kit.ASKS + kit.SECOND_ORDER,
                                        prepared_type=Prepared, prepare=lambda self, r: Prepared(r)))()
    base = {"kind": "differentiate", "program": "def main (p : real * real) : real * real = (fst p * snd p, fst p * fst p);",
            "input": {"index": {"pair": [{"reals": 1}, {"reals": 1}]}, "coords": ["0x1p+1", "0x1.8p+1"]},
            "output": {"index": {"pair": [{"reals": 1}, {"reals": 1}]}}}
    hvp = dict(base, id=1, ask="hvp", cotangent=["0x1p+0", "-0x1p+0"], seeds=[["0x1p+0", "0x0p+0"]], timing=True)
    hessian = dict(base, id=2, ask="hessian", seeds=[])
    return [("hello_answer", mode.hello()), ("differentiate", hvp), ("result", kit.answer(mode, hvp, print)),
            ("differentiate", hessian), ("result", kit.answer(mode, hessian, print))]


for name, message in second_order_messages():
    sub = dict(schema["$defs"][name])
    sub["$defs"] = schema["$defs"]
    try:
        jsonschema.validate(message, sub)
    except jsonschema.ValidationError as e:
        print(f"second order: {name} does not validate: {e.message}\n  {json.dumps(message)[:300]}")
        failures += 1
print("second order: 5 messages checked")
sys.exit(1 if failures else 0)
