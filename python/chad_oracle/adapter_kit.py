"""The adapter kit: the protocol loop of docs/adapter-protocol.md (version 1) for a Python AD tool.

A tool author writes a Mode: its name, tool and version, its declared fragment, and prepare(request)
returning a Prepared (the primal's output and at least one of jacobian / jvp / vjp). The kit does
the rest: the handshake (with `mode` and the fragment: `primitives`, `formers`, `asks`), hex floats
both ways, the asks a mode lacks derived from those it has (said in the hello's `derived`), errors
of the protocol's kinds (Unsupported -> `unsupported`, DomainError -> `domain`, anything else ->
`crash`), timed answers (`"timing": true` -> `"seconds"`), and `bye`. Logs go to standard error.
"""
import gc
import json
import math
import os
import sys
import threading
import time
import traceback

PROTOCOL = 1
ASKS = ("jacobian", "jvp", "vjp")


class Unsupported(Exception):
    """The request is outside the tool's fragment in this mode (the message says why)."""


class DomainError(Exception):
    """The program meets a domain error at the input (log of a non-positive, 1/0, a tie), or the
    tool's answer is not finite where the program is defined."""


def number(text):
    """A protocol number: a hex-float string, "nan", "inf", "-inf", a decimal string or a JSON number."""
    if isinstance(text, str):
        if text in ("nan", "inf", "-inf"):
            return float(text)
        return float.fromhex(text) if "x" in text.lower() else float(text)
    if isinstance(text, bool) or not isinstance(text, (int, float)):
        raise ValueError("not a number: %r" % (text,))
    return float(text)


def hex_of(x):
    """The exact hex float of x (a Python, NumPy or 0-d tensor number); nan/inf as the protocol spells them."""
    x = float(x)
    if math.isnan(x):
        return "nan"
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    return x.hex()


class Prepared:
    """One request's program at its input, as a mode runs it. Set `output_index` and
    `output_coords` (floats); define any of jacobian() -> rows, jvp(seeds) -> tangents,
    vjp(seeds) -> cotangents (lists of float lists), and primal() (one plain evaluation, timed)."""

    output_index = None
    output_coords = ()

    def primal(self):
        raise Unsupported("this mode does not time its primal")


def _has(prepared, ask):
    """Whether a Prepared (instance or class) answers `ask` itself."""
    kind = prepared if isinstance(prepared, type) else type(prepared)
    return callable(getattr(kind, ask, None))


def _dot(row, seed):
    return math.fsum(a * b for a, b in zip(row, seed))


def _identity(n):
    return [[1.0 if i == k else 0.0 for k in range(n)] for i in range(n)]


def derive(prepared, ask, seeds, n_inputs, n_outputs):
    """The answer to `ask` from what `prepared` has: its own method, else a Jacobian from rows of
    VJPs or columns of JVPs, a JVP or VJP from the Jacobian."""
    if _has(prepared, ask):
        return getattr(prepared, ask)() if ask == "jacobian" else getattr(prepared, ask)(seeds)
    if ask == "jacobian":
        if _has(prepared, "vjp"):
            return prepared.vjp(_identity(n_outputs)) if n_outputs else []
        if _has(prepared, "jvp"):
            columns = prepared.jvp(_identity(n_inputs)) if n_inputs else []
            return [[columns[k][i] for k in range(n_inputs)] for i in range(n_outputs)]
        raise Unsupported("the mode answers no derivative")
    jacobian = derive(prepared, "jacobian", [], n_inputs, n_outputs)
    if ask == "jvp":
        return [[_dot(row, seed) for row in jacobian] for seed in seeds]
    return [[_dot([jacobian[i][k] for i in range(n_outputs)], seed) for k in range(n_inputs)]
            for seed in seeds]


def derivations(prepared_type):
    """The hello's `derived`: for each ask the mode lacks, from what the kit derives it."""
    has = {ask: _has(prepared_type, ask) for ask in ASKS}
    said = {}
    if not has["jacobian"]:
        said["jacobian"] = "rows of vjp" if has["vjp"] else "columns of jvp"
    for ask in ("jvp", "vjp"):
        if not has[ask]:
            said[ask] = "the jacobian (" + (said.get("jacobian") or "its own") + ") times the seed"
    return said


def fastest_seconds(work):
    """The fastest of repeated runs of work(), in seconds: at least 3 runs and 5 ms in all, at most
    1,000 runs; a single run past 1 s is not repeated. The garbage collector is off meanwhile."""
    fastest, total = None, 0.0
    gc.collect()
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        for runs in range(1, 1001):
            start = time.perf_counter()
            work()
            seconds = time.perf_counter() - start
            total += seconds
            fastest = seconds if fastest is None else min(fastest, seconds)
            if (runs >= 3 and total >= 0.005) or (runs == 1 and seconds > 1):
                break
    finally:
        if was_enabled:
            gc.enable()
    return fastest


class Mode:
    """A mode of a tool under test. Subclasses set the class fields and define prepare()."""

    name = None          # the mode's name, e.g. "jax-jit-jacrev"
    tool = None          # e.g. "jax"
    version = ""
    precision = "float64"
    translations = ("json",)
    primitives = ()      # the declared fragment
    formers = ()
    asks = ASKS
    prepared_type = Prepared

    def prepare(self, request):
        raise NotImplementedError

    # A mode that can reproduce a failure in its tool alone defines standalone_script(request) ->
    # (script text, file name): the answer to a "standalone" request (the shrunk program, its
    # input, the enclosures; docs/adapter-protocol.md, "Standalone scripts").
    standalone_script = None

    def hello(self):
        said = {"kind": "hello", "protocol": PROTOCOL, "tool": self.tool, "version": self.version,
                "precision": self.precision, "translations": list(self.translations),
                "timing": True, "mode": self.name, "primitives": list(self.primitives),
                "formers": list(self.formers), "asks": list(self.asks),
                "derived": derivations(self.prepared_type)}
        if self.standalone_script is not None:
            said["standalone"] = True
        return said


def _check_seeds(seeds, width, what):
    if not isinstance(seeds, list):
        raise ValueError("seeds must be a list")
    parsed = []
    for seed in seeds:
        if not isinstance(seed, list) or len(seed) != width:
            raise ValueError("a %s seed needs %d entries" % (what, width))
        parsed.append([number(s) for s in seed])
    return parsed


def _finite(rows, what):
    for row in rows:
        for v in row:
            if not math.isfinite(v):
                raise DomainError("the tool's %s is not finite (%r)" % (what, v))


def differentiate(mode, request):
    """The result object for one differentiate request (exceptions propagate)."""
    ask = request.get("ask")
    if ask not in ASKS:
        raise ValueError("unknown ask %r" % (ask,))
    if ask not in mode.asks:
        raise Unsupported("this mode does not answer %s" % ask)
    n_inputs = len(request["input"]["coords"])
    prepared = mode.prepare(request)
    n_outputs = len(prepared.output_coords)
    width = n_inputs if ask == "jvp" else n_outputs
    seeds = _check_seeds(request.get("seeds", []), width, ask) if ask != "jacobian" else []
    answer = [[float(v) for v in row] for row in derive(prepared, ask, seeds, n_inputs, n_outputs)]
    _finite(answer, ask)
    _finite([prepared.output_coords], "output")
    result = {"kind": "result", "id": request["id"],
              "output": {"index": prepared.output_index,
                         "coords": [hex_of(c) for c in prepared.output_coords]},
              ask: [[hex_of(v) for v in row] for row in answer]}
    if request.get("timing") is True:
        first = seeds[:1]
        result["seconds"] = {
            "primal": fastest_seconds(prepared.primal),
            "derivative": fastest_seconds(lambda: derive(prepared, ask, first, n_inputs, n_outputs))}
    return result


def error(request_id, kind, message):
    return {"kind": "error", "id": request_id, "error": kind, "message": message}


def answer(mode, request, log):
    request_id = request.get("id")
    try:
        return differentiate(mode, request)
    except Unsupported as exc:
        return error(request_id, "unsupported", str(exc))
    except DomainError as exc:
        return error(request_id, "domain", str(exc))
    except RecursionError as exc:
        return error(request_id, "crash", "RecursionError: %s" % exc)
    except Exception as exc:  # the tool failed
        log("request %r: %s" % (request_id, traceback.format_exc()))
        return error(request_id, "crash", "%s: %s" % (type(exc).__name__, str(exc)[:2000]))


def standalone_answer(mode, request, log):
    """The answer to a "standalone" request: the mode's script, or an error of kind crash."""
    try:
        text, name = mode.standalone_script(request)
        return {"kind": "standalone", "id": request.get("id"), "script": text, "file": name}
    except Exception as exc:
        log("standalone %r: %s" % (request.get("id"), traceback.format_exc()))
        return error(request.get("id"), "crash", "no standalone script: %s: %s" % (type(exc).__name__, exc))


def serve(mode, stdin=None, stdout=None):
    """The protocol loop over stdin/stdout until `bye` or the end of input; returns 0."""
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    log = lambda message: print("%s: %s" % (mode.name, message), file=sys.stderr, flush=True)
    log("%s %s, mode %s" % (mode.tool, mode.version, mode.name))
    for line in stdin:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
            if not isinstance(request, dict):
                raise ValueError("a request must be a JSON object")
        except ValueError as exc:
            reply = error(None, "crash", "malformed request: %s" % exc)
        else:
            kind = request.get("kind")
            if kind == "bye":
                break
            if kind == "hello":
                reply = mode.hello()
            elif kind == "differentiate":
                reply = answer(mode, request, log)
            elif kind == "standalone" and mode.standalone_script is not None:
                reply = standalone_answer(mode, request, log)
            else:
                reply = error(request.get("id"), "crash", "unknown request kind %r" % (kind,))
        stdout.write(json.dumps(reply) + "\n")
        stdout.flush()
    return 0


def main(mode):
    """serve(mode) on a thread with a large stack (programs and requests nest deeply), then exit."""
    sys.setrecursionlimit(200000)
    threading.stack_size(1 << 29)
    outcome = []
    worker = threading.Thread(target=lambda: outcome.append(serve(mode)))
    worker.start()
    worker.join()
    # Exit at once: the tools' interpreter teardown (PyTorch's, TensorFlow's) can take seconds
    # on a loaded machine, and the oracle waits 5 s after `bye`.
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(outcome[0] if outcome else 1)
