#!/usr/bin/env python3
"""Runs CHAD Oracle test vectors (`chad-oracle vectors`) against an AD tool's adapter.

    python -m chad_oracle.vectors_runner --adapter 'CMD' DIR/cases.jsonl [--json] [--timeout 30] [--show 5]
                                         [--case ID ...]
    (or adapters/run_vectors.py in a checkout)

Needs only Python 3's standard library, not the oracle. It starts CMD (`/bin/sh -c`) as an
adapter (docs/adapter-protocol.md: JSON Lines on stdin/stdout, a `hello` handshake), sends
each case as `differentiate` requests (the Jacobian, then a JVP and a VJP with the stored
seeds, carrying the translations the hello asks for) and judges every number as the oracle
does (the case file's README.md, "The verdict"):

  pass         inside the certified enclosure, or inside the enclosure for the tool's stated
               precision (no fixed tolerance);
  fail         outside that last one; a domain error or an output shape the program does not
               have there;
  skip         the point is within the tool's rounding of a tie or a domain error (no
               enclosure for its precision), or that enclosure exceeds its largest number;
  unsupported  the adapter answered the error "unsupported" (or asked for a translation the
               case does not have);
  error        an error "crash", a malformed answer, no answer within the timeout, a dead
               adapter (which is then restarted).

Given DIR/order2_cases.jsonl instead (second order: the case file's README.md, "Second order"), each
case is asked its `hessian` and one `hvp` among the asks the hello declares (none declared:
unsupported), each entry judged inside its certified enclosure widened by the band (the hello's
`second_order_band`, else the case's) times max(1, |entry|).

A case stops at its first check that does not pass. Prints the counts and the first failures;
exits 1 when any case fails or errs, 2 when the adapter cannot be started, 0 otherwise.
"""
import argparse
import collections
import json
import os
import select
import subprocess
import sys
import threading
import time

PROTOCOL = 1
LARGEST = {"float64": sys.float_info.max, "float32": float.fromhex("0x1.fffffep+127")}
VERDICTS = ["pass", "fail", "skip", "unsupported", "error"]


class NoAnswer(Exception):
    """The adapter gave no usable answer (timeout, exit, malformed): an error, then a restart."""


class Adapter:
    """One adapter process, its handshake, and requests with a per-answer timeout."""

    def __init__(self, command, timeout):
        self.command, self.timeout = command, timeout
        self.process, self.hello, self.buffer = None, None, b""
        self.stderr_tail = collections.deque(maxlen=10)

    def start(self):
        self.process = subprocess.Popen(["/bin/sh", "-c", self.command], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.buffer = b""
        threading.Thread(target=self._drain_stderr, args=(self.process,), daemon=True).start()
        hello = self.exchange({"kind": "hello", "protocol": PROTOCOL})
        if hello.get("kind") != "hello" or hello.get("protocol") != PROTOCOL:
            raise NoAnswer("the handshake answered %s (expected a hello of protocol %d)" % (json.dumps(hello), PROTOCOL))
        if hello.get("precision", "float64") not in LARGEST:
            raise NoAnswer("the handshake states precision %r (float64 or float32)" % hello.get("precision"))
        self.hello = hello

    def _drain_stderr(self, process):
        for line in process.stderr:
            self.stderr_tail.append(line.decode("utf-8", "replace").rstrip())

    def stop(self):
        if self.process is None:
            return
        try:
            self.process.stdin.write(b'{"kind": "bye"}\n')
            self.process.stdin.close()
        except OSError:
            pass
        try:
            self.process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process = None

    def restart(self):
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None
        self.start()

    def _died(self, what):
        status = self.process.poll()
        tail = "; its stderr ends: " + " | ".join(self.stderr_tail) if self.stderr_tail else ""
        return NoAnswer("%s (exit status %s)%s" % (what, status, tail))

    def _read_line(self):
        deadline = time.monotonic() + self.timeout
        fd = self.process.stdout.fileno()
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise NoAnswer("no answer within %g s" % self.timeout)
            ready, _, _ = select.select([fd], [], [], left)
            if not ready:
                continue
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                time.sleep(0.05)  # let the exit status and stderr arrive
                raise self._died("the adapter closed its output")
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return line

    def exchange(self, request):
        try:
            self.process.stdin.write((json.dumps(request) + "\n").encode("utf-8"))
            self.process.stdin.flush()
        except OSError:
            raise self._died("the adapter does not read its input")
        line = self._read_line()
        try:
            answer = json.loads(line)
        except ValueError:
            raise NoAnswer("a line that is not JSON: %r" % line[:200])
        if not isinstance(answer, dict):
            raise NoAnswer("an answer that is not a JSON object: %r" % line[:200])
        return answer


def read_number(x, where):
    if isinstance(x, bool) or not isinstance(x, (int, float, str)):
        raise NoAnswer("%s: %s is not a number" % (where, json.dumps(x)))
    if isinstance(x, str):
        try:
            return float.fromhex(x) if "0x" in x.lower() else float(x)
        except ValueError:
            raise NoAnswer("%s: %r is not a number" % (where, x))
    return float(x)


def read_rows(rows, count, length, where):
    if not isinstance(rows, list) or len(rows) != count:
        raise NoAnswer("%s: expected %d rows, found %s" % (where, count, json.dumps(rows)[:200]))
    out = []
    for i, row in enumerate(rows):
        if not isinstance(row, list) or len(row) != length:
            raise NoAnswer("%s[%d]: expected %d numbers, found %s" % (where, i, length, json.dumps(row)[:200]))
        out.append([read_number(x, "%s[%d]" % (where, i)) for x in row])
    return out


def enclosures(rows):
    return [[(float.fromhex(lo), float.fromhex(hi)) for lo, hi in row] for row in rows]


def flat(rows):
    return [x for row in rows for x in row]


def inside(got, enclosure):
    if got != got or abs(got) == float("inf"):  # a non-finite answer is never inside
        return False
    lo, hi = enclosure
    return lo <= got <= hi


def judge(entries, precision):
    """entries: (what, got, mid, certified, in_precision or None); in_precision all None when the
    case has none for this precision. Returns (verdict, detail)."""
    if all(inside(got, exact) for _, got, _, exact, _ in entries):
        return "pass", ""
    if any(wide is None for _, _, _, _, wide in entries):
        return "skip", "outside the certified enclosure, and no %s enclosure here" % precision
    for what, _, _, _, wide in entries:
        if max(abs(wide[0]), abs(wide[1])) > LARGEST[precision]:
            return "skip", "%s may overflow %s" % (what, precision)
    for what, got, _, exact, wide in entries:
        if not inside(got, wide):
            return "fail", "%s: got %r (%s); certified [%r, %r], %s [%r, %r]" % (
                what, got, got.hex(), exact[0], exact[1], precision, wide[0], wide[1])
    return "pass", ""


def requests_of(case):
    """(ask, seeds, what to expect) for each check of a case."""
    yield "jacobian", [], case["jacobian"]
    for ask in ("jvp", "vjp"):
        if case.get(ask) is not None:
            yield ask, case[ask]["seeds"], case[ask]


def differentiate_request(adapter, case, ask, seeds, request_id):
    """The request of one ask of a case, with the translations the adapter's hello wants; or why
    there is none (a translation these vectors do not carry), as ("unsupported", why)."""
    translations = {}
    for language in adapter.hello.get("translations", []):
        if language not in case["translations"]:
            why = case.get("untranslatable", {}).get(language, "not in these vectors (vectors --translations)")
            return None, ("unsupported", "no %s translation: %s" % (language, why))
        translations[language] = case["translations"][language]
    output = {k: case["output"][k] for k in ("index", "index_text", "labels")}
    return {"kind": "differentiate", "id": request_id, "program": case["program"], "translations": translations,
            "input_type": case["input_type"], "output_type": case["output_type"], "input": case["input"],
            "output": output, "ask": ask, "seeds": seeds}, None


def exchange_for_result(adapter, request, ask, domain_verdict):
    """Sends `request` and returns (the result answer, None), or (None, (verdict, detail)) where the
    tool answered an error: unsupported, a domain error (`domain_verdict`: (verdict, why)), a crash.
    A malformed answer raises NoAnswer."""
    answer = adapter.exchange(request)
    if answer.get("id") != request["id"]:
        raise NoAnswer("the answer's id is %s, the request's %d" % (json.dumps(answer.get("id")), request["id"]))
    if answer.get("kind") == "error":
        kind, message = answer.get("error"), answer.get("message", "")
        if kind == "unsupported":
            return None, ("unsupported", "%s: %s" % (ask, message))
        if kind == "domain":
            return None, (domain_verdict[0], "%s: %s: %s" % (ask, domain_verdict[1], message))
        if kind == "crash":
            return None, ("error", "%s: the tool failed: %s" % (ask, message))
        raise NoAnswer("an error of unknown kind %s" % json.dumps(kind))
    if answer.get("kind") != "result":
        raise NoAnswer("an answer of kind %s" % json.dumps(answer.get("kind")))
    return answer, None


def check_ask(adapter, case, ask, seeds, expected, request_id):
    precision = adapter.hello.get("precision", "float64")
    request, declined = differentiate_request(adapter, case, ask, seeds, request_id)
    if declined:
        return declined
    has_precision = case["jacobian"].get(precision) is not None
    domain = (("fail", "a domain error the program does not have here") if has_precision
              else ("skip", "a domain error within %s rounding" % precision))
    answer, declined = exchange_for_result(adapter, request, ask, domain)
    if declined:
        return declined

    out_labels, in_labels = case["output"]["labels"], case["input"]["labels"]
    m, n = len(out_labels), len(in_labels)
    entries = []
    if "output" in answer:
        got = answer["output"]
        if not isinstance(got, dict) or "index" not in got:
            raise NoAnswer("output: expected {index, coords}")
        if got["index"] != case["output"]["index"]:
            verdict = "fail" if has_precision else "skip"
            return verdict, "output index %s, the program's %s" % (json.dumps(got["index"]), case["output"]["index_text"])
        coords = read_rows([got.get("coords")], 1, m, "output.coords")[0]
        mids = [float.fromhex(x) for x in case["output"]["mid"]]
        exact = enclosures([case["output"]["enclosure"]])[0]
        wide = enclosures([case["output"][precision]])[0] if has_precision else [None] * m
        entries += [(out_labels[i], coords[i], mids[i], exact[i], wide[i]) for i in range(m)]
    if ask == "jacobian":
        rows = read_rows(answer.get("jacobian"), m, n, "jacobian")
        mids = [float.fromhex(x) for x in flat(expected["mid"])]
        labels = ["d %s / d %s" % (o, i) for o in out_labels for i in in_labels]
    else:
        length = m if ask == "jvp" else n
        rows = read_rows(answer.get(ask), len(seeds), length, ask)
        mids = [(lo / 2 + hi / 2) for lo, hi in flat(enclosures(expected["enclosure"]))]
        names = out_labels if ask == "jvp" else in_labels
        labels = ["%s[%d] (%s)" % (ask, k, names[k]) for _ in seeds for k in range(length)]
    exact = flat(enclosures(expected["enclosure"]))
    wide = flat(enclosures(expected[precision])) if has_precision else [None] * len(exact)
    entries += list(zip(labels, flat(rows), mids, exact, wide))
    verdict, detail = judge(entries, precision)
    return verdict, ("%s: %s" % (ask, detail) if detail else "")


SECOND_ORDER_ASKS = ("hessian", "hvp")


def check_order2_ask(adapter, case, ask, request_id):
    """One second-order ask of a case of order2_cases.jsonl: every entry inside its certified
    enclosure widened by the band (the hello's second_order_band, else the case's) times
    max(1, |entry|)."""
    request, declined = differentiate_request(adapter, case, ask, case["hvp"]["seeds"] if ask == "hvp" else [],
                                              request_id)
    if declined:
        return declined
    if ask == "hvp":
        request["cotangent"] = case["hvp"]["cotangent"]
    answer, declined = exchange_for_result(adapter, request, ask,
                                           ("fail", "a domain error where the program is twice differentiable"))
    if declined:
        return declined
    m, n = case["hessian"]["outputs"], case["hessian"]["inputs"]
    out_labels, in_labels = case["output"]["labels"], case["input"]["labels"]
    if ask == "hessian":
        matrices = answer.get("hessian")
        if not isinstance(matrices, list) or len(matrices) != m:
            raise NoAnswer("hessian: expected %d matrices" % m)
        got = flat([flat(read_rows(h, n, n, "hessian[%d]" % i)) for i, h in enumerate(matrices)])
        exact = flat([flat(enclosures(h)) for h in case["hessian"]["enclosure"]])
        labels = ["d2 %s / d %s d %s" % (o, a, b) for o in out_labels for a in in_labels for b in in_labels]
    else:
        got = flat(read_rows(answer.get("hvp"), 1, n, "hvp"))
        exact = flat(enclosures(case["hvp"]["enclosure"]))
        labels = ["hvp[%d] (%s)" % (k, in_labels[k]) for k in range(n)]
    band = adapter.hello.get("second_order_band", case["band"])
    for what, x, (lo, hi) in zip(labels, got, exact):
        slack = band * max(1.0, abs(x)) if x == x and abs(x) != float("inf") else 0.0
        if not inside(x, (lo - slack, hi + slack)):
            return "fail", "%s: %s: got %r (%s); certified [%r, %r] (the band: relative %g)" % (
                ask, what, x, x.hex(), lo, hi, band)
    return "pass", ""


def run_order2_case(adapter, case, next_id):
    """A case of order2_cases.jsonl: the hessian and hvp asks among those the hello declares."""
    asks = [a for a in SECOND_ORDER_ASKS if a in adapter.hello.get("asks", [])]
    if not asks:
        return "unsupported", "the adapter declares no second-order ask (hvp, hessian)"
    for ask in asks:
        try:
            verdict, detail = check_order2_ask(adapter, case, ask, next_id())
        except NoAnswer as e:
            adapter.restart()
            return "error", "%s: %s" % (ask, e)
        if verdict != "pass":
            return verdict, detail
    return "pass", ""


def run_case(adapter, case, next_id):
    if "hessian" in case:  # order2_cases.jsonl
        return run_order2_case(adapter, case, next_id)
    for ask, seeds, expected in requests_of(case):
        request_id = next_id()
        try:
            verdict, detail = check_ask(adapter, case, ask, seeds, expected, request_id)
        except NoAnswer as e:
            adapter.restart()
            return "error", "%s: %s" % (ask, e)
        if verdict != "pass":
            return verdict, detail
    return "pass", ""


def main():
    parser = argparse.ArgumentParser(description="Run CHAD Oracle test vectors against an adapter.")
    parser.add_argument("--adapter", required=True, help="the adapter's command line (run by /bin/sh -c)")
    parser.add_argument("cases", help="cases.jsonl written by `chad-oracle vectors`")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--timeout", type=float, default=30, help="seconds allowed per answer (default 30)")
    parser.add_argument("--show", type=int, default=5, help="how many failures to show (default 5)")
    parser.add_argument("--case", action="append", help="run only the case of this id (repeatable)")
    args = parser.parse_args()

    try:
        with open(args.cases, encoding="utf-8") as f:
            cases = [json.loads(line) for line in f if line.strip()]
    except (OSError, ValueError) as e:
        print("%s: cannot read the cases: %s" % (args.cases, e), file=sys.stderr)
        return 2
    if args.case:
        unknown = sorted(set(args.case) - {c["id"] for c in cases})
        if unknown:
            print("%s: no case %s" % (args.cases, ", ".join(unknown)), file=sys.stderr)
            return 2
        cases = [c for c in cases if c["id"] in args.case]
    adapter = Adapter(args.adapter, args.timeout)
    try:
        adapter.start()
    except (NoAnswer, OSError) as e:
        print("the adapter `%s` cannot be started: %s" % (args.adapter, e), file=sys.stderr)
        return 2
    hello = adapter.hello
    counter = iter(range(1, 1 << 62))
    counts = collections.OrderedDict((v, 0) for v in VERDICTS)
    results, failures = [], []
    terminal = sys.stderr.isatty() and not args.json
    try:
        for number, case in enumerate(cases, 1):
            try:
                verdict, detail = run_case(adapter, case, lambda: next(counter))
            except (NoAnswer, OSError) as e:  # the restart itself failed
                print("the adapter `%s` cannot be restarted: %s" % (args.adapter, e), file=sys.stderr)
                return 2
            counts[verdict] += 1
            result = {"id": case["id"], "verdict": verdict, "detail": detail}
            results.append(result)
            if verdict in ("fail", "error"):
                failures.append(dict(result, program=case["program"]))
            if terminal:
                print("\rcase %d/%d" % (number, len(cases)), end="", file=sys.stderr, flush=True)
    finally:
        adapter.stop()
    if terminal:
        print("\r" + " " * 30 + "\r", end="", file=sys.stderr)

    tool = "%s %s (%s)" % (hello.get("tool", "?"), hello.get("version", ""), hello.get("precision", "float64"))
    if args.json:
        print(json.dumps({"adapter": args.adapter, "tool": hello.get("tool"), "version": hello.get("version"),
                          "precision": hello.get("precision", "float64"), "cases": len(cases), "counts": counts,
                          "failures": failures[:args.show], "results": results}, indent=2))
    else:
        print("%s: %d cases" % (tool, len(cases)))
        print("  ".join("%-11s" % v for v in VERDICTS))
        print("  ".join("%-11d" % counts[v] for v in VERDICTS))
        for f in failures[:args.show]:
            print("\n%s %s: %s\n  %s" % (f["verdict"], f["id"], f["detail"], f["program"].strip().replace("\n", "\n  ")))
    return 1 if counts["fail"] or counts["error"] else 0


if __name__ == "__main__":
    sys.exit(main())
