#!/usr/bin/env bash
# Kill-and-resume figure of issue 16: a campaign is SIGKILLed at random moments, CYCLES times,
# each time resumed by running the same command again; then run once more to its end. Its final
# log.jsonl is compared line by line with an uninterrupted run's (same seed and count): lines lost
# (in the uninterrupted log only) and lines invented (in the resumed log only) are counted.
#
#   bench/kill_resume.sh [CYCLES] [COUNT] [JOBS] [MAX_KILL_SECONDS]
#   (defaults 100 20000 2 1.0; CHAD_ORACLE=path to the tool, default build/apps/chad-oracle/chad-oracle;
#    KILL_RESUME_DIR=where to work, default a fresh temporary directory, its uninterrupted run
#    reused when there; KILL_RESUME_SEED=1)
# KILL_RESUME_SPREAD=1 spreads the kills over the whole campaign (see below).
# Prints one line per cycle (its kill moment and exit status) and a summary; exit 0 when nothing
# was lost or invented and the logs are byte-equal, 1 otherwise.
set -euo pipefail
cycles=${1:-100}
count=${2:-20000}
jobs=${3:-2}
max_kill=${4:-1.0}
seed=${KILL_RESUME_SEED:-1}
here=$(cd "$(dirname "$0")/.." && pwd)
tool=${CHAD_ORACLE:-$here/build/apps/chad-oracle/chad-oracle}
work=${KILL_RESUME_DIR:-$(mktemp -d)}
mkdir -p "$work"
args=(campaign --seed "$seed" --count "$count" --jobs "$jobs")

if [[ ! -f $work/reference/log.jsonl ]]; then  # (kept from an earlier run in the same KILL_RESUME_DIR)
  start=$(date +%s.%N)
  "$tool" "${args[@]}" --out "$work/reference" > /dev/null
  echo "uninterrupted run: $(wc -l < "$work/reference/log.jsonl") lines in $(echo "$(date +%s.%N) - $start" | bc) s"
fi
rm -rf "$work/resumed"

killed=0 finished=0 refused=0 cut=0
for ((cycle = 1; cycle <= cycles; ++cycle)); do
  # A random moment in [0.02, max_kill] seconds after the start (with KILL_RESUME_SPREAD=1: that
  # long after the logs reach cycle / (cycles + 1) of the count, so that the kills fall all along
  # the campaign, its end and its final merge included, however slow the machine).
  moment=$(awk -v r="$RANDOM" -v m="$max_kill" 'BEGIN { printf "%.3f", 0.02 + (m - 0.02) * r / 32767 }')
  set +e
  if [[ ${KILL_RESUME_SPREAD:-0} == 1 ]]; then
    target=$((cycle * count / (cycles + 1)))
    "$tool" "${args[@]}" --out "$work/resumed" > /dev/null 2> "$work/stderr" &
    pid=$!
    while kill -0 "$pid" 2> /dev/null &&
      (($(cat "$work"/resumed/*.jsonl 2> /dev/null | wc -l) < target)); do
      sleep 0.2
    done
    sleep "$moment"
    kill -KILL "$pid" 2> /dev/null
    wait "$pid" 2> /dev/null
    status=$?
  else
    (timeout --foreground -s KILL "$moment" "$tool" "${args[@]}" --out "$work/resumed" > /dev/null 2> "$work/stderr") 2> /dev/null
    status=$?
  fi
  set -e
  cut=$((cut + $(grep -c "cut off a partial last line" "$work/stderr" || true)))
  case $status in
    137) killed=$((killed + 1)) ;;
    0) finished=$((finished + 1)) ;;
    3) refused=$((refused + 1)); cat "$work/stderr" ;;
    *) echo "cycle $cycle: unexpected exit $status"; cat "$work/stderr"; exit 1 ;;
  esac
  echo "cycle $cycle: killed after ${moment} s, exit $status, $(cat "$work"/resumed/*.jsonl 2> /dev/null | wc -l) lines on disk"
done
"$tool" "${args[@]}" --out "$work/resumed" > /dev/null
sort "$work/reference/log.jsonl" > "$work/reference.sorted"
sort "$work/resumed/log.jsonl" > "$work/resumed.sorted"
lost=$(comm -23 "$work/reference.sorted" "$work/resumed.sorted" | wc -l)
invented=$(comm -13 "$work/reference.sorted" "$work/resumed.sorted" | wc -l)
same=no
cmp -s "$work/reference/log.jsonl" "$work/resumed/log.jsonl" && same=yes
echo "cycles $cycles (killed $killed, ended before the kill $finished, refused by the lock $refused)," \
     "partial lines cut off on resume $cut; final log $(wc -l < "$work/resumed/log.jsonl") lines," \
     "lost $lost, invented $invented, byte-equal to the uninterrupted log: $same (in $work)"
[[ $lost == 0 && $invented == 0 && $same == yes ]]
