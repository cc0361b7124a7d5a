# A minimal CHAD Oracle adapter (docs/adapter-protocol.md) to copy for your own AD tool: it runs
# the python translation and asks torch.autograd.functional.jacobian for the full Jacobian.
import json, sys, torch

def differentiate(req):
    if req["ask"] != "jacobian":
        return {"kind": "error", "error": "unsupported", "message": "only full Jacobians"}
    mod = {"__name__": "translation"}
    exec(req["translations"]["python"], mod)  # defines main, read_input, write_output
    run = lambda x: mod["write_output"](mod["main"](mod["read_input"](req["input"]["index"], list(x.unbind()))))
    x = torch.tensor([float.fromhex(c) for c in req["input"]["coords"]], dtype=torch.float64)
    index, out = run(x)  # f : R^n -> R^m below, over the normal forms of main's input and output
    jac = torch.autograd.functional.jacobian(lambda x: torch.stack(run(x)[1] or [x.sum() * 0]), x)
    return {"kind": "result", "output": {"index": index, "coords": [float(o).hex() for o in out]},
            "jacobian": [[float(v).hex() for v in row] for row in jac.reshape(-1, len(x))[:len(out)]]}

for line in sys.stdin:
    req = json.loads(line)
    if req["kind"] == "bye":
        break
    if req["kind"] == "hello":
        reply = {"kind": "hello", "protocol": 1, "tool": "example", "version": torch.__version__,
                 "precision": "float64", "translations": ["python"]}
    else:
        try:
            reply = {"id": req["id"], **differentiate(req)}
        except Exception as e:  # the translation raises DomainError for log(-1), 1/0, ...
            kind = "domain" if type(e).__name__ == "DomainError" else "crash"
            reply = {"kind": "error", "id": req["id"], "error": kind, "message": str(e)}
    print(json.dumps(reply), flush=True)
