# A single-node Slurm cluster for tests and measurements, started as root on this machine:
# munged, slurmctld and slurmd (Debian's munge and slurm-wlm), with their key, config, state,
# logs and sockets in one directory, on free ports, so that it touches nothing of the system's
# own Slurm or munge and two clusters can run side by side. Sourced by bash scripts:
#   slurm_cluster_unusable            prints why no cluster can be started here (exit 0), or exit 1
#   slurm_cluster_start DIR CPUS      starts it in DIR (exports SLURM_CONF); exit 1 with the logs;
#                                     the directories above DIR must be searchable by everyone
#                                     (munged refuses a socket in a private directory)
#   slurm_cluster_stop                cancels its jobs, stops its daemons and kills every process
#                                     they left (call it from an EXIT trap)
# No cgroups (this may be a container): proctrack/linuxproc, task/none, no accounting.

slurm_cluster_dir=""
slurm_cluster_pids=()

slurm_cluster_unusable() {
  if [ "$(id -u)" -ne 0 ]; then
    echo "a Slurm cluster is started here as root (slurmd runs jobs as any user), and this is uid $(id -u)"
    return 0
  fi
  local command
  for command in munged slurmctld slurmd sbatch squeue scancel scontrol sinfo python3; do
    if ! command -v "$command" >/dev/null; then
      echo "$command is not installed (Debian packages slurm-wlm and munge: scripts/setup installs them)"
      return 0
    fi
  done
  return 1
}

# slurm_cluster_wait SECONDS WHAT COMMAND...: runs COMMAND until it succeeds; after SECONDS, fails
# saying WHAT was awaited.
slurm_cluster_wait() {
  local seconds=$1 what=$2
  shift 2
  local deadline=$((SECONDS + seconds))
  until "$@" >/dev/null 2>&1; do
    if [ "$SECONDS" -ge "$deadline" ]; then
      echo "error: Slurm test cluster: no $what after $seconds s" >&2
      return 1
    fi
    sleep 0.2
  done
}

slurm_cluster_logs() {
  local log
  for log in "$slurm_cluster_dir"/*.log; do
    [ -f "$log" ] || continue
    echo "--- $log (last 25 lines)" >&2
    tail -n 25 "$log" >&2
  done
}

slurm_cluster_fail() {
  echo "error: Slurm test cluster: $1" >&2
  slurm_cluster_logs
  return 1
}

# Starts COMMAND... in the background in the cluster's directory, its output in LOG.
slurm_cluster_spawn() {
  local log=$1
  shift
  (cd "$slurm_cluster_dir" && exec "$@") >"$slurm_cluster_dir/$log" 2>&1 &
  slurm_cluster_pids+=($!)
}

slurm_cluster_queue_empty() {
  local queue
  queue=$(timeout 10 squeue --noheader) && [ -z "$queue" ]
}

slurm_cluster_node_idle() {
  [ "$(sinfo --noheader --nodes=chadnode --format=%t)" = idle ]
}

slurm_cluster_start() {
  local dir=$1 cpus=$2
  mkdir -p "$dir/state" "$dir/spool"
  slurm_cluster_dir=$(cd "$dir" && pwd)
  dir=$slurm_cluster_dir
  chmod 755 "$dir"  # munged wants its socket's directory searchable by everyone
  head -c 1024 /dev/urandom >"$dir/munge.key"
  chmod 600 "$dir/munge.key"
  local ports
  ports=$(python3 -c 'import socket
sockets = [socket.socket() for _ in range(2)]
for s in sockets: s.bind(("", 0))
print(*(s.getsockname()[1] for s in sockets))') || { slurm_cluster_fail "no free ports"; return 1; }
  read -r controller_port node_port <<<"$ports"
  cat >"$dir/slurm.conf" <<EOF
ClusterName=chadtest
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort=$controller_port
SlurmdPort=$node_port
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge.socket
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
MailProg=/bin/true
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
SwitchType=switch/none
ReturnToService=2
NodeName=chadnode NodeAddr=127.0.0.1 NodeHostname=localhost CPUs=$cpus State=UNKNOWN
PartitionName=chad Nodes=chadnode Default=YES MaxTime=INFINITE State=UP
EOF
  export SLURM_CONF="$dir/slurm.conf"
  slurm_cluster_spawn munged.out munged --foreground --num-threads=10 --key-file="$dir/munge.key" \
    --socket="$dir/munge.socket" --pid-file="$dir/munged.pid" --log-file="$dir/munged.log" \
    --seed-file="$dir/munged.seed"
  slurm_cluster_wait 20 "munge socket" test -S "$dir/munge.socket" ||
    { slurm_cluster_fail "munged did not start: $(cat "$dir/munged.out")"; return 1; }
  slurm_cluster_spawn slurmctld.out slurmctld -D -f "$dir/slurm.conf"
  slurm_cluster_spawn slurmd.out slurmd -D -f "$dir/slurm.conf" -N chadnode
  slurm_cluster_wait 30 "answer to scontrol ping" scontrol ping ||
    { slurm_cluster_fail "slurmctld did not answer"; return 1; }
  slurm_cluster_wait 30 "idle node chadnode" slurm_cluster_node_idle ||
    { slurm_cluster_fail "slurmd did not register: $(sinfo 2>&1)"; return 1; }
}

# Every process that has this cluster's SLURM_CONF in its environment (exported before the daemons
# start, so theirs too; Slurm passes it on to the jobs and what they start), but this shell. Only
# builtins, so that the scan starts no process of its own.
slurm_cluster_processes() {
  local entry pid variable variables
  for entry in /proc/[0-9]*; do
    pid=${entry#/proc/}
    if [ "$pid" = "$$" ] || [ "$pid" = "$BASHPID" ]; then continue; fi
    mapfile -d '' -t variables 2>/dev/null <"$entry/environ" || continue
    for variable in "${variables[@]}"; do
      if [ "$variable" = "SLURM_CONF=$slurm_cluster_dir/slurm.conf" ]; then
        echo "$pid"
        break
      fi
    done
  done
  return 0
}

slurm_cluster_stop() {
  [ -n "$slurm_cluster_dir" ] || return 0
  if [ -n "${SLURM_CONF:-}" ] && timeout 10 scontrol ping >/dev/null 2>&1; then
    timeout 10 scancel --quiet --user="$(id -un)" >/dev/null 2>&1 || true
    slurm_cluster_wait 20 "empty queue" slurm_cluster_queue_empty || true
  fi
  local pid
  for pid in "${slurm_cluster_pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  local deadline=$((SECONDS + 15))
  for pid in "${slurm_cluster_pids[@]}"; do
    while kill -0 "$pid" 2>/dev/null && [ "$SECONDS" -lt "$deadline" ]; do sleep 0.2; done
  done
  local left
  left=$(slurm_cluster_processes)
  if [ -n "$left" ]; then
    # shellcheck disable=SC2086
    kill -KILL $left 2>/dev/null || true
  fi
  for pid in "${slurm_cluster_pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  slurm_cluster_pids=()
  slurm_cluster_dir=""
}
