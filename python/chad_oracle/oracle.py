"""The oracle from Python: `chad-oracle`'s commands run with `--json`, their answers as dataclasses
(chad_oracle.results), never text to parse.

    import chad_oracle
    result = chad_oracle.campaign(adapter="python -m chad_oracle.examples.dual_numbers", count=50)
    assert result.passed, result.verdicts

The tool is found (find_tool) as: $CHAD_ORACLE; the one the wheel ships (chad_oracle/bin/); in a
source checkout, build/ or build-tool/ beside python/; `chad-oracle` on PATH.
"""
import json
import os
import shutil
import subprocess
import tempfile

from .results import CampaignResult, CheckAdapterResult, JacobianResult, VectorsResult, VerifyResult

PACKAGE = os.path.dirname(os.path.abspath(__file__))


class OracleError(Exception):
    """chad-oracle could not be found, or it answered no JSON (the message has its error output)."""


def find_tool():
    """The path of the chad-oracle executable (see the module's text), or OracleError."""
    candidates = [os.environ.get("CHAD_ORACLE"), os.path.join(PACKAGE, "bin", "chad-oracle")]
    source = os.path.dirname(os.path.dirname(PACKAGE))  # a checkout: python/chad_oracle
    candidates += [os.path.join(source, folder, "apps", "chad-oracle", "chad-oracle") for folder in ("build", "build-tool")]
    candidates.append(shutil.which("chad-oracle"))
    for path in candidates:
        if path and os.path.isfile(path) and os.access(path, os.X_OK):
            return path
    raise OracleError("chad-oracle not found: set CHAD_ORACLE to its path, install the package (pip install .), "
                      "or build it (scripts/build-tool)")


def run(arguments, stdin=None, timeout=None):
    """(exit code, the JSON object printed) of `chad-oracle ARGUMENTS --json`."""
    command = [find_tool()] + [str(a) for a in arguments] + ["--json"]
    done = subprocess.run(command, input=stdin, capture_output=True, text=True, timeout=timeout)
    try:
        answer = json.loads(done.stdout)
    except ValueError:
        raise OracleError("`%s` exited %d with no JSON: %s" % (" ".join(command), done.returncode,
                                                               (done.stderr or done.stdout).strip()[-2000:])) from None
    error = answer.get("error") if isinstance(answer, dict) else None
    if isinstance(error, dict):  # docs/schemas/error.schema.json: a located error, exit 2 or 3
        raise OracleError("%s exited %d: %s" % (arguments[0], done.returncode, error.get("text") or error.get("message")))
    return done.returncode, answer


def _program(program):
    """(the file argument, standard input): a path, or the program's text (it holds `def main`)."""
    if "def main" in program:
        return "-", program
    if not os.path.isfile(program):
        raise OracleError("no program file %s (pass a path or the program's text)" % program)
    return program, None


def _options(**values):
    """--name value for each value given (None left out), names with - for _."""
    arguments = []
    for name, value in values.items():
        if value is not None:
            arguments += ["--" + name.replace("_", "-"), value]
    return arguments


def campaign(adapter=None, count=100, seed=1, out=None, jobs=None, implementation=None, max_size=None,
             features=None, adapter_timeout=None, extra=(), timeout=None):
    """Run a correctness campaign: of an outside tool when `adapter` (its command line) is given, else
    of CHAD (or `implementation`). The log and reports go to `out` (a fresh temporary folder when
    None, kept: CampaignResult.out)."""
    out = out or tempfile.mkdtemp(prefix="chad-campaign-")
    if adapter is not None and implementation is None:
        implementation = "adapter"
    arguments = ["campaign", "--count", count, "--seed", seed, "--out", out, "--quiet"]
    arguments += _options(implementation=implementation, adapter=adapter, jobs=jobs, max_size=max_size,
                          features=features, adapter_timeout=adapter_timeout) + list(extra)
    code, summary = run(arguments, timeout=timeout)
    return CampaignResult.from_json(summary, code, out)


def verify(program, at=None, points=None, seed=None, out=None, extra=(), timeout=None):
    """Check CHAD on one program (a path or its text) against the certified reference."""
    file, stdin = _program(program)
    code, answer = run(["verify", file] + _options(at=at, points=points, seed=seed, out=out) + list(extra),
                       stdin=stdin, timeout=timeout)
    return VerifyResult.from_json(answer, code)


def jacobian(program, at=None, method=None, adapter=None, extra=(), timeout=None):
    """The Jacobian of a program (a path or its text) at `at` (default: its `-- at:` line), by
    `method` (interval: certified enclosures; dual, fd, chad-fwd, chad-rev, adapter)."""
    file, stdin = _program(program)
    if adapter is not None and method is None:
        method = "adapter"
    _, answer = run(["jacobian", file] + _options(at=at, method=method, adapter=adapter) + list(extra),
                    stdin=stdin, timeout=timeout)
    return JacobianResult.from_json(answer)


def vectors(out, count=100, seed=1, max_size=None, features=None, translations=None, timeout=None):
    """Write test vectors (generated programs with certified Jacobians, JVPs, VJPs) into `out`."""
    _, answer = run(["vectors", "--out", out, "--count", count, "--seed", seed]
                    + _options(max_size=max_size, features=features, translations=translations), timeout=timeout)
    return VectorsResult.from_json(answer)


def check_adapter(adapter, examples=None, adapter_timeout=None, timeout=None):
    """The adapter protocol's conformance suite against an adapter (its command line), on the
    bundled example programs (those the wheel ships, else the tool's own default)."""
    shipped = os.path.join(PACKAGE, "share", "examples")
    examples = examples or (shipped if os.path.isdir(shipped) else None)
    code, answer = run(["check-adapter", "--adapter", adapter]
                       + _options(examples=examples, adapter_timeout=adapter_timeout), timeout=timeout)
    return CheckAdapterResult.from_json(answer, code)
