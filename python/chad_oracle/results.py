"""The oracle's answers as Python objects: dataclasses built from the `--json` output of
`chad-oracle campaign`, `verify`, `jacobian`, `vectors` and `check-adapter` (docs/schemas/: summary,
verify, jacobian, vectors, check-adapter, log-line, vectors-case). Each keeps the whole JSON object
as `raw`, so that a field these classes do not name is still at hand.
"""
import json
import os
from dataclasses import dataclass, field


@dataclass
class ProgramResult:
    """One program of a campaign (a line of DIR/log.jsonl, docs/schemas/log-line.schema.json)."""
    index: int
    verdict: str
    detail: str
    program: str
    input: str
    replay: object  # the replay command (text) of a failure, else None
    raw: dict = field(repr=False)

    @property
    def failed(self):
        return self.verdict in ("fail", "fail-numeric", "fail-cost", "fault", "crash")

    @classmethod
    def from_json(cls, d):
        return cls(d["index"], d["verdict"], d.get("detail") or "", d.get("program", ""), d.get("input", ""),
                   d.get("replay"), d)


@dataclass
class CampaignResult:
    """A campaign's summary (summary.schema.json) and, from its directory `out`, its programs."""
    exit_code: int
    programs: int
    verdicts: dict
    failures: list  # [{index, seed, verdict}]
    tool: object  # the judged tool (an adapter campaign), else None
    judged: object
    out: object
    raw: dict = field(repr=False)

    @property
    def passed(self):
        """The oracle's own judgement: exit 0 (no failure, and enough of the tool judged)."""
        return self.exit_code == 0

    def log(self):
        """Every program checked, in index order (needs `out`)."""
        if not self.out:
            raise ValueError("the campaign ran without a directory (out)")
        with open(os.path.join(self.out, "log.jsonl"), encoding="utf-8") as f:
            lines = [ProgramResult.from_json(json.loads(line)) for line in f if line.strip()]
        return sorted(lines, key=lambda p: p.index)

    def reports(self):
        """The counterexample reports written for the shrunk failures: {program index: report.md text}."""
        found = {}
        root = os.path.join(self.out or "", "failures")
        for name in sorted(os.listdir(root)) if os.path.isdir(root) else []:
            path = os.path.join(root, name, "report.md")
            if os.path.isfile(path):
                with open(path, encoding="utf-8") as f:
                    text = f.read()
                index = _report_index(os.path.join(root, name), name)
                if index is not None:
                    found[index] = text
        return found

    @classmethod
    def from_json(cls, d, exit_code, out):
        return cls(exit_code, d["programs"], d["verdicts"], d["failures"], d.get("tool"), d.get("judged"), out, d)


def _report_index(folder, name):
    """The program index a failure folder reports: report.json's `index`, else the folder's digits."""
    try:
        with open(os.path.join(folder, "report.json"), encoding="utf-8") as f:
            index = json.load(f).get("index")
        if isinstance(index, int):
            return index
    except (OSError, ValueError):
        pass
    digits = "".join(c for c in name if c.isdigit())
    return int(digits) if digits else None


@dataclass
class VerifyResult:
    """`verify --json` (verify.schema.json): each point with its cases (mode, sums, verdict, gap)."""
    exit_code: int
    file: str
    passed: bool
    seed: int
    points: list
    raw: dict = field(repr=False)

    @classmethod
    def from_json(cls, d, exit_code):
        return cls(exit_code, d["file"], d["passed"], d["seed"], d["points"], d)


@dataclass
class JacobianResult:
    """`jacobian --json` (jacobian.schema.json): rows are outputs, columns inputs."""
    method: str
    differentiable: bool
    reason: str
    rows: object
    cols: int
    row_labels: list
    col_labels: list
    jacobian: list
    enclosure: list
    input: dict
    output: object
    raw: dict = field(repr=False)

    @classmethod
    def from_json(cls, d, exit_code=0):
        return cls(d["method"], d["differentiable"], d["reason"], d["rows"], d["cols"], d["row_labels"],
                   d["col_labels"], d["jacobian"], d["enclosure"], d["input"], d["output"], d)


@dataclass
class VectorsResult:
    """`vectors --json` (vectors.schema.json); cases() reads the cases written (vectors-case.schema.json)."""
    out: str
    programs: int
    cases_written: int
    skipped: dict
    raw: dict = field(repr=False)

    def cases(self):
        with open(os.path.join(self.out, "cases.jsonl"), encoding="utf-8") as f:
            return [json.loads(line) for line in f if line.strip()]

    @classmethod
    def from_json(cls, d, exit_code=0):
        return cls(d["out"], d["programs"], d["cases"], d["skipped"], d)


@dataclass
class AdapterCheck:
    """One check of the adapter protocol's conformance suite."""
    check: str
    passed: bool
    reason: str
    unsupported: bool


@dataclass
class CheckAdapterResult:
    """`check-adapter --json` (check-adapter.schema.json)."""
    exit_code: int
    adapter: str
    tool: str
    version: str
    precision: str
    mode: object
    passed: bool
    unsupported: int
    checks: list  # of AdapterCheck
    raw: dict = field(repr=False)

    @classmethod
    def from_json(cls, d, exit_code):
        checks = [AdapterCheck(c["check"], c["passed"], c.get("reason", ""), c.get("unsupported", False))
                  for c in d["checks"]]
        return cls(exit_code, d["adapter"], d["tool"], d["version"], d["precision"], d.get("mode"), d["passed"],
                   d["unsupported"], checks, d)
