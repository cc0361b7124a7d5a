"""The standalone-script renderer (python -m chad_oracle.standalone): the script runs in a fresh
process with only the tool (no chad_oracle on its path) and prints the tool's derivative against
the enclosure it is given."""
import json
import os
import subprocess
import sys

import pytest

import programs as P

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def render_and_run(tmp_path, tool, direction, enclosure, output=None, compiled=None):
    (tmp_path / "p.json").write_text(json.dumps(P.SUM_OF_SQUARES))
    given = {"jacobian": [[[float(lo).hex(), float(hi).hex()] for lo, hi in enclosure]]}
    if output is not None:  # the primal's enclosure, judged too
        given["output"] = [[float(lo).hex(), float(hi).hex()] for lo, hi in output]
    (tmp_path / "e.json").write_text(json.dumps(given))
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python"))
    subprocess.run([sys.executable, "-m", "chad_oracle.standalone", "--program", str(tmp_path / "p.json"),
                    "--index", json.dumps(P.list_index(3)), "--coords", "0x1.8p+0,0x1p+1,-0x1p-1",
                    "--tool", tool, "--direction", direction, "--enclosure", str(tmp_path / "e.json"),
                    "--out", str(tmp_path / "repro.py")] + (["--compiled", compiled] if compiled else []),
                   check=True, env=env, capture_output=True)
    text = (tmp_path / "repro.py").read_text()
    assert "chad_oracle" not in text
    clean = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    run = subprocess.run([sys.executable, str(tmp_path / "repro.py")], cwd=str(tmp_path), env=clean,
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    return run.stdout


@pytest.mark.parametrize("tool,direction", [("jax", "reverse"), ("torch", "forward"), ("tf", "reverse")])
def test_the_script_shows_the_tools_derivative_against_the_enclosure(tmp_path, tool, direction):
    # sum of squares of [1.5, 2, -0.5]: 6.5, gradient [3, 4, -1]
    out = render_and_run(tmp_path, tool, direction, [(3, 3), (4, 4), (-1, -1)])
    assert "output: [6.5]" in out
    assert out.count(": inside") == 3 and "OUTSIDE" not in out, out
    wrong = render_and_run(tmp_path, tool, direction, [(3, 3), (4.5, 4.5), (-1, -1)])
    assert "d out[0] / d in[1] = 4.0   certified [4.5, 4.5]: OUTSIDE" in wrong, wrong


def test_the_script_judges_the_tools_value_too(tmp_path):
    # the sum of squares is 6.5; an enclosure that excludes it marks the value wrong, the
    # derivatives (right) inside
    right = render_and_run(tmp_path, "torch", "reverse", [(3, 3), (4, 4), (-1, -1)], output=[(6.5, 6.5)])
    assert "out[0] = 6.5   certified [6.5, 6.5]: inside" in right and "OUTSIDE" not in right, right
    wrong = render_and_run(tmp_path, "torch", "reverse", [(3, 3), (4, 4), (-1, -1)], output=[(7, 7)])
    assert "out[0] = 6.5   certified [7.0, 7.0]: OUTSIDE" in wrong, wrong
    assert "VERDICT: 1 output values OUTSIDE the enclosure: a wrong value" in wrong, wrong


# The expression each compiled script must use (the modes; not read from standalone.COMPILED).
COMPILED_CALLS = {("jax", "jit"): "jax.jit(jax.jacrev(f))(x)",
                  ("tf", "function"): "tf.function(lambda x: tape_jacobian(f, x))(x)",
                  ("torch", "aot_eager"): "torch.compile(f, backend=backend"}


@pytest.mark.parametrize("tool,compiled", sorted(COMPILED_CALLS))
def test_a_compiled_modes_script_differentiates_under_the_tools_compiler(tmp_path, tool, compiled):
    """A fault of the compiler alone shows only under it: the script of a jit, tf.function or
    torch.compile mode compiles as the mode does, and still judges the tool's answer."""
    out = render_and_run(tmp_path, tool, "reverse", [(3, 3), (4, 4), (-1, -1)], compiled=compiled)
    assert COMPILED_CALLS[tool, compiled] in (tmp_path / "repro.py").read_text()
    assert "output: [6.5]" in out and out.count(": inside") == 3 and "OUTSIDE" not in out, out
    wrong = render_and_run(tmp_path, tool, "reverse", [(3, 3), (4, 4), (-1.5, -1.5)], compiled=compiled)
    assert "d out[0] / d in[2] = -1.0   certified [-1.5, -1.5]: OUTSIDE" in wrong, wrong


@pytest.mark.parametrize("tool,name,compiled", [("torch", "torch-compile", "aot_eager"),
                                                ("torch", "torch-compile-inductor", "inductor"),
                                                ("torch", "torch-autograd", None), ("jax", "jax-jit-vjp", "jit"),
                                                ("jax", "jax-vjp", None), ("tf", "tf-function", "function"),
                                                ("tf", "tf-tape", None)])
def test_each_mode_names_its_compiler_for_its_scripts(tool, name, compiled):
    import importlib
    modes = importlib.import_module("chad_oracle.modes.%s_modes" % tool)
    assert modes.make_mode(name).compiled == compiled


def test_a_compiler_the_tool_lacks_is_a_usage_error(tmp_path):
    (tmp_path / "p.json").write_text(json.dumps(P.SUM_OF_SQUARES))
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python"))
    run = subprocess.run([sys.executable, "-m", "chad_oracle.standalone", "--program", str(tmp_path / "p.json"),
                          "--index", json.dumps(P.list_index(3)), "--coords", "0x1p+0,0x1p+0,0x1p+0",
                          "--tool", "jax", "--compiled", "inductor", "--out", str(tmp_path / "r.py")],
                         env=env, capture_output=True, text=True)
    assert run.returncode == 2 and "no jax script compiled by 'inductor'" in run.stderr, run.stderr
