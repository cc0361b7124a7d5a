#!/usr/bin/env bash
# Issue 33's one command: the compiled CHAD gradient against its limit (the hand-written primal
# and the hand-written adjoint, bench/handwritten/) and against the tools a user would pick
# instead, in one run on one machine:
#   C++ (bench_compiled): hand-written primal, hand-written adjoint, compiled primal, compiled
#     CHAD reverse gradient, ADOL-C with a kept tape; every program at n = 1e3, 1e4, 1e5 (and 1e6
#     for Horner and the ODE); medians of 3 repetitions; each gradient checked before timing.
#   peers (bench/peers.py, the project's Python venv): JAX jit(grad) in float64, PyTorch eager,
#     torch.compile where practical; one thread each; medians of 3 after a timed warm-up; each
#     gradient checked against the hand-written adjoint's at the same point (relative 1e-9).
# Then bench/peers_report.py writes the table with the ratios of issue 33 and the targets met
# (Markdown), its JSON (docs/schemas/bench-peers.schema.json) and a plot of time against n per
# tool (SVG), all under OUT_DIR, and prints the Markdown. About 10-15 minutes on 2 shared cores.
# Usage: bench/compiled_peers.sh
#   BUILD_DIR (default build), OUT_DIR (default $BUILD_DIR/peers), REPETITIONS (3),
#   MIN_TIME (Google Benchmark's seconds per repetition, 0.1), PYTHON (default .venv/bin/python),
#   PEERS_MAX_N (1000000), PEERS_BUDGET_S (the most seconds a peer spends at one n, 40),
#   TIME (cpu or wall: which time the table reads, cpu by default as the machine is shared),
#   REPORT_ONLY=1 to redo the table from OUT_DIR's existing results.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
OUT_DIR=${OUT_DIR:-$BUILD_DIR/peers}
REPETITIONS=${REPETITIONS:-3}
PYTHON=${PYTHON:-.venv/bin/python}
mkdir -p "$OUT_DIR"

if [ "${REPORT_ONLY:-0}" != 1 ]; then
  if [ ! -x "$PYTHON" ]; then
    echo "compiled_peers.sh: no Python at $PYTHON (the project venv with jax and torch; set PYTHON)" >&2
    exit 2
  fi
  cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release -DCHAD_BUILD_BENCH=ON -DCHAD_BENCH_COMPILED_KERNELS=ON >/dev/null
  cmake --build "$BUILD_DIR" -j "${JOBS:-2}" --target bench_compiled handwritten_gradient
  echo "== $(date -u '+%Y-%m-%d %H:%M:%S UTC'): bench_compiled (C++ variants)" >&2
  nice -n 10 "$BUILD_DIR/bench/bench_compiled" \
      --benchmark_filter='/(handwritten|handwritten_adjoint|compiled_primal|compiled_rev|adolc_tape_reused)/' \
      --benchmark_format=json --benchmark_repetitions="$REPETITIONS" --benchmark_report_aggregates_only=true \
      --benchmark_min_time="${MIN_TIME:-0.1}" > "$OUT_DIR/bench_compiled.json"
  echo "== $(date -u '+%Y-%m-%d %H:%M:%S UTC'): peers (JAX, PyTorch)" >&2
  nice -n 10 "$PYTHON" bench/peers.py --gradient-tool "$BUILD_DIR/bench/handwritten_gradient" \
      --repetitions "$REPETITIONS" --max-n "${PEERS_MAX_N:-1000000}" --budget-s "${PEERS_BUDGET_S:-40}" \
      --json-out "$OUT_DIR/peers.json"
  echo "== $(date -u '+%Y-%m-%d %H:%M:%S UTC'): done" >&2
fi

python3 bench/peers_report.py "$OUT_DIR/bench_compiled.json" "$OUT_DIR/peers.json" --time "${TIME:-cpu}" \
    --command "bench/compiled_peers.sh" --markdown "$OUT_DIR/bench-peers.md" --json "$OUT_DIR/bench-peers.json" \
    --svg "$OUT_DIR/bench-peers.svg"
echo "== written: $OUT_DIR/bench-peers.md, bench-peers.json, bench-peers.svg" >&2
