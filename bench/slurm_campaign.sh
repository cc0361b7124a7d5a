#!/usr/bin/env bash
# Issue #34's figure: a campaign run by a real Slurm as a job array (--shard auto), merged, and
# compared byte for byte with the same campaign run whole. The single-node cluster is the test's
# (tests/apps/slurm_cluster.sh: munged, slurmctld, slurmd as root, CPUs = nproc); each array task
# runs the README's recipe line with --jobs "$SLURM_CPUS_PER_TASK".
#
#   bench/slurm_campaign.sh [COUNT] [TASKS] [CPUS_PER_TASK]
#   (defaults 100000 10 1; CHAD_ORACLE=path to the tool, default build/apps/chad-oracle/chad-oracle;
#    SLURM_BENCH_DIR=where to work, default a fresh temporary directory, its whole run (whole/)
#    reused when there; SLURM_BENCH_SEED=1; SLURM_BENCH_TIMEOUT=seconds for the array, 14400)
# Prints the seconds of the whole run, the array and the merge, and the logs' sizes; exit 0 when
# the merged log equals the whole one byte for byte, 1 otherwise. Needs root and slurm-wlm, munge.
set -euo pipefail
count=${1:-100000}
tasks=${2:-10}
cpus_per_task=${3:-1}
seed=${SLURM_BENCH_SEED:-1}
here=$(cd "$(dirname "$0")/.." && pwd)
tool=$(realpath "${CHAD_ORACLE:-$here/build/apps/chad-oracle/chad-oracle}")
work=${SLURM_BENCH_DIR:-$(mktemp -d)}
mkdir -p "$work"
work=$(cd "$work" && pwd)
echo "work: $work"
chmod 755 "$work"  # munged wants every directory above its socket searchable by everyone
# shellcheck source=../tests/apps/slurm_cluster.sh
source "$here/tests/apps/slurm_cluster.sh"
if reason=$(slurm_cluster_unusable); then
  echo "error: $reason" >&2
  exit 1
fi
trap slurm_cluster_stop EXIT
trap 'exit 143' TERM INT HUP
export PATH="$(dirname "$tool"):$PATH"
elapsed() {  # seconds since START (date +%s.%N)
  awk -v start="$1" -v now="$(date +%s.%N)" 'BEGIN { printf "%.1f", now - start }'
}

if [ -f "$work/whole/summary.json" ]; then
  echo "whole run: reused from $work/whole"
else
  rm -rf "$work/whole"
  start=$(date +%s.%N)
  chad-oracle campaign --count "$count" --seed "$seed" --jobs "$(nproc)" --out "$work/whole" >/dev/null
  echo "whole run: chad-oracle campaign --count $count --seed $seed --jobs $(nproc): $(elapsed "$start") s"
fi

rm -rf "$work/cluster" "$work/array"
mkdir -p "$work/array"
slurm_cluster_start "$work/cluster" "$(nproc)" || exit 1
cat >"$work/array/campaign.sbatch" <<EOF
#!/bin/bash
chad-oracle campaign --count $count --seed $seed --jobs "\$SLURM_CPUS_PER_TASK" \\
  --shard auto --out "runs/shard-\$SLURM_ARRAY_TASK_ID"
EOF
start=$(date +%s.%N)
timeout "${SLURM_BENCH_TIMEOUT:-14400}" sbatch --wait --quiet --array="0-$((tasks - 1))" \
  --cpus-per-task="$cpus_per_task" --chdir="$work/array" --output="$work/array/task-%a.out" \
  "$work/array/campaign.sbatch" || {
  tail -n 5 "$work/array"/task-*.out >&2
  slurm_cluster_logs
  echo "error: the job array failed or timed out" >&2
  exit 1
}
echo "array: sbatch --wait --array=0-$((tasks - 1)) --cpus-per-task=$cpus_per_task ($(nproc) CPUs): $(elapsed "$start") s"
slurm_cluster_stop

start=$(date +%s.%N)
(cd "$work/array" && chad-oracle merge runs/shard-* --out runs/all) >/dev/null
echo "merge: chad-oracle merge runs/shard-* --out runs/all: $(elapsed "$start") s"
echo "log.jsonl: $(wc -l <"$work/whole/log.jsonl") lines, $(stat -c %s "$work/whole/log.jsonl") bytes (whole); $(wc -l <"$work/array/runs/all/log.jsonl") lines, $(stat -c %s "$work/array/runs/all/log.jsonl") bytes (merged)"
if cmp "$work/whole/log.jsonl" "$work/array/runs/all/log.jsonl"; then
  echo "merged log.jsonl is byte-identical to the whole run's"
else
  exit 1
fi
