#!/usr/bin/env python3
"""The issue-33 table (bench/compiled_peers.sh): bench_compiled's Google Benchmark JSON (the
C++ variants) and peers.py's JSON (JAX, PyTorch) merged per program and n into times, the
ratios the issue asks for, the growth per 10x n, and which targets are met; written as
Markdown (--markdown), JSON (--json, schema docs/schemas/bench-peers.schema.json) and an SVG
plot of time against n per tool (--svg, drawn by hand: no plotting library is needed).
Standard library only. Times are medians of the repetitions; CPU time by default (the machine
is shared: wall time would count the waits for a core), --time wall for wall-clock time.
"""
import argparse
import json
import math
import sys

CPP_TOOLS = ["handwritten", "handwritten_adjoint", "compiled_primal", "compiled_rev", "adolc_tape_reused"]
PEER_TOOLS = ["jax_jit_grad", "torch_eager", "torch_compile"]
TOOLS = CPP_TOOLS + PEER_TOOLS
TOOL_LABELS = {"handwritten": "hand-written primal", "handwritten_adjoint": "hand-written adjoint",
               "compiled_primal": "compiled primal", "compiled_rev": "compiled CHAD gradient",
               "adolc_tape_reused": "ADOL-C (tape kept)", "jax_jit_grad": "JAX jit(grad)",
               "torch_eager": "PyTorch eager", "torch_compile": "torch.compile"}
# (key, numerator, denominator, label, target: (comparison, bound) or None)
RATIOS = [
    ("grad_over_primal", "compiled_rev", "handwritten", "compiled gradient / hand-written primal", ("<=", 5.0)),
    ("grad_over_adjoint", "compiled_rev", "handwritten_adjoint", "compiled gradient / hand-written adjoint",
     ("<=", 2.0)),
    ("adolc_over_grad", "adolc_tape_reused", "compiled_rev", "ADOL-C / compiled gradient", (">=", 3.0)),
    ("jax_over_grad", "jax_jit_grad", "compiled_rev", "JAX / compiled gradient", None),
    ("torch_over_grad", "torch_eager", "compiled_rev", "PyTorch eager / compiled gradient", None),
    ("adjoint_over_primal", "handwritten_adjoint", "handwritten", "hand-written adjoint / hand-written primal",
     None),
]
GROWTH_TARGET = 11.0  # time(10 n) / time(n) of the compiled gradient
COLOURS = ["#444444", "#000000", "#1f77b4", "#d62728", "#9467bd", "#2ca02c", "#ff7f0e", "#8c564b"]


def cpp_times(data, basis):
    """(program, n) -> tool -> ms, from Google Benchmark's JSON (medians where aggregated)."""
    to_ms = {"ns": 1e-6, "us": 1e-3, "ms": 1.0, "s": 1e3}
    key = "cpu_time" if basis == "cpu" else "real_time"
    times, aggregated = {}, any(b.get("run_type") == "aggregate" for b in data["benchmarks"])
    for b in data["benchmarks"]:
        if aggregated and b.get("aggregate_name") != "median":
            continue
        program, tool, n = b["run_name"].split("/")
        if tool in CPP_TOOLS:
            times.setdefault((program, int(n)), {})[tool] = b[key] * to_ms[b["time_unit"]]
    return times


def merge_peers(times, peers, basis):
    """Adds the peers' medians; horner_closure (the same function as horner) takes horner's."""
    for r in peers["results"]:
        programs = [r["program"]] + (["horner_closure"] if r["program"] == "horner" else [])
        for program in programs:
            if (program, r["n"]) in times or program == r["program"]:
                times.setdefault((program, r["n"]), {})[r["tool"]] = r["median_cpu_ms" if basis == "cpu" else "median_ms"]


def ratio(t, a, b):
    return t[a] / t[b] if a in t and b in t and t[b] > 0 else None


def meets(value, target):
    comparison, bound = target
    return value <= bound if comparison == "<=" else value >= bound


PROGRAM_ORDER = ["horner", "horner_closure", "gmm_d2_k5", "gmm_d10_k25", "mlp", "ode"]


def order(key):
    """The issue's order of the programs (others after them, by name), then n."""
    program, n = key
    return (PROGRAM_ORDER.index(program) if program in PROGRAM_ORDER else len(PROGRAM_ORDER), program, n)


def analyse(times):
    rows, growth, targets = [], [], []
    for (program, n) in sorted(times, key=order):
        t = times[(program, n)]
        rows.append({"program": program, "n": n, "times_ms": {tool: t[tool] for tool in TOOLS if tool in t},
                     "ratios": {key: ratio(t, a, b) for key, a, b, _, _ in RATIOS if ratio(t, a, b) is not None}})
    for (program, n) in sorted(times, key=order):
        bigger = times.get((program, n * 10))
        if bigger:
            for tool in TOOLS:
                if tool in times[(program, n)] and tool in bigger:
                    growth.append({"program": program, "tool": tool, "n_from": n, "n_to": 10 * n,
                                   "factor": bigger[tool] / times[(program, n)][tool]})
    for key, _, _, label, target in RATIOS:
        if target:
            measured = [(r["program"], r["n"], r["ratios"][key]) for r in rows if key in r["ratios"]]
            failing = [{"program": p, "n": n, "value": v} for p, n, v in measured if not meets(v, target)]
            targets.append({"target": f"{label} {target[0]} {target[1]:g}", "met": len(measured) - len(failing),
                            "of": len(measured), "failing": failing})
    measured = [g for g in growth if g["tool"] == "compiled_rev"]
    failing = [{"program": g["program"], "n": g["n_to"], "value": g["factor"]} for g in measured
               if g["factor"] > GROWTH_TARGET]
    targets.append({"target": f"compiled gradient's growth per 10x n <= {GROWTH_TARGET:g}",
                    "met": len(measured) - len(failing), "of": len(measured), "failing": failing})
    return rows, growth, targets


def fmt(x):
    return "-" if x is None else f"{x:.3g}"


def markdown(report):
    out = [f"Times: medians of {report['repetitions']} ({report['time_basis']} time), in ms. "
           f"{report['machine']}.", "",
           "| program | n | " + " | ".join(TOOL_LABELS[t] for t in TOOLS) + " |",
           "|---|---:|" + "---:|" * len(TOOLS)]
    for r in report["rows"]:
        out.append(f"| {r['program']} | {r['n']:,} | " + " | ".join(fmt(r["times_ms"].get(t)) for t in TOOLS) + " |")
    out += ["", "| program | n | " + " | ".join(label + (f" (target {t[0]} {t[1]:g})" if t else "")
                                              for _, _, _, label, t in RATIOS) + " |",
            "|---|---:|" + "---:|" * len(RATIOS)]
    for r in report["rows"]:
        out.append(f"| {r['program']} | {r['n']:,} | " + " | ".join(fmt(r["ratios"].get(k)) for k, *_ in RATIOS) + " |")
    out += ["", "Growth per 10x n, time(10 n) / time(n) (target <= 11 for the compiled gradient):", "",
            "| program | n -> 10 n | " + " | ".join(TOOL_LABELS[t] for t in TOOLS) + " |",
            "|---|---|" + "---:|" * len(TOOLS)]
    steps = sorted({(g["program"], g["n_from"]) for g in report["growth"]}, key=order)
    for program, n in steps:
        factors = {g["tool"]: g["factor"] for g in report["growth"] if (g["program"], g["n_from"]) == (program, n)}
        out.append(f"| {program} | {n:,} -> {10 * n:,} | " + " | ".join(fmt(factors.get(t)) for t in TOOLS) + " |")
    out += ["", "Targets of issue 33:", ""]
    for t in report["targets"]:
        line = f"- {t['target']}: met at {t['met']} of {t['of']} (program, n)"
        if t["failing"]:
            values = [f["value"] for f in t["failing"]]
            line += (f"; not met at {len(values)}, from {min(values):.3g} to {max(values):.3g}: " +
                     ", ".join(f"{f['program']} {f['n']:,} ({f['value']:.3g})" for f in t["failing"]))
        out.append(line)
    if report["skipped"]:
        out += ["", "Not timed:", ""]
        for s in report["skipped"]:
            where = f" at n = {s['n']:,}" if s["n"] else ""
            out.append(f"- {TOOL_LABELS.get(s['tool'], s['tool'])}, {s['program']}{where}: {s['reason']}")
    return "\n".join(out) + "\n"


def svg(report):
    """Small multiples, one log-log panel per program: time (ms) against n, one line per tool."""
    programs = sorted({r["program"] for r in report["rows"]}, key=lambda p: order((p, 0)))
    width, height, columns = 380, 260, 3
    left, right, top, bottom = 58, 12, 28, 40
    rows = math.ceil(len(programs) / columns)
    legend_height = 30
    total_w, total_h = columns * width, rows * height + legend_height
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{total_w}" height="{total_h}" '
             f'font-family="sans-serif" font-size="11">', f'<rect width="100%" height="100%" fill="white"/>']
    for i, tool in enumerate(TOOLS):
        x = 10 + i * (total_w - 20) / len(TOOLS)
        parts.append(f'<line x1="{x:.1f}" y1="15" x2="{x + 18:.1f}" y2="15" stroke="{COLOURS[i]}" stroke-width="2"/>'
                     f'<text x="{x + 22:.1f}" y="19">{TOOL_LABELS[tool]}</text>')
    for p, program in enumerate(programs):
        ox, oy = (p % columns) * width, legend_height + (p // columns) * height
        series = {tool: [(r["n"], r["times_ms"][tool]) for r in report["rows"]
                         if r["program"] == program and tool in r["times_ms"] and r["times_ms"][tool] > 0]
                  for tool in TOOLS}
        ns = [n for s in series.values() for n, _ in s]
        ts = [t for s in series.values() for _, t in s]
        if not ns:
            continue
        x0, x1 = math.floor(math.log10(min(ns))), math.ceil(math.log10(max(ns)))
        y0, y1 = math.floor(math.log10(min(ts))), math.ceil(math.log10(max(ts)))
        x1, y1 = max(x1, x0 + 1), max(y1, y0 + 1)
        px = lambda n: ox + left + (math.log10(n) - x0) / (x1 - x0) * (width - left - right)
        py = lambda t: oy + height - bottom - (math.log10(t) - y0) / (y1 - y0) * (height - top - bottom)
        parts.append(f'<text x="{ox + width / 2:.1f}" y="{oy + 18}" text-anchor="middle" font-weight="bold">'
                     f'{program}</text>')
        parts.append(f'<rect x="{ox + left}" y="{oy + top}" width="{width - left - right}" '
                     f'height="{height - top - bottom}" fill="none" stroke="#888"/>')
        for e in range(x0, x1 + 1):
            parts.append(f'<text x="{px(10 ** e):.1f}" y="{oy + height - bottom + 14}" text-anchor="middle">1e{e}</text>')
        for e in range(y0, y1 + 1):
            parts.append(f'<line x1="{ox + left}" y1="{py(10 ** e):.1f}" x2="{ox + width - right}" y2="{py(10 ** e):.1f}" '
                         f'stroke="#eee"/><text x="{ox + left - 4}" y="{py(10 ** e) + 4:.1f}" text-anchor="end">1e{e}</text>')
        parts.append(f'<text x="{ox + width / 2:.1f}" y="{oy + height - 8}" text-anchor="middle">n</text>')
        parts.append(f'<text x="{ox + 12}" y="{oy + height / 2:.1f}" transform="rotate(-90 {ox + 12} '
                     f'{oy + height / 2:.1f})" text-anchor="middle">ms</text>')
        for i, tool in enumerate(TOOLS):
            points = sorted(series[tool])
            if points:
                path = " ".join(f"{px(n):.1f},{py(t):.1f}" for n, t in points)
                parts.append(f'<polyline points="{path}" fill="none" stroke="{COLOURS[i]}" stroke-width="1.5"/>')
                parts += [f'<circle cx="{px(n):.1f}" cy="{py(t):.1f}" r="2.5" fill="{COLOURS[i]}"/>' for n, t in points]
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bench_compiled_json")
    parser.add_argument("peers_json")
    parser.add_argument("--time", choices=["cpu", "wall"], default="cpu")
    parser.add_argument("--command", default="bench/compiled_peers.sh", help="recorded in the report")
    parser.add_argument("--markdown")
    parser.add_argument("--json")
    parser.add_argument("--svg")
    args = parser.parse_args()
    try:
        with open(args.bench_compiled_json) as f:
            cpp = json.load(f)
        with open(args.peers_json) as f:
            peers = json.load(f)
    except (OSError, json.JSONDecodeError) as e:
        sys.exit(f"peers_report.py: cannot read the results: {e}")
    times = cpp_times(cpp, args.time)
    merge_peers(times, peers, args.time)
    rows, growth, targets = analyse(times)
    ctx = cpp.get("context", {})
    report = {"schema": "bench-peers/1", "date": ctx.get("date", ""), "command": args.command,
              "time_basis": args.time, "repetitions": peers.get("repetitions", 3),
              "machine": f"{ctx.get('num_cpus', '?')} CPUs at {ctx.get('mhz_per_cpu', '?')} MHz, load average "
                         f"{', '.join(f'{x:.1f}' for x in ctx.get('load_avg', []))}; peers on 1 thread "
                         f"({', '.join(f'{k} {v}' for k, v in peers.get('versions', {}).items())})",
              "versions": peers.get("versions", {}), "tools": TOOLS, "rows": rows, "growth": growth,
              "targets": targets, "skipped": peers.get("skipped", [])}
    text = markdown(report)
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write(text)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(report, f, indent=1)
    if args.svg:
        with open(args.svg, "w") as f:
            f.write(svg(report))
    sys.stdout.write(text)


if __name__ == "__main__":
    main()
