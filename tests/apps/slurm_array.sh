#!/usr/bin/env bash
# The README's Slurm recipe ("Many machines: --shard auto") run by a real Slurm: a single-node
# cluster (tests/apps/slurm_cluster.sh: munged, slurmctld, slurmd, started here as root) runs the
# recipe's batch script, taken from the README with only its --count made small, as a job array
# of 4 tasks, twice: numbered 0-3 as in the recipe, and 1-7:2 (SLURM_ARRAY_TASK_MIN and _STEP).
# Each array's shards, merged by the README's `chad-oracle merge` command, must give the whole
# campaign's log byte for byte. The daemons are stopped and every process they started is
# killed on any exit. Exit 77 (skipped) when slurm-wlm or munge is not installed or not root.
# Usage: slurm_array.sh CHAD_ORACLE README.md   (SLURM_TEST_COUNT: programs, 400; a multiple of 4)
set -euo pipefail
tool=$(realpath "$1")
readme=$2
count=${SLURM_TEST_COUNT:-400}
tasks=4
array_timeout=${SLURM_TEST_TIMEOUT:-300}
here=$(dirname "$(realpath "$0")")
# shellcheck source=slurm_cluster.sh
source "$here/slurm_cluster.sh"

if reason=$(slurm_cluster_unusable); then
  echo "skipped: $reason"
  exit 77
fi
fail() {
  echo "error: $1" >&2
  exit 1
}

dir=$(mktemp -d)
chmod 755 "$dir"  # munged wants every directory above its socket searchable by everyone
cleanup() {
  slurm_cluster_stop
  rm -rf "$dir"
}
trap cleanup EXIT
trap 'exit 143' TERM INT HUP  # the EXIT trap runs on these too

# The recipe: the README's fenced bash block with `#SBATCH --array`, and its merge command.
awk '/^```/ { if (inside) { if (block ~ /#SBATCH --array/) { printf "%s", block; exit } inside = 0 }
              else { inside = 1; block = "" }
              next }
     inside { block = block $0 "\n" }' "$readme" >"$dir/recipe.sbatch"
[ -s "$dir/recipe.sbatch" ] || fail "$readme has no bash block with '#SBATCH --array' (the Slurm recipe)"
grep -qE -- '--shard auto( |$)' "$dir/recipe.sbatch" || fail "the README's Slurm recipe does not use --shard auto"
seed=$(grep -oE -- '--seed [0-9]+' "$dir/recipe.sbatch") || fail "the README's Slurm recipe names no --seed"
sed -i -E "s/--count [0-9]+/--count $count/" "$dir/recipe.sbatch"
grep -q -- "--count $count " "$dir/recipe.sbatch" || fail "the README's Slurm recipe names no --count"
shard_out=$(grep -oE -- '--out "[^"]+"' "$dir/recipe.sbatch" | sed -E 's/^--out "(.*)"$/\1/')
[[ "$shard_out" == *'$SLURM_ARRAY_TASK_ID'* ]] ||
  fail "the README's Slurm recipe does not write to an --out \"...\$SLURM_ARRAY_TASK_ID\""
recipe_line=$(grep -n -m 1 -- '#SBATCH --array' "$readme" | cut -d: -f1)
merge=$(tail -n "+$recipe_line" "$readme" | grep -oE '`chad-oracle merge [^`]*`' | head -n 1 | tr -d '`')
[ -n "$merge" ] || fail "$readme shows no \`chad-oracle merge ...\` command after the recipe"
merged=$(sed -E 's/.*--out ([^ ]+).*/\1/' <<<"$merge")

export PATH="$(dirname "$tool"):$PATH"  # the recipe calls `chad-oracle`
"$tool" campaign --count "$count" $seed --jobs 2 --out "$dir/whole" >/dev/null

slurm_cluster_start "$dir/cluster" 2 || exit 1
arrays=("0-3" "1-7:2")
ids=("0 1 2 3" "1 3 5 7")
submitted=()
for a in 0 1; do
  mkdir "$dir/array-$a"
  timeout "$array_timeout" sbatch --wait --quiet --array="${arrays[$a]}" --cpus-per-task=1 \
    --chdir="$dir/array-$a" --output="$dir/array-$a/task-%a.out" "$dir/recipe.sbatch" &
  submitted+=($!)
done
for a in 0 1; do
  status=0
  wait "${submitted[$a]}" || status=$?
  if [ "$status" -ne 0 ]; then
    [ "$status" -eq 124 ] && echo "error: the job array ${arrays[$a]} did not finish in $array_timeout s" >&2
    squeue >&2 || true
    tail -n 20 "$dir/array-$a"/task-*.out >&2 || true
    slurm_cluster_logs
    fail "sbatch --wait --array=${arrays[$a]} exited $status"
  fi
done

for a in 0 1; do
  shard=0
  for id in ${ids[$a]}; do
    said="shard $shard/$tasks (from SLURM_ARRAY_TASK_ID=$id of SLURM_ARRAY_TASK_COUNT=$tasks)"
    grep -qF "$said" "$dir/array-$a/task-$id.out" ||
      fail "array ${arrays[$a]}, task $id did not say '$said': $(cat "$dir/array-$a/task-$id.out")"
    log="$dir/array-$a/${shard_out//'$SLURM_ARRAY_TASK_ID'/$id}/log.jsonl"
    [ -f "$log" ] || fail "array ${arrays[$a]}, task $id wrote no $log"
    lines=$(wc -l <"$log")
    [ "$lines" -eq $((count / tasks)) ] ||
      fail "array ${arrays[$a]}, task $id logged $lines programs, expected $((count / tasks))"
    shard=$((shard + 1))
  done
  (cd "$dir/array-$a" && bash -c "$merge") >/dev/null || fail "\`$merge\` failed for array ${arrays[$a]}"
  cmp "$dir/whole/log.jsonl" "$dir/array-$a/$merged/log.jsonl" ||
    fail "the shards of array ${arrays[$a]}, merged, differ from the whole campaign's log"
done
echo "the README's Slurm recipe, run by Slurm as arrays ${arrays[*]} (--shard auto, $count programs), merges to the whole campaign's log"
