# A minimal CHAD Oracle adapter (docs/adapter-protocol.md) for your own AD tool: it gets the Jacobian J from
# torch.autograd.functional.jacobian and answers every ask: J, JVPs (J times seeds), VJPs (seeds times J).
import json, sys, torch

def differentiate(req):
    mod = {"__name__": "translation"}
    exec(req["translations"]["python"], mod)  # defines main, read_input, write_output
    run = lambda x: mod["write_output"](mod["main"](mod["read_input"](req["input"]["index"], list(x.unbind()))))
    x = torch.tensor([float.fromhex(c) for c in req["input"]["coords"]], dtype=torch.float64)
    index, out = run(x)  # f : R^n -> R^m below, over the normal forms of main's input and output
    jac = torch.autograd.functional.jacobian(lambda x: torch.stack(run(x)[1] or [x.sum() * 0]), x)
    J = jac.reshape(-1, len(x))[:len(out)]
    S = torch.tensor([[float.fromhex(s) for s in v] for v in req["seeds"]], dtype=torch.float64)
    rows = J if req["ask"] == "jacobian" else S @ J.T if req["ask"] == "jvp" else S @ J
    return {"kind": "result", "output": {"index": index, "coords": [float(o).hex() for o in out]},
            req["ask"]: [[float(v).hex() for v in row] for row in rows.tolist()]}

for line in sys.stdin:
    req = json.loads(line)
    if req["kind"] == "bye": break
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
