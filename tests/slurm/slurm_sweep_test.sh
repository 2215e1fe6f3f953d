#!/usr/bin/env bash
# scripts/slurm/sweep.sbatch on a real, throwaway, single-node Slurm (Debian's slurm-wlm and munge).
# Everything lives in a temporary folder: munge key and socket, slurm.conf, state, spool, logs, results.
# munged, slurmctld and slurmd are started by hand (no systemd) and stopped by PID at the end, on
# success and on failure alike. The test submits the sweep as a 3-task array, cancels task 2 once it has
# finished one item, resubmits the same array, and checks that `dpwlab-cli merge` of the result equals
# a local sweep of the same grid (every item present once: merge refuses a missing or doubled item).
# Exits 77 (ctest: skipped) with the reason on stdout where Slurm cannot be started: not root, a
# package missing, or a daemon that does not come up.
# usage: slurm_sweep_test.sh DPWLAB_CLI SOURCE_DIR
set -uo pipefail
cli="$(realpath "$1")"; src="$(realpath "$2")"
skip() { echo "SKIP slurm.sweep_array: $*"; exit 77; }
fail() { echo "slurm_sweep_test: FAIL: $*" >&2; exit 1; }

[[ $(id -u) -eq 0 ]] || skip "needs root to start slurmd (run as root, e.g. in CI's container)"
for tool in munged mungekey slurmctld slurmd sbatch squeue scancel sinfo python3; do
  command -v "$tool" >/dev/null || skip "$tool not installed (scripts/install-deps.sh installs slurm-wlm and munge)"
done

T="$(mktemp -d /tmp/dpwlab-slurm.XXXXXX)"
chmod 700 "$T"
pids=()
stop_all() {
  # Jobs first (their slurmstepd belongs to no daemon we started), then the daemons, newest first.
  if [[ -n "${SLURM_CONF:-}" ]] && ((${#pids[@]} >= 2)); then
    scancel --quiet --full "${jobs[@]}" 2>/dev/null
    for _ in $(seq 50); do [[ -z "$(squeue -h 2>/dev/null)" ]] && break; sleep 0.1; done
  fi
  for ((i = ${#pids[@]} - 1; i >= 0; --i)); do kill -TERM "${pids[i]}" 2>/dev/null; done
  for p in "${pids[@]}"; do
    for _ in $(seq 50); do kill -0 "$p" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$p" 2>/dev/null
  done
  if [[ "${KEEP:-0}" == 1 ]]; then echo "kept $T"; else rm -rf "$T"; fi
}
jobs=()
trap stop_all EXIT
trap 'exit 1' INT TERM

# --- munge: own key, socket, pid, log and seed --------------------------------------------------------
mkdir -p "$T/munge" && chmod 700 "$T/munge"
mungekey --create --keyfile="$T/munge/munge.key" >/dev/null 2>&1 \
  || dd if=/dev/urandom of="$T/munge/munge.key" bs=1024 count=1 status=none
chmod 400 "$T/munge/munge.key"
sock="$T/munge/munge.sock"
munged -F -f --key-file="$T/munge/munge.key" --socket="$sock" --pid-file="$T/munge/munged.pid" \
  --log-file="$T/munge/munged.log" --seed-file="$T/munge/munged.seed" >"$T/munge/stdout" 2>&1 &
pids+=($!)
for _ in $(seq 50); do [[ -S "$sock" ]] && break; sleep 0.1; done
[[ -S "$sock" ]] || { cat "$T/munge/munged.log" "$T/munge/stdout" 2>/dev/null; skip "munged did not start"; }

# --- Slurm: one node, this host, free ports -----------------------------------------------------------
host="$(hostname -s)"
read -r ctld_port slurmd_port < <(python3 -c '
import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(*[x.getsockname()[1] for x in s])')
mkdir -p "$T/state" "$T/spool" "$T/log" "$T/work"
cpus=$(nproc)
export SLURM_CONF="$T/slurm.conf"
cat >"$SLURM_CONF" <<EOF
ClusterName=dpwlabtest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$sock
StateSaveLocation=$T/state
SlurmdSpoolDir=$T/spool
SlurmctldPidFile=$T/slurmctld.pid
SlurmdPidFile=$T/slurmd.pid
SlurmctldLogFile=$T/log/slurmctld.log
SlurmdLogFile=$T/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
SchedulerParameters=sched_interval=1
MpiDefault=none
ReturnToService=2
SlurmdParameters=config_overrides
MaxArraySize=1000
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=1000 State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
slurmctld -D -i -f "$SLURM_CONF" >"$T/log/slurmctld.stdout" 2>&1 &
pids+=($!)
slurmd -D -f "$SLURM_CONF" -N "$host" >"$T/log/slurmd.stdout" 2>&1 &
pids+=($!)
up=0
for _ in $(seq 100); do
  if [[ "$(sinfo -h -n "$host" -o %t 2>/dev/null)" == idle* ]]; then up=1; break; fi
  kill -0 "${pids[1]}" 2>/dev/null && kill -0 "${pids[2]}" 2>/dev/null || break
  sleep 0.2
done
if ((up == 0)); then
  tail -n 5 "$T"/log/*.log "$T"/log/*.stdout 2>/dev/null
  skip "Slurm did not come up (slurmctld/slurmd: logs above)"
fi
echo "slurm: single node '$host' up ($cpus CPUs) in $T"

# --- The sweep: 12 items (3 grid points x 4 seeds), 3 array tasks of 4 items --------------------------
grid="$T/work/grid.json"
cat >"$grid" <<'EOF'
{
  "format": "dpwlab-sweep",
  "version": 1,
  "scenario": {
    "format": "dpwlab-scenario",
    "version": 1,
    "method": "dpswd-explorer",
    "seed": 1,
    "parameters": { "samples": 8000, "projections": 100, "shifts": 3, "draws": 2, "dimension": 5 }
  },
  "grid": { "sigma1": [0.5, 1, 2] },
  "seeds": { "first": 1, "count": 4 }
}
EOF
out="$T/work/results"
submit() {
  (cd "$T/work" && DPWLAB_CLI="$cli" sbatch --parsable --array=1-3 --cpus-per-task=1 --mem=100M \
     "$src/scripts/slurm/sweep.sbatch" "$grid" "$out") || fail "sbatch refused the array"
}
lines() { [[ -f "$1" ]] && wc -l <"$1" || echo 0; }
wait_done() {  # until job $1 has no task left in the queue
  for _ in $(seq 600); do [[ -z "$(squeue -h -j "$1" 2>/dev/null)" ]] && return 0; sleep 0.1; done
  fail "job $1 still queued after 60 s: $(squeue -j "$1")"
}

job=$(submit); jobs+=("$job")
echo "slurm: submitted array job $job (tasks 1-3)"
shard2="$out/shard-2-of-3.jsonl"
for _ in $(seq 600); do (($(lines "$shard2") >= 1)) && break; sleep 0.05; done
(($(lines "$shard2") >= 1)) || fail "task 2 wrote no item in 30 s"
scancel "${job}_2" || fail "scancel ${job}_2 failed"
wait_done "$job"
done2=$(lines "$shard2")
echo "slurm: cancelled task ${job}_2 after it had written $done2 of 4 items"
((done2 < 4)) || fail "task 2 finished all 4 items before it was cancelled: the items are too quick to cancel midway"
if "$cli" merge "$out" >/dev/null 2>&1; then fail "merge accepted an incomplete sweep"; fi

job2=$(submit); jobs+=("$job2")
echo "slurm: resubmitted the same array as job $job2"
wait_done "$job2"
for s in 1 2 3; do
  n=$(lines "$out/shard-$s-of-3.jsonl")
  ((n == 4)) || fail "shard $s has $n lines, expected 4 (each item exactly once)"
done
"$cli" merge "$out" >"$T/work/slurm-merged.json" || fail "merge of the Slurm results failed"
for f in "$T/work/dpwlab-sweep-${job}_"{1,2,3}.out "$T/work/dpwlab-sweep-${job2}_"{1,2,3}.out; do
  [[ -f "$f" ]] || fail "missing job output $f (sbatch --output in the submission folder)"
done

# --- The same grid locally, one process ---------------------------------------------------------------
env -u SLURM_ARRAY_TASK_ID -u SLURM_ARRAY_TASK_MIN -u SLURM_ARRAY_TASK_COUNT OMP_NUM_THREADS=1 \
  "$cli" sweep "$grid" --out "$T/work/local" >/dev/null 2>&1 || fail "local sweep failed"
"$cli" merge "$T/work/local" >"$T/work/local-merged.json" || fail "merge of the local sweep failed"
# Byte for byte: same items, same metrics, same build, same order.
cmp -s "$T/work/slurm-merged.json" "$T/work/local-merged.json" \
  || { diff "$T/work/slurm-merged.json" "$T/work/local-merged.json" | head -n 20; fail "Slurm merge differs from the local sweep"; }
echo "slurm_sweep_test: 12 of 12 items, each once; merge after cancel + resubmit equals the local sweep"
