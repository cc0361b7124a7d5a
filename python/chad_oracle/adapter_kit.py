"""The adapter kit: the protocol loop of docs/adapter-protocol.md (version 1) for a Python AD tool.

A tool author writes a Mode: its name, tool and version, its declared fragment, and prepare(request)
returning a Prepared (the primal's output and at least one of jacobian / jvp / vjp; a mode of
second order also hvp / hessian, and declares them in its `asks`). The kit does
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
SECOND_ORDER = ("hvp", "hessian")  # docs/adapter-protocol.md, "Second order"
# The relative band a float64 nesting's second derivatives are judged in (the hello's
# "second_order_band"): about 2,000 times the largest distance from the certified enclosure
# (relative to max(1, |entry|)) that bench/order2_tools.py measured, 5.1e-14, and 10 times tighter
# than CHAD's 1e-9 (bench/RESULTS.md, "Issue #31: order 2 on the campaign engine").
SECOND_ORDER_BAND = 1e-10


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
    vjp(seeds) -> cotangents (lists of float lists), and primal() (one plain evaluation, timed).
    At second order: hvp(cotangent, seeds) -> one H_w v per seed (w the cotangent, v a seed) and
    hessian() -> one n x n matrix per output coordinate."""

    output_index = None
    output_coords = ()

    def primal(self):
        raise Unsupported("this mode does not time its primal")


def _has(prepared, ask):
    """Whether a Prepared (instance or class) answers `ask` itself."""
    kind = prepared if isinstance(prepared, type) else type(prepared)
    return callable(getattr(kind, ask, None))


def _dot(row, seed):
    """The exactly rounded sum of products; where a partial sum passes float64's range (fsum
    raises) or inf meets -inf, what plain float64 arithmetic gives (inf or NaN: the oracle judges
    it, as it does a tool's own), not an exception the kit would report as the tool's crash."""
    products = [a * b for a, b in zip(row, seed)]
    try:
        return math.fsum(products)
    except (OverflowError, ValueError):
        return sum(products, 0.0)


def _identity(n):
    return [[1.0 if i == k else 0.0 for k in range(n)] for i in range(n)]


def _weighted(hessians, cotangent):
    """sum_i w_i H_i (n x n), each entry an exact sum of its terms."""
    n = len(hessians[0]) if hessians else 0
    return [[math.fsum(w * h[r][c] for w, h in zip(cotangent, hessians)) for c in range(n)] for r in range(n)]


def _memoised(memo, key, compute):
    """compute(), kept in memo (a dict, or None: not kept) under key."""
    if memo is None:
        return compute()
    if key not in memo:
        memo[key] = compute()
    return memo[key]


def derive_second(prepared, ask, cotangent, seeds, n_inputs, n_outputs, memo=None):
    """The answer to `hvp` or `hessian` from what `prepared` has: its own method, else HVPs from
    the Hessians (H_w v), a Hessian from HVPs along the unit vectors (column k of H_i is H_{e_i} e_k).
    memo (a dict per prepared program, or None): the Hessians an hvp is derived from are computed
    once per program, not once per ask (the tool's answer is the same)."""
    if _has(prepared, ask):
        if ask == "hessian":
            return _memoised(memo, "hessian", prepared.hessian)
        return prepared.hvp(cotangent, seeds)
    if ask == "hvp":
        if not _has(prepared, "hessian"):
            raise Unsupported("the mode answers no second derivative")
        hessians = _memoised(memo, "hessian", prepared.hessian) if n_outputs else None
        weighted = _weighted(hessians, cotangent) if n_outputs else [[0.0] * n_inputs] * n_inputs
        return [[_dot(row, seed) for row in weighted] for seed in seeds]
    if not _has(prepared, "hvp"):
        raise Unsupported("the mode answers no second derivative")
    units = _identity(n_inputs)
    matrices = []
    for i in range(n_outputs):
        columns = prepared.hvp(_identity(n_outputs)[i], units) if n_inputs else []
        matrices.append([[columns[k][r] for k in range(n_inputs)] for r in range(n_inputs)])
    return matrices


def derive(prepared, ask, seeds, n_inputs, n_outputs, memo=None):
    """The answer to `ask` from what `prepared` has: its own method, else a Jacobian from rows of
    VJPs or columns of JVPs, a JVP or VJP from the Jacobian. memo (a dict per prepared program, or
    None): the Jacobian is computed once per program, not once per ask (the oracle asks a program's
    jacobian, jvp and vjp in a row; the tool's answer is the same each time)."""
    if ask == "jacobian":
        return _memoised(memo, "jacobian", lambda: _jacobian(prepared, n_inputs, n_outputs))
    if _has(prepared, ask):
        return getattr(prepared, ask)(seeds)
    jacobian = derive(prepared, "jacobian", [], n_inputs, n_outputs, memo)
    if ask == "jvp":
        return [[_dot(row, seed) for row in jacobian] for seed in seeds]
    return [[_dot([jacobian[i][k] for i in range(n_outputs)], seed) for k in range(n_inputs)]
            for seed in seeds]


def _jacobian(prepared, n_inputs, n_outputs):
    """The Jacobian: the mode's own, else rows of VJPs or columns of JVPs."""
    if _has(prepared, "jacobian"):
        return prepared.jacobian()
    if _has(prepared, "vjp"):
        return prepared.vjp(_identity(n_outputs)) if n_outputs else []
    if _has(prepared, "jvp"):
        columns = prepared.jvp(_identity(n_inputs)) if n_inputs else []
        return [[columns[k][i] for k in range(n_inputs)] for i in range(n_outputs)]
    raise Unsupported("the mode answers no derivative")


def derivations(prepared_type, asks=ASKS):
    """The hello's `derived`: for each ask the mode lacks, from what the kit derives it."""
    has = {ask: _has(prepared_type, ask) for ask in ASKS + SECOND_ORDER}
    said = {}
    if "hvp" in asks and not has["hvp"]:
        said["hvp"] = "the hessian weighted by the cotangent, times the seed"
    if "hessian" in asks and not has["hessian"]:
        said["hessian"] = "hvp along the unit vectors, per output coordinate"
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
    subnormals = "keep"  # "flush": the tool flushes subnormal numbers to zero (FTZ/DAZ)
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
    # A mode of second order declares the band its Hessians are judged in (SECOND_ORDER_BAND).
    second_order_band = None

    def hello(self):
        said = {"kind": "hello", "protocol": PROTOCOL, "tool": self.tool, "version": self.version,
                "precision": self.precision, "translations": list(self.translations),
                "timing": True, "mode": self.name, "primitives": list(self.primitives),
                "formers": list(self.formers), "asks": list(self.asks),
                "derived": derivations(self.prepared_type, self.asks)}
        if self.standalone_script is not None:
            said["standalone"] = True
        if self.second_order_band is not None:
            said["second_order_band"] = self.second_order_band
        if self.subnormals != "keep":
            said["subnormals"] = self.subnormals
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


def _check_cotangent(cotangent, width):
    if not isinstance(cotangent, list) or len(cotangent) != width:
        raise ValueError("an hvp request needs a cotangent of %d entries" % width)
    return [number(c) for c in cotangent]


def _finite(rows, what):
    for row in rows:
        for v in row:
            if not math.isfinite(v):
                raise DomainError("the tool's %s is not finite (%r)" % (what, v))


def differentiate(mode, request):
    """The result object for one differentiate request (exceptions propagate)."""
    ask = request.get("ask")
    if ask not in ASKS + SECOND_ORDER:
        raise ValueError("unknown ask %r" % (ask,))
    if ask not in mode.asks:
        raise Unsupported("this mode does not answer %s" % ask)
    n_inputs = len(request["input"]["coords"])
    prepared = mode.prepare(request)
    n_outputs = len(prepared.output_coords)
    width = n_inputs if ask in ("jvp", "hvp") else n_outputs
    seeds = _check_seeds(request.get("seeds", []), width, ask) if ask not in ("jacobian", "hessian") else []
    # The whole matrices an answer is derived from, kept per prepared program (not while timing:
    # a timed run computes them again).
    memo = prepared.__dict__.setdefault("_derived_matrices", {})
    if ask in SECOND_ORDER:
        cotangent = _check_cotangent(request.get("cotangent"), n_outputs) if ask == "hvp" else None
        compute = lambda some, kept=None: derive_second(prepared, ask, cotangent, some, n_inputs, n_outputs, kept)
    else:
        compute = lambda some, kept=None: derive(prepared, ask, some, n_inputs, n_outputs, kept)
    raw = compute(seeds, memo)
    if ask == "hessian":
        answer = [[[float(v) for v in row] for row in matrix] for matrix in raw]
        for matrix in answer:
            _finite(matrix, ask)
        written = [[[hex_of(v) for v in row] for row in matrix] for matrix in answer]
    else:
        answer = [[float(v) for v in row] for row in raw]
        _finite(answer, ask)
        written = [[hex_of(v) for v in row] for row in answer]
    _finite([prepared.output_coords], "output")
    result = {"kind": "result", "id": request["id"],
              "output": {"index": prepared.output_index,
                         "coords": [hex_of(c) for c in prepared.output_coords]},
              ask: written}
    if request.get("timing") is True:
        first = seeds[:1]
        result["seconds"] = {"primal": fastest_seconds(prepared.primal),
                             "derivative": fastest_seconds(lambda: compute(first))}
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
    log = lambda message: print("%s: %s" % (mode.name, message), file=sys.stderr, flush=True)
    log("%s %s, mode %s" % (mode.tool, mode.version, mode.name))

    def reply_to(request):
        kind = request.get("kind")
        if kind == "hello":
            return mode.hello()
        if kind == "differentiate":
            return answer(mode, request, log)
        if kind == "standalone" and mode.standalone_script is not None:
            return standalone_answer(mode, request, log)
        return error(request.get("id"), "crash", "unknown request kind %r" % (kind,))
    return serve_requests(reply_to, stdin, stdout)


def serve_requests(reply_to, stdin=None, stdout=None):
    """The protocol's loop alone, for an adapter that answers requests its own way: each request
    line (a JSON object) gets reply_to(request); a malformed line an error of kind crash; until
    `bye` or the end of input. Returns 0."""
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
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
            if request.get("kind") == "bye":
                break
            reply = reply_to(request)
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
