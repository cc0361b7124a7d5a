#!/usr/bin/env bash
# The peers' programs (bench/peer_programs.py: JAX jit(grad), PyTorch eager) against the
# hand-written adjoints at n = 1,000: bench/peers.py exits 1 on any gradient entry off by more
# than 1e-9 relative; and its check rejects a gradient off by 1e-8. Runs in the project's venv
# (label python; skipped, exit 77, when it or jax/torch is absent).
#   peers_gradients_test.sh SOURCE_DIR HANDWRITTEN_GRADIENT
set -uo pipefail
SOURCE=$1
TOOL=$2
VENV=${CHAD_VENV:-$SOURCE/.venv}
if [ ! -x "$VENV/bin/python" ] || ! "$VENV/bin/python" -c "import jax, torch" 2>/dev/null; then
  echo "SKIPPED: the venv with jax and torch is absent ($VENV): run scripts/setup-python (needs PyPI)"
  exit 77
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
set -e
"$VENV/bin/python" "$SOURCE/bench/peers.py" --gradient-tool "$TOOL" --max-n 1000 --tools jax torch \
    --repetitions 1 --json-out "$out/peers.json"
"$VENV/bin/python" - "$SOURCE" "$out/peers.json" <<'PY'
import json, sys
import numpy as np
sys.path.insert(0, sys.argv[1] + "/bench")
import peers
results = json.load(open(sys.argv[2]))["results"]
timed = {(r["program"], r["tool"]) for r in results}
expected = {(p, t) for p in peers.DEFAULT_PROGRAMS for t in ("jax_jit_grad", "torch_eager")}
assert timed == expected, f"timed {sorted(timed)}, expected {sorted(expected)}"
reference = np.array([1.0, -2.0, 3.0])
peers.check_gradient(reference.copy(), reference, "the same gradient")
try:
    peers.check_gradient(reference + np.array([0, 0, 3e-8]), reference, "a gradient off by 1e-8")
    sys.exit("FAIL: check_gradient accepted a gradient off by 1e-8 relative")
except peers.Disagreement:
    pass
print("passed")
PY
