#!/usr/bin/env python3
"""The peers a user would pick instead of compiled CHAD (issue 33): every benchmark program in
JAX (`jax.jit(jax.grad(f))`, float64) and PyTorch 2 (eager backward; `torch.compile` where it
is practical, see TORCH_COMPILE_SKIPPED), timed on the benchmark's inputs at each n (one
warm-up call, which includes any compilation and is timed apart, then the median of
--repetitions calls), each gradient checked before timing against the hand-written adjoint's
at the same point (bench/handwritten_gradient: the same inputs as bench_compiled; entry-wise
|g - ref| <= 1e-9 (1 + max |ref|), as bench_compiled checks). A disagreement ends the run with
a message and exit code 1.

Every library runs on one thread (the C++ variants are single-threaded too). When a peer's
call at its largest timed n, scaled linearly to a larger n and times (repetitions + 1) calls,
would pass --budget-s, that n is skipped for that peer and the skip is recorded.
Writes one JSON object (--json-out).
Usage: peers.py --gradient-tool build/bench/handwritten_gradient [--programs ...] [--sizes ...]
"""
import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time

# One thread for XLA and PyTorch, set before either is imported.
os.environ.setdefault("XLA_FLAGS", "--xla_cpu_multi_thread_eigen=false intra_op_parallelism_threads=1")
os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("JAX_PLATFORMS", "cpu")

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import peer_programs  # noqa: E402

# horner_closure is the same function as horner: its peers are horner's (peer_programs.py), so
# they are timed once, under horner, unless asked for.
PROGRAMS = ["horner", "horner_closure", "gmm_d2_k5", "gmm_d10_k25", "mlp", "ode"]
DEFAULT_PROGRAMS = [p for p in PROGRAMS if p != "horner_closure"]
# The list lengths bench_compiled times each program at (bench/bench_compiled.cpp).
SIZES = {"horner": [1000, 10000, 100000, 1000000], "horner_closure": [1000, 10000, 100000, 1000000],
         "gmm_d2_k5": [1000, 10000, 100000], "gmm_d10_k25": [1000, 10000, 100000],
         "mlp": [1000, 10000, 100000], "ode": [1000, 10000, 100000, 1000000]}
TOLERANCE = 1e-9
# Measured once (2026-11-27, the shared 2-core machine, torch 2.13 CPU): torch.compile of
# Horner's loop took 52 s to compile and run once at n = 100, and had not finished after 400 s
# at n = 1,000.
TORCH_COMPILE_SKIPPED = (
    "not run: the program is a loop over the list's n elements, which TorchDynamo unrolls into a "
    "graph of O(n) nodes, compiled again at every n (Horner: 52 s at n = 100, unfinished after "
    "400 s at n = 1,000)")


class Disagreement(Exception):
    pass


def check_gradient(got, expected, what):
    import numpy as np
    got = np.asarray(got, dtype=np.float64)
    if got.shape != expected.shape:
        raise Disagreement(f"{what}: {got.shape} gradient entries, expected {expected.shape}")
    scale = max(1.0, float(np.max(np.abs(expected))))
    error = np.abs(got - expected)
    worst = int(np.argmax(error))
    if not error[worst] <= TOLERANCE * scale:
        raise Disagreement(f"{what}: entry {worst} is {got[worst]!r}, the hand-written adjoint's {expected[worst]!r}")
    return float(error[worst] / scale)


def warm_up(call):
    """(wall seconds of the first call, which includes any compilation; its result)."""
    start = time.perf_counter()
    result = call()
    return time.perf_counter() - start, result


def time_calls(call, repetitions):
    """(median wall seconds, median CPU seconds) of `repetitions` calls. CPU time is the
    process's, all its threads together."""
    wall, cpu = [], []
    for _ in range(repetitions):
        start, start_cpu = time.perf_counter(), time.process_time()
        call()
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return statistics.median(wall), statistics.median(cpu)


def jax_peer(program):
    import jax
    jax.config.update("jax_enable_x64", True)
    gradient = jax.jit(jax.grad(peer_programs.jax_function(program)))

    def make(z):
        z = jax.device_put(z)
        return lambda: gradient(z).block_until_ready()
    return make


def torch_peer(program, compiled):
    import torch
    torch.set_num_threads(1)
    f = peer_programs.torch_function(program)
    if compiled:
        f = torch.compile(f)  # the default: static shapes first, dynamic after a recompile

    def make(z):
        z = torch.from_numpy(z)

        def call():
            x = z.detach().requires_grad_(True)
            f(x).backward()
            return x.grad
        return call
    return make


def missing(module):
    """Why `module` cannot be used, or None."""
    try:
        __import__(module)
        return None
    except ImportError as e:
        return f"not run: {module} cannot be imported ({e})"


def peers(args):
    """(tool name, make(program) -> make(z) -> call, or a reason it is not run for the program)."""
    tools = []
    if "jax" in args.tools:
        reason = missing("jax")
        tools.append(("jax_jit_grad", lambda program: reason or jax_peer(program)))
    if "torch" in args.tools or "torch_compile" in args.tools:
        reason = missing("torch")
    if "torch" in args.tools:
        tools.append(("torch_eager", lambda program: reason or torch_peer(program, compiled=False)))
    if "torch_compile" in args.tools:
        tools.append(("torch_compile", lambda program: reason or (
            TORCH_COMPILE_SKIPPED if program in peer_programs.SEQUENTIAL else torch_peer(program, compiled=True))))
    return tools


def reference(tool, program, n, workdir):
    """The hand-written adjoint's input and gradient at (program, n), from bench/handwritten_gradient."""
    import numpy as np
    line = subprocess.run([tool, program, str(n), workdir], check=True, capture_output=True, text=True).stdout
    meta = json.loads(line)
    stem = os.path.join(workdir, f"{program}_{n}")
    z = np.fromfile(stem + ".input.f64", dtype=np.float64)
    g = np.fromfile(stem + ".gradient.f64", dtype=np.float64)
    os.remove(stem + ".input.f64")
    os.remove(stem + ".gradient.f64")
    if z.size != meta["dimension"] or g.size != meta["dimension"]:
        raise Disagreement(f"handwritten_gradient wrote {z.size} and {g.size} doubles, expected {meta['dimension']}")
    return z, g


def versions():
    found = {"python": platform.python_version()}
    for module in ("jax", "jaxlib", "torch", "numpy"):
        try:
            found[module] = __import__(module).__version__
        except ImportError:
            pass
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gradient-tool", required=True, help="the handwritten_gradient executable")
    parser.add_argument("--programs", nargs="+", default=DEFAULT_PROGRAMS, choices=PROGRAMS)
    parser.add_argument("--max-n", type=int, default=1000000, help="skip list lengths above this")
    parser.add_argument("--tools", nargs="+", default=["jax", "torch", "torch_compile"],
                        choices=["jax", "torch", "torch_compile"])
    parser.add_argument("--repetitions", type=int, default=3)
    parser.add_argument("--budget-s", type=float, default=40.0,
                        help="the most seconds one peer may take at one (program, n), warm-up included")
    parser.add_argument("--json-out", required=True)
    args = parser.parse_args()
    if args.repetitions < 1:
        sys.exit("peers.py: --repetitions must be at least 1")
    if not os.access(args.gradient_tool, os.X_OK):
        sys.exit(f"peers.py: {args.gradient_tool} is not an executable (build the handwritten_gradient target)")
    results, skipped = [], []
    tools = peers(args)
    with tempfile.TemporaryDirectory(prefix="chad_peers_") as workdir:
        for program in args.programs:
            makers = {name: make(program) for name, make in tools}
            last_time = {}
            for n in [n for n in SIZES[program] if n <= args.max_n]:
                z, expected = reference(args.gradient_tool, program, n, workdir)
                for name, maker in makers.items():
                    if isinstance(maker, str):
                        if n == SIZES[program][0]:
                            skipped.append({"program": program, "tool": name, "n": None, "reason": maker})
                        continue
                    if name in last_time:
                        timed_n, seconds = last_time[name]
                        projected = seconds * n / timed_n * (args.repetitions + 1)
                        if projected > args.budget_s:
                            skipped.append({"program": program, "tool": name, "n": n,
                                            "reason": f"projected {projected:.3g} s, over the budget of "
                                                      f"{args.budget_s:g} s ({seconds:.3g} s per call at n = {timed_n:,})"})
                            continue
                    call = maker(z)
                    first, gradient = warm_up(call)
                    error = check_gradient(gradient, expected, f"{name} gradient of {program} at n = {n}")
                    median, median_cpu = time_calls(call, args.repetitions)
                    last_time[name] = (n, median)
                    results.append({"program": program, "tool": name, "n": n, "median_ms": median * 1e3,
                                    "median_cpu_ms": median_cpu * 1e3,
                                    "warm_up_ms": first * 1e3, "max_relative_error": error})
                    print(f"{program} n={n} {name}: {median * 1e3:.4g} ms, CPU {median_cpu * 1e3:.4g} ms "
                          f"(warm-up {first * 1e3:.4g} ms, error {error:.2g})", file=sys.stderr, flush=True)
    with open(args.json_out, "w") as out:
        json.dump({"versions": versions(), "threads": 1, "repetitions": args.repetitions,
                   "tolerance": TOLERANCE, "results": results, "skipped": skipped}, out, indent=1)


if __name__ == "__main__":
    try:
        main()
    except Disagreement as e:
        sys.exit(f"peers.py: {e}; no benchmark of a wrong gradient is reported")
