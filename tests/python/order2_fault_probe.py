"""Run by test_order2_faults.py in a process whose tool has a fault planted at second order
(bench/tool_faults/order2_faults.py): prints, as JSON, each mode's Hessian and first-order VJP of
one program of order2_programs.py. Usage: order2_fault_probe.py MODULE PROGRAM (mlp | horner)."""
import importlib
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import order2_programs as O  # noqa: E402
from chad_oracle import adapter_kit as kit  # noqa: E402
from programs import request  # noqa: E402

POINTS = {"mlp": (O.MLP, {"reals": 2}, [0.3, -0.7]), "horner": (O.HORNER, O.HORNER_INDEX, [1.5, 0.5, -2.0, 3.0, 0.25])}

module = importlib.import_module("chad_oracle.modes." + sys.argv[1])
program, index, coords = POINTS[sys.argv[2]]
n_outputs = 2 if sys.argv[2] == "mlp" else 1
answers = {}
for name in module.MODES:
    mode = module.make_mode(name)
    hessian = kit.answer(mode, request(program, index, coords, ask="hessian"), print)
    seed = [["0x1p+0"] + ["0x0p+0"] * (n_outputs - 1)]
    vjp = kit.answer(mode, request(program, index, coords, ask="vjp", seeds=seed), print)
    answers[name] = {"hessian": [[[kit.number(v) for v in row] for row in h] for h in hessian["hessian"]],
                     "vjp": [kit.number(v) for v in vjp["vjp"][0]]}
print("ANSWERS " + json.dumps(answers))
