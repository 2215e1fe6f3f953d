#!/usr/bin/env bash
# scripts/slurm/sweep.sbatch on a real, throwaway, single-node Slurm (Debian's slurm-wlm and munge).
# Everything lives in a temporary folder: munge key and socket, slurm.conf, state, spool, logs, results.
# munged, slurmctld and slurmd are started by hand (no systemd) and stopped by PID at the end, on
# success and on failure alike. The mishaps of a real cluster (issue 37), each checked against a local
# sweep of the same grid (`dpwlab-cli merge` byte for byte) and for every item run exactly once:
#   - a grid with a duplicate value is refused before submission (submit-sweep.sh: --plan);
#   - a request no node can meet is refused before submission, with what the nodes have;
#   - task 2 cancelled mid-way and resubmitted alone (--array=2) runs task 2's items only;
#   - the same array submitted twice at once runs every item once (claims in OUT/locks);
#   - a task told to requeue (USR1, as before its time limit) requeues and resumes; its log is appended;
#   - the array size changed (1-3, then 1-5) runs only what is missing;
#   - a grown grid (more values, more seeds) runs only its new items;
#   - a job without --array is logged to dpwlab-sweep-JOBID.out; a missing program hints at DPWLAB_CLI.
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

# --- The grids -------------------------------------------------------------------------------------------
# Items of some 0.3-0.6 s (one CPU): long enough to cancel a task between two items.
write_grid() {  # FILE VALUES SEEDS
  cat >"$1" <<EOF
{
  "format": "dpwlab-sweep",
  "version": 1,
  "scenario": {
    "format": "dpwlab-scenario",
    "version": 1,
    "method": "dpswd-explorer",
    "seed": 1,
    "parameters": { "samples": 4000, "projections": 100, "shifts": 3, "draws": 2, "dimension": 5 }
  },
  "grid": { "sigma1": $2 },
  "seeds": $3
}
EOF
}
small="$T/work/small.json" grown="$T/work/grown.json" dup="$T/work/dup.json"
write_grid "$small" '[0.5, 1, 2]' '{ "first": 1, "count": 4 }'     # 12 items
write_grid "$grown" '[0.5, 1, 2, 4]' '{ "first": 1, "count": 5 }'  # 20 items, 8 new
write_grid "$dup" '[0.5, 1, 1.0]' '[1, 2]'

submit() {  # OUT ARRAY [sbatch options...]: prints the job id (the grid: $grid)
  local o=$1 a=$2
  shift 2
  (cd "$T/work" && DPWLAB_CLI="$cli" sbatch --parsable --array="$a" --cpus-per-task=1 --mem=100M "$@" \
     "$src/scripts/slurm/sweep.sbatch" "$grid" "$o") || fail "sbatch refused the array"
}
count_lines() { cat "$1"/shard-*.jsonl 2>/dev/null | grep -c '}$' || true; }
distinct_keys() {
  cat "$1"/shard-*.jsonl 2>/dev/null | grep '}$' | python3 -c 'import json, sys; print(len({json.loads(l)["key"] for l in sys.stdin}))'
}
wait_done() {  # until jobs "$@" have no task left in the queue
  local list
  list=$(IFS=,; echo "$*")
  for _ in $(seq 900); do [[ -z "$(squeue -h -j "$list" 2>/dev/null)" ]] && return 0; sleep 0.1; done
  fail "jobs $* still queued after 90 s: $(squeue)"
}
wait_lines() {  # OUT N: until OUT holds N result lines
  for _ in $(seq 600); do (($(count_lines "$1") >= $2)) && return 0; sleep 0.05; done
  fail "$1 has $(count_lines "$1") result lines after 30 s, expected $2"
}
same_as_local() {  # OUT GRID WHAT: merge of OUT equals the local sweep's merge of GRID; each item run once
  local o=$1 g=$2 what=$3 lines keys
  "$cli" merge "$o" --grid "$g" >"$o.merged.json" 2>"$o.merge.err" || { cat "$o.merge.err"; fail "$what: merge failed"; }
  "$cli" merge "$T/work/local" --grid "$g" >"$o.local.json" 2>/dev/null || fail "$what: merge of the local sweep failed"
  cmp -s "$o.merged.json" "$o.local.json" || { diff "$o.merged.json" "$o.local.json" | head -n 20; fail "$what: merge differs from the local sweep"; }
  lines=$(count_lines "$o")
  keys=$(distinct_keys "$o")
  ((lines == keys)) || fail "$what: $lines result lines for $keys items: an item ran twice"
  echo "slurm: $what: $keys items, each run once; merge equals the local sweep"
}

# --- The local reference: the grown grid (a superset of the small one) in two local processes ------------
env -u SLURM_ARRAY_TASK_ID OMP_NUM_THREADS=1 "$cli" sweep "$grown" --shard 1/2 --out "$T/work/local" -q >/dev/null 2>&1 &
local1=$!
env -u SLURM_ARRAY_TASK_ID OMP_NUM_THREADS=1 "$cli" sweep "$grown" --shard 2/2 --out "$T/work/local" -q >/dev/null 2>&1 \
  || fail "local sweep (share 2/2) failed"
wait "$local1" || fail "local sweep (share 1/2) failed"

# --- Refused before submission: a duplicate grid value, a request no node can meet ------------------------
if DPWLAB_CLI="$cli" "$src/scripts/slurm/submit-sweep.sh" --array=1-3 "$dup" "$T/work/dup" >"$T/work/dup.log" 2>&1; then
  fail "submit-sweep.sh submitted a grid with a duplicate value"
fi
grep -q "grid 'sigma1' lists one value twice" "$T/work/dup.log" || { cat "$T/work/dup.log"; fail "no message naming the duplicate"; }
if DPWLAB_CLI="$cli" "$src/scripts/slurm/submit-sweep.sh" --array=1-3 --cpus-per-task=$((cpus + 1)) "$small" "$T/work/big" \
     >"$T/work/big.log" 2>&1; then
  fail "submit-sweep.sh submitted a request for more CPUs than the node has"
fi
grep -q "the largest node of partition (default) has $cpus CPUs" "$T/work/big.log" || { cat "$T/work/big.log"; fail "no message on the CPU request"; }
echo "slurm: refused before submission: a duplicate grid value; $((cpus + 1)) CPUs per task on a $cpus-CPU node"
# No program: the hint names DPWLAB_CLI (the script run as the job would run it).
if DPWLAB_CLI=/nonexistent/dpwlab-cli bash "$src/scripts/slurm/sweep.sbatch" "$small" "$T/work/none" 2>"$T/work/none.log"; then
  fail "sweep.sbatch succeeded without the program"
fi
grep -q "Set DPWLAB_CLI" "$T/work/none.log" || fail "no DPWLAB_CLI hint when the program is missing"

# --- 1. Task 2 cancelled mid-way, resubmitted alone with --array=2 ------------------------------------------
grid=$small
out="$T/work/one"
job=$(submit "$out" 1-3); jobs+=("$job")
for _ in $(seq 600); do [[ -n "$(cat "$out"/shard-2-of-3.*.jsonl 2>/dev/null)" ]] && break; sleep 0.05; done
scancel "${job}_2" || fail "scancel ${job}_2 failed"
wait_done "$job"
done2=$(cat "$out"/shard-2-of-3.*.jsonl | grep -c '}$')
echo "slurm: cancelled task ${job}_2 after it had written $done2 of 4 items"
((done2 < 4)) || fail "task 2 finished all 4 items before it was cancelled: the items are too quick to cancel midway"
if "$cli" merge "$out" >/dev/null 2>&1; then fail "merge accepted an incomplete sweep"; fi
[[ -z "$(ls "$out/locks")" ]] || fail "the cancelled task left its claim: $(ls "$out/locks")"
job2=$(submit "$out" 2); jobs+=("$job2")
wait_done "$job2"
log2="$T/work/dpwlab-sweep-${job2}_2.out"
grep -q "share 2/3" "$log2" || { cat "$log2"; fail "--array=2 did not run share 2 of 3"; }
grep -q "${done2} already done" "$log2" || { cat "$log2"; fail "--array=2 did not resume task 2's items"; }
n=$(grep -c ': done in ' "$log2")
((n == 4 - done2)) || fail "--array=2 ran $n items, expected task 2's $((4 - done2)) left"
same_as_local "$out" "$small" "task 2 cancelled after $done2 items, resubmitted alone (--array=2)"

# --- 2. The same array twice at once; one task requeued by USR1 (as before its time limit) --------------
out="$T/work/twice"
jobA=$(submit "$out" 1-3%1); jobs+=("$jobA")  # one task at a time each: A_1 beside B_1, on 2 CPUs
jobB=$(submit "$out" 1-3%1); jobs+=("$jobB")
wait_lines "$out" 1
taskA=""
for _ in $(seq 100); do taskA=$(squeue -h -j "$jobA" -t R -o %i 2>/dev/null | head -n 1); [[ -n "$taskA" ]] && break; sleep 0.05; done
[[ -n "$taskA" ]] || fail "no task of job $jobA running"
logA="$T/work/dpwlab-sweep-${taskA}.out"
for _ in $(seq 50); do  # a task just started may not take signals yet; scancel may fail as the requeue begins
  grep -q "requeueing" "$logA" 2>/dev/null && break
  scancel --signal=USR1 --batch "$taskA" 2>"$T/work/usr1.err"
  sleep 0.2
done
grep -q "requeueing $taskA" "$logA" || fail "task $taskA did not requeue on USR1"
# Slurm holds a requeued job back (BeginTime) for a while; here it may start at once.
for _ in $(seq 50); do [[ "$(squeue -h -j "$taskA" -o %r 2>/dev/null)" == *BeginTime* ]] && break; sleep 0.1; done
scontrol update JobId="$taskA" StartTime=now >/dev/null 2>&1
for _ in $(seq 300); do (($(grep -c '^sweep.sbatch: .* on ' "$logA") >= 2)) && break; sleep 0.1; done
starts=$(grep -c '^sweep.sbatch: .* on ' "$logA")
((starts >= 2)) || fail "the requeued task's log holds $starts start(s): not restarted, or not appended on requeue"
wait_done "$jobA" "$jobB"
held=$(cat "$T"/work/dpwlab-sweep-"${jobA}"_*.out "$T"/work/dpwlab-sweep-"${jobB}"_*.out | grep -c "being run by" || true)
echo "slurm: the same array twice at once: $held item(s) found claimed by the other job and left to it; task $taskA requeued, log appended"
[[ -z "$(ls "$out/locks")" ]] || fail "claims left behind: $(ls "$out/locks")"
same_as_local "$out" "$small" "the same array twice at once, one task requeued"

# --- 3. The array size changed: 1-3 of which task 1 ran (the others cancelled), then 1-5 ----------------------
out="$T/work/resized"
jobH=$(submit "$out" 1-3 --hold); jobs+=("$jobH")
scontrol release "${jobH}_1" || fail "scontrol release ${jobH}_1 failed"
for _ in $(seq 900); do
  [[ -z "$(squeue -h -j "${jobH}_1" 2>/dev/null)" ]] && break
  sleep 0.1
done
scancel "$jobH"
wait_done "$jobH"
before=$(count_lines "$out")
((before == 4)) || fail "task 1 of 3 left $before items, expected its 4"
job5=$(submit "$out" 1-5); jobs+=("$job5")
wait_done "$job5"
grep -q "share 5/5" "$T/work/dpwlab-sweep-${job5}_5.out" || fail "--array=1-5 did not split the sweep into 5 shares"
ran5=$(cat "$T"/work/dpwlab-sweep-"${job5}"_*.out | grep -c ': done in ' || true)
((ran5 == 8)) || fail "the array resized to 1-5 ran $ran5 items, expected the 8 missing"
same_as_local "$out" "$small" "array size changed (task 1 of 1-3, then 1-5: 8 run)"

# --- 4. The grid grown: 3 values x 4 seeds -> 4 values x 5 seeds; only the 8 new items run ------------------
grid=$grown
out="$T/work/one"
job3=$(submit "$out" 1-3); jobs+=("$job3")
wait_done "$job3"
ran3=$(cat "$T"/work/dpwlab-sweep-"${job3}"_*.out | grep -c ': done in ' || true)
((ran3 == 8)) || fail "the grown sweep ran $ran3 items, expected the 8 new ones"
same_as_local "$out" "$grown" "grown sweep (12 -> 20 items, 8 run)"

# --- A job without --array: one process, logged to dpwlab-sweep-JOBID.out ---------------------------------
job1=$(cd "$T/work" && DPWLAB_CLI="$cli" "$src/scripts/slurm/submit-sweep.sh" --mem=100M "$grown" "$out" 2>"$T/work/single.log") \
  || { cat "$T/work/single.log"; fail "submit-sweep.sh refused a whole-sweep job"; }
jobs+=("$job1")
wait_done "$job1"
grep -q "not a job array" "$T/work/dpwlab-sweep-${job1}.out" 2>/dev/null || fail "no log dpwlab-sweep-${job1}.out of a job without --array"
echo "slurm_sweep_test: every mishap ends with each item run once and a merge equal to the local sweep"
