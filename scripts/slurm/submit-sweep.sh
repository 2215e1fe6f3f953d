#!/bin/bash
# Checks a DPW Lab sweep and the resources it asks for, then submits scripts/slurm/sweep.sbatch.
#
#   scripts/slurm/submit-sweep.sh [sbatch options...] GRID.json OUT_DIR [dpwlab-cli sweep options...]
#   scripts/slurm/submit-sweep.sh --array=1-16 --cpus-per-task=2 --mem=4G grid.json results
#
# Before anything is submitted:
#   1. `dpwlab-cli sweep GRID --plan` checks every grid point (duplicates, values, the noise calibration
#      and first steps) and prints each task's items and an estimated time: a grid that cannot run is
#      refused here, not half-way through a job;
#   2. the CPUs and memory per task are compared with the partition's nodes (sinfo): a request no node can
#      meet is refused with what the nodes have (sbatch would accept it and the job pend for ever with
#      the reason "PartitionConfig").
# After submitting, the job's pending reason is read once: a reason that will not pass is reported.
# A job without --array is logged to dpwlab-sweep-JOBID.out (not …_4294967294.out).
# sbatch options must come first, in --name=value form. Environment: DPWLAB_CLI (the program, default
# dpwlab-cli on PATH), SBATCH_PARTITION (as sbatch).
set -uo pipefail

here="$(dirname "$(realpath "$0")")"
cli=${DPWLAB_CLI:-dpwlab-cli}
usage="usage: submit-sweep.sh [sbatch options, --name=value...] GRID.json OUT_DIR [dpwlab-cli sweep options...]"
say() { echo "submit-sweep: $*" >&2; }

opts=()
while (($#)) && [[ "$1" == -* ]]; do opts+=("$1"); shift; done
(($# >= 2)) || { echo "$usage" >&2; exit 2; }
grid=$1 out=$2
shift 2

if ! command -v "$cli" >/dev/null 2>&1; then
  say "'$cli' not found: set DPWLAB_CLI to the program's full path (e.g. DPWLAB_CLI=\$HOME/dpwlab/build/app/dpwlab-cli)"
  exit 127
fi

array="" cpus=1 mem="" partition=${SBATCH_PARTITION:-} output=""
for o in "${opts[@]}"; do
  case "$o" in
    --array=*) array=${o#*=} ;;
    --cpus-per-task=*) cpus=${o#*=} ;;
    --mem=*) mem=${o#*=} ;;
    --partition=*) partition=${o#*=} ;;
    --output=*) output=${o#*=} ;;
    --*=*) ;;
    --*) ;;  # a flag such as --hold
    *) say "sbatch options must be in --name=value form, got '$o'"; exit 2 ;;
  esac
done

# Shares: the array's size for a range a-b; a later array over some tasks keeps the recorded number.
shares=1
if [[ "$array" =~ ^([0-9]+)-([0-9]+)(%[0-9]+)?$ ]]; then
  shares=$((BASH_REMATCH[2] - BASH_REMATCH[1] + 1))
fi
if [[ -f "$out/array.json" ]]; then
  recorded=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["tasks"])' "$out/array.json" 2>/dev/null || echo 0)
  ((recorded > shares)) && shares=$recorded
fi
say "checking $grid ($shares task(s)):"
if ! "$cli" sweep "$grid" --plan --shards "$shares" --out "$out" >&2; then
  say "not submitted: the grid above cannot run as it is"
  exit 2
fi

# Resources against the partition's largest node.
to_mb() {  # 4G -> 4096, 500M -> 500, 1T -> 1048576, 2048 -> 2048 (sbatch's default unit: MB)
  local v=${1%[KkMmGgTt]} u=${1: -1}
  case "$u" in K|k) echo $((v / 1024)) ;; G|g) echo $((v * 1024)) ;; T|t) echo $((v * 1048576)) ;; *) echo "$v" ;; esac
}
if command -v sinfo >/dev/null 2>&1; then
  read -r max_cpus max_mem < <(sinfo -h ${partition:+-p "$partition"} -o "%c %m" 2>/dev/null \
    | awk '{ gsub(/\+/, ""); if ($1 > c) c = $1; if ($2 > m) m = $2 } END { print c + 0, m + 0 }')
  where="partition ${partition:-(default)}"
  if ((max_cpus > 0)) && ((cpus > max_cpus)); then
    say "not submitted: --cpus-per-task=$cpus, but the largest node of $where has $max_cpus CPUs; ask for $max_cpus or fewer"
    exit 2
  fi
  if [[ -n "$mem" ]] && ((max_mem > 0)) && (($(to_mb "$mem") > max_mem)); then
    say "not submitted: --mem=$mem, but the largest node of $where has ${max_mem} MB; ask for ${max_mem}M or less"
    exit 2
  fi
  ((max_cpus > 0)) && say "resources: $cpus CPU(s) per task${mem:+, $mem}; nodes of $where have up to $max_cpus CPUs, $max_mem MB"
fi

extra=()
[[ -z "$array" && -z "$output" ]] && extra+=(--output=dpwlab-sweep-%j.out)
job=$(sbatch --parsable "${opts[@]}" "${extra[@]}" "$here/sweep.sbatch" "$grid" "$out" "$@") || { say "sbatch refused the job"; exit 1; }
job=${job%%;*}
echo "$job"
sleep 2
reason=$(squeue -h -j "$job" -o "%r" 2>/dev/null | sort -u | tr '\n' ' ')
case "$reason" in
  *PartitionConfig*|*PartitionNodeLimit*|*PartitionTimeLimit*|*ReqNodeNotAvail*|*QOSMax*|*AssocMax*|*BadConstraints*)
    say "job $job pends with ($reason): the request exceeds what the partition or your account allows; scancel $job and ask for less" ;;
esac
exit 0
