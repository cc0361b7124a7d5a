"""The pytest plugin of CHAD Oracle (entry point `pytest11`, or `-p chad_oracle.pytest_plugin`):
an AD tool's adapter judged as pytest test items.

    pytest --chad-adapter "python my_adapter.py" --chad-count 50 --chad-seed 1 [--chad-vectors 20]

adds, beside the project's own tests,
  chad-oracle::vector[ID]      one item per test vector (`chad-oracle vectors`: generated programs
                               with certified Jacobians, JVPs and VJPs) run through the adapter;
  chad-oracle::campaign[I]     one item per program I of the seeded campaign (`chad-oracle campaign
                               --implementation adapter`, run once, at the first such item);
  chad-oracle::campaign-judged the campaign's own judgement (enough of the tool judged, exit 0).
A failed item's message is the oracle's verdict and detail, the shrunk counterexample's report
(report.md) where the campaign wrote one, and the command that replays it. Programs the tool
declines (outside its declared fragment) and points where nothing can be judged are skipped, with
the reason. Without --chad-adapter the plugin adds nothing.
"""
import os
import shlex
import tempfile

import pytest

from . import oracle, vectors_runner


def pytest_addoption(parser):
    group = parser.getgroup("chad-oracle", "CHAD Oracle: judge an AD tool's adapter")
    group.addoption("--chad-adapter", help="the adapter's command line (run by /bin/sh); turns the plugin on")
    group.addoption("--chad-count", type=int, default=50, help="programs of the campaign (default 50; 0: none)")
    group.addoption("--chad-seed", type=int, default=1, help="the campaign's and the vectors' seed (default 1)")
    group.addoption("--chad-vectors", type=int, default=20,
                    help="programs generated for test vectors (default 20; 0: none)")
    group.addoption("--chad-out", help="the folder for the vectors and the campaign (default: a temporary one)")
    group.addoption("--chad-adapter-timeout", type=float, default=120,
                    help="seconds per answer, the handshake (the tool's start-up) included (default 120)")


class ChadFailure(Exception):
    """An item's failure: its message is the whole report."""


class Judge:
    """The session's runs: the test vectors (written at collection) and the adapter process that
    runs them, the campaign (run at its first item)."""

    def __init__(self, config):
        option = config.getoption
        self.adapter_command = option("--chad-adapter")
        self.count, self.seed = option("--chad-count"), option("--chad-seed")
        self.vector_count, self.timeout = option("--chad-vectors"), option("--chad-adapter-timeout")
        self.out = option("--chad-out") or tempfile.mkdtemp(prefix="chad-pytest-")
        self.adapter, self.campaign, self.ids = None, None, iter(range(1, 1 << 62))

    def vector_cases(self):
        if self.vector_count <= 0:
            return []
        return oracle.vectors(os.path.join(self.out, "vectors"), count=self.vector_count, seed=self.seed).cases()

    def run_vector(self, case):
        if self.adapter is None:
            self.adapter = vectors_runner.Adapter(self.adapter_command, self.timeout)
            self.adapter.start()
        return vectors_runner.run_case(self.adapter, case, lambda: next(self.ids))

    def vector_replay(self, case):
        return "python -m chad_oracle.vectors_runner --adapter %s %s --case %s" % (
            shlex.quote(self.adapter_command), shlex.quote(os.path.join(self.out, "vectors", "cases.jsonl")), case["id"])

    def run_campaign(self):
        if self.campaign is None:
            result = oracle.campaign(adapter=self.adapter_command, count=self.count, seed=self.seed,
                                     out=os.path.join(self.out, "campaign"), adapter_timeout=self.timeout)
            self.campaign = (result, {p.index: p for p in result.log()}, result.reports())
        return self.campaign

    def campaign_replay(self, index):
        return "chad-oracle campaign --implementation adapter --adapter %s --seed %d --count %d --only %d" % (
            shlex.quote(self.adapter_command), self.seed, self.count, index)

    def close(self):
        if self.adapter is not None:
            self.adapter.stop()


class ChadNode(pytest.Collector):
    """The plugin's items' parent (node id `chad-oracle`); they are made at collection's end."""

    def collect(self):
        return []


class ChadItem(pytest.Item):
    def __init__(self, judge, check, **kwargs):
        super().__init__(**kwargs)
        self.judge, self.check = judge, check

    def runtest(self):
        self.check(self)

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, ChadFailure):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style=style)

    def reportinfo(self):
        return self.path, None, "chad-oracle::%s" % self.name


def _vector_check(case):
    def check(item):
        try:
            verdict, detail = item.judge.run_vector(case)
        except (vectors_runner.NoAnswer, OSError) as exc:
            raise ChadFailure("the adapter `%s` cannot be (re)started: %s" % (item.judge.adapter_command, exc))
        if verdict in ("skip", "unsupported"):
            pytest.skip("%s: %s" % (verdict, detail))
        if verdict != "pass":
            raise ChadFailure("%s: %s\n\nprogram:\n%s\ninput: %s\n\nreplay: %s" % (
                verdict, detail, case["program"].rstrip(), "%s, coordinates %s" % (case["input"]["index_text"], " ".join(case["input"]["coords"])),
                item.judge.vector_replay(case)))
    return check


def _campaign_check(index):
    def check(item):
        result, programs, reports = item.judge.run_campaign()
        program = programs.get(index)
        if program is None:
            raise ChadFailure("the campaign logged no program %d (exit %d)" % (index, result.exit_code))
        if program.verdict in ("skip", "unsupported"):
            pytest.skip("%s: %s" % (program.verdict, program.detail))
        if program.failed:
            report = reports.get(index)
            replay = item.judge.campaign_replay(index)
            details = [c.get("detail") for c in program.raw.get("checks", []) if c.get("detail")]
            text = "%s: %s\n\n" % (program.verdict, program.detail or (details[0] if details else ""))
            text += report if report else "program:\n%s\ninput: %s\n" % (program.program.rstrip(), program.input)
            raise ChadFailure(text.rstrip() + "\n\nreplay: %s" % replay)
    return check


def _judged_check(item):
    result, _, _ = item.judge.run_campaign()
    if not result.passed:
        judged = result.judged or {}
        raise ChadFailure("the campaign failed (exit %d): verdicts %s; judged %s of %s judgeable programs "
                          "(at least %s needed)" % (result.exit_code, result.verdicts, judged.get("judged"),
                                                    judged.get("judgeable"), judged.get("min_share")))


@pytest.hookimpl(tryfirst=True)  # before -k and --deselect filter the items
def pytest_collection_modifyitems(session, config, items):
    if not config.getoption("--chad-adapter"):
        return
    judge = Judge(config)
    config._chad_judge = judge
    try:
        cases = judge.vector_cases()
    except oracle.OracleError as exc:
        raise pytest.UsageError(str(exc)) from None
    node = ChadNode.from_parent(session, name="chad-oracle", nodeid="chad-oracle")
    added = [ChadItem.from_parent(node, name="vector[%s]" % case["id"], judge=judge,
                                  check=_vector_check(case)) for case in cases]
    added += [ChadItem.from_parent(node, name="campaign[%d]" % index, judge=judge,
                                   check=_campaign_check(index)) for index in range(judge.count)]
    if judge.count:
        added.append(ChadItem.from_parent(node, name="campaign-judged", judge=judge,
                                          check=_judged_check))
    items.extend(added)


def pytest_unconfigure(config):
    judge = getattr(config, "_chad_judge", None)
    if judge is not None:
        judge.close()


def pytest_report_header(config):
    if config.getoption("--chad-adapter"):
        option = config.getoption
        return "chad-oracle %s judging the adapter `%s`: %d vector programs, %d campaign programs, seed %d" % (
            oracle.find_tool(), option("--chad-adapter"), option("--chad-vectors"), option("--chad-count"),
            option("--chad-seed"))
