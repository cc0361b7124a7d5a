#!/usr/bin/env bash
# The figures of issue 13's benchmarks: builds bench_compiled (with the compiled kernels),
# runs it once with --benchmark_format=json (3 repetitions, medians) and prints, per program
# and n, every variant's median time and the ratios the issue asks for:
#   gradient / primal        compiled rev / compiled primal (target <= 3); the same for the
#                            interpreter, and ADOL-C's gradient / the hand-written function
#   ADOL-C / CHAD            ADOL-C tape reused (and re-taped) / compiled rev (target >= 5)
#   compiled / hand-written  compiled primal / hand-written C++ (target <= 2)
#   interpreted / compiled   primal and gradient
#   growth per 10x n         time(10 n) / time(n) of each variant (target <= 12 for the gradient)
# and the memory counters (peak RSS growth of one call; ADOL-C's tape).
# Usage: bench/compiled_figures.sh [extra benchmark flags, e.g. --benchmark_filter=horner]
#   BUILD_DIR (default build), REPETITIONS (default 3), JSON_OUT (default $BUILD_DIR/bench_compiled.json),
#   FIGURES_ONLY=1 to print the figures of an existing JSON_OUT without building or running.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
REPETITIONS=${REPETITIONS:-3}
JSON_OUT=${JSON_OUT:-$BUILD_DIR/bench_compiled.json}

if [ "${FIGURES_ONLY:-0}" != 1 ]; then
  cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release -DCHAD_BUILD_BENCH=ON \
        -DCHAD_BENCH_COMPILED_KERNELS=${CHAD_BENCH_COMPILED_KERNELS:-ON} >/dev/null
  cmake --build "$BUILD_DIR" -j "${JOBS:-$(nproc)}" --target bench_compiled
  "$BUILD_DIR/bench/bench_compiled" --benchmark_format=json --benchmark_repetitions="$REPETITIONS" \
      --benchmark_report_aggregates_only=true "$@" > "$JSON_OUT"
  echo "== raw results: $JSON_OUT"
fi

python3 - "$JSON_OUT" <<'PY'
import json, sys
from collections import defaultdict

data = json.load(open(sys.argv[1]))
ctx = data.get("context", {})
print(f"== {ctx.get('date', '?')}, {ctx.get('num_cpus', '?')} CPUs at {ctx.get('mhz_per_cpu', '?')} MHz, "
      f"load average {ctx.get('load_avg', '?')}; medians of the repetitions, times in ms")
to_ms = {"ns": 1e-6, "us": 1e-3, "ms": 1.0, "s": 1e3}
time = defaultdict(dict)     # (program, n) -> variant -> ms
counters = defaultdict(dict)  # (program, n) -> variant -> {counter: value}
for b in data["benchmarks"]:
    if b.get("run_type") == "aggregate" and b.get("aggregate_name") != "median":
        continue
    program, variant, n = b["run_name"].split("/")
    key = (program, int(n))
    time[key][variant] = b["real_time"] * to_ms[b["time_unit"]]
    counters[key][variant] = {k: b[k] for k in ("peak_rss_MB", "tape_MB") if k in b}

variants = ["compiled_primal", "compiled_rev", "handwritten", "handwritten_adjoint", "interpreted_primal", "interpreted_rev",
            "adolc_tape_reused", "adolc_retaped"]

def ratio(t, a, b):
    return f"{t[a] / t[b]:.2f}" if a in t and b in t and t[b] > 0 else "-"

print("\n-- times (ms)")
print("program n " + " ".join(variants))
for key in sorted(time):
    t = time[key]
    print(f"{key[0]} {key[1]} " + " ".join(f"{t[v]:.4g}" if v in t else "-" for v in variants))

print("\n-- ratios")
print("program n grad/primal(compiled; target<=3) grad/primal(interpreted) adolc_grad/handwritten "
      "adolc_reused/compiled_rev(target>=5) adolc_retaped/compiled_rev compiled_primal/handwritten(target<=2) "
      "interpreted/compiled(primal) interpreted/compiled(rev)")
for key in sorted(time):
    t = time[key]
    print(f"{key[0]} {key[1]} " + " ".join([
        ratio(t, "compiled_rev", "compiled_primal"), ratio(t, "interpreted_rev", "interpreted_primal"),
        ratio(t, "adolc_tape_reused", "handwritten"), ratio(t, "adolc_tape_reused", "compiled_rev"),
        ratio(t, "adolc_retaped", "compiled_rev"), ratio(t, "compiled_primal", "handwritten"),
        ratio(t, "interpreted_primal", "compiled_primal"), ratio(t, "interpreted_rev", "compiled_rev")]))

print("\n-- time growth per 10x n: time(10 n) / time(n) (target <= 12 for the compiled gradient)")
print("program n->10n " + " ".join(variants))
for key in sorted(time):
    bigger = (key[0], key[1] * 10)
    if bigger in time:
        print(f"{key[0]} {key[1]}->{bigger[1]} " +
              " ".join(f"{time[bigger][v] / time[key][v]:.2f}" if v in time[key] and v in time[bigger] else "-"
                       for v in variants))

print("\n-- memory (MB): peak RSS growth of one call; ADOL-C's tape")
print("program n " + " ".join(variants) + " adolc_tape")
for key in sorted(counters):
    c = counters[key]
    tape = c.get("adolc_tape_reused", {}).get("tape_MB")
    print(f"{key[0]} {key[1]} " + " ".join(f"{c[v]['peak_rss_MB']:.3g}" if "peak_rss_MB" in c.get(v, {}) else "-"
                                           for v in variants) + (f" {tape:.3g}" if tape is not None else " -"))
PY
