#!/usr/bin/env bash
# Every shard of one campaign run at once by GNU parallel, as a batch scheduler would run them:
# once as a Kubernetes Indexed Job (JOB_COMPLETION_INDEX, --shard auto/4) and once as a Slurm
# job array numbered from 1 (SLURM_ARRAY_TASK_ID 1..4, --shard auto). Each set of shards, merged,
# must give the uninterrupted campaign's log byte for byte. Exit 77 (skipped) without parallel.
# Usage: shard_parallel.sh CHAD_ORACLE
set -euo pipefail
tool=$1
if ! command -v parallel >/dev/null; then
  echo "skipped: GNU parallel is not installed (Debian package parallel)"
  exit 77
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
campaign=(campaign --count 40 --seed 9 --jobs 1)

"$tool" "${campaign[@]}" --out "$dir/whole" >/dev/null

parallel --will-cite -j 2 --halt now,fail=1 \
  env -u SLURM_ARRAY_TASK_ID JOB_COMPLETION_INDEX={} "$tool" "${campaign[@]}" --shard auto/4 --out "$dir/k8s/{}" \
  ::: 0 1 2 3 >/dev/null
"$tool" merge "$dir"/k8s/0 "$dir"/k8s/1 "$dir"/k8s/2 "$dir"/k8s/3 --out "$dir/k8s-merged" >/dev/null
cmp "$dir/whole/log.jsonl" "$dir/k8s-merged/log.jsonl"

parallel --will-cite -j 2 --halt now,fail=1 \
  env -u JOB_COMPLETION_INDEX SLURM_ARRAY_TASK_ID={} SLURM_ARRAY_TASK_MIN=1 SLURM_ARRAY_TASK_COUNT=4 \
  "$tool" "${campaign[@]}" --shard auto --out "$dir/slurm/{}" ::: 1 2 3 4 >/dev/null
"$tool" merge "$dir"/slurm/1 "$dir"/slurm/2 "$dir"/slurm/3 "$dir"/slurm/4 --out "$dir/slurm-merged" >/dev/null
cmp "$dir/whole/log.jsonl" "$dir/slurm-merged/log.jsonl"

# Each shard holds a tenth of the programs: 40 programs in 4 shards, 10 lines each.
for shard in 1 2 3 4; do
  lines=$(wc -l <"$dir/slurm/$shard/log.jsonl")
  [ "$lines" -eq 10 ] || { echo "slurm shard $shard has $lines lines, expected 10"; exit 1; }
done
echo "shards run by GNU parallel (Kubernetes and Slurm environments) merge to the whole campaign's log"
