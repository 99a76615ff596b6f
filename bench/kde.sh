#!/usr/bin/env bash
# Benchmark of the kde estimator through the whole pipeline (the CLI's evaluate: 5 folds x 20
# bandwidths, risk on each fold and estimate on the test split), as whole processes:
#   - cifar10-vgg16 (n = 10000, d = 10) from the shared data folder: top-label, class-wise and
#     canonical with kde alone, and top-label and class-wise with the default estimators (the
#     ratio class-wise / top-label of whole runs is printed);
#   - generated data (calibrisk simulate, seed 0): canonical n = 10000, d = 100;
#   - with --large also: top-label n = 1000000, d = 10 with kde alone and with bins-15, bins,
#     kde, kkr and ukkr; canonical n = 50000 with d = 10 and d = 100, kde alone.
# Run from the repository root after `mvn -B -q -DskipTests install`:
#   bench/kde.sh [--large] [DATA_DIR]        (default DATA_DIR: ../shared/data)
# Environment: THREADS (default: all processors), REPEAT (runs per case, default 2; the lowest
# wall time is printed, as other work on the machine only slows a run down), JAVA_OPTS.
# "kde s" is the estimator's own wall time as the report gives it; "wall s", "cpu s" (user +
# system, all threads) and "peak MB" (largest resident set) cover the whole command, JVM start-up
# and reading the input included.
set -euo pipefail

large=0
if [[ "${1:-}" == "--large" ]]; then
  large=1
  shift
fi
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
data="${1:-$root/../shared/data}"
threads="${THREADS:-$(nproc 2>/dev/null || echo 2)}"
repeat="${REPEAT:-2}"
cli="$root/calibrisk"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

if [[ ! -x "$cli" ]] || ! "$cli" list >/dev/null 2>&1; then
  echo "bench/kde.sh: build first: mvn -B -q -DskipTests install" >&2
  exit 1
fi
if [[ ! -x /usr/bin/time ]]; then
  echo "bench/kde.sh: needs /usr/bin/time (GNU time) for the peak memory" >&2
  exit 1
fi

# the first number after a JSON key, at or after the first line containing a text:
# field KEY FILE [TEXT]   (one awk process: no pipeline to fail on SIGPIPE under pipefail)
field() {
  awk -v key="$1" -v text="${3:-}" '
    !found && index($0, text) { found = 1 }
    found && match($0, "\"" key "\": *[-0-9.eE]+") {
      value = substr($0, RSTART, RLENGTH); sub(/.*: */, "", value); print value; exit
    }' "$2"
}

# run CASE PROBS LABELS NOTION N D ESTIMATORS: the fastest of REPEAT runs; sets $wall
run() {
  local name="$1" probs="$2" labels="$3" notion="$4" n="$5" d="$6" estimators="$7"
  local out="$work/out.json" best="" line
  for ((r = 0; r < repeat; r++)); do
    if ! /usr/bin/time -f '%e %U %S %M' -o "$work/time" "$cli" evaluate --probs "$probs" --labels "$labels" \
        --notion "$notion" --estimators "$estimators" --threads "$threads" --format json --output "$out" --force \
        --quiet 2>"$work/err"; then
      cat "$work/err" >&2
      exit 1
    fi
    read -r -a timing <"$work/time"
    local seconds="-"
    if [[ ",$estimators," == *,kde,* ]]; then
      seconds=$(awk -v s="$(field seconds "$out" '"name": "kde"')" 'BEGIN { printf "%.2f", s }')
    fi
    line=$(printf '%-15s %-10s %7s %4s %-26s %7s %7.2f %7.2f %7.0f %12.4g %8.5f' "$name" "$notion" "$n" "$d" \
      "$estimators" "$seconds" "${timing[0]}" "$(awk -v u="${timing[1]}" -v s="${timing[2]}" 'BEGIN { print u + s }')" \
      "$(awk -v k="${timing[3]}" 'BEGIN { print k / 1024 }')" "$(field bandwidth "$out" '"name": "kde"' || true)" \
      "$(field estimate "$out" '"name": "kde"' || true)")
    if [[ -z "$best" ]] || awk -v a="${timing[0]}" -v b="$wall" 'BEGIN { exit !(a < b) }'; then
      best="$line"
      wall="${timing[0]}"
    fi
  done
  echo "$best"
}

printf 'kde benchmark: %s thread(s), best of %s runs, %s, load average %s\n' "$threads" "$repeat" \
  "$(java -version 2>&1 | awk 'NR == 1')" "$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"
printf '%-15s %-10s %7s %4s %-26s %7s %7s %7s %7s %12s %8s\n' case notion n d estimators "kde s" "wall s" "cpu s" \
  "peak MB" bandwidth "kde CE"
cifar="$data/cifar10-vgg16"
all="bins-15,bins,kde,kkr,ukkr"
if [[ -f "$cifar/probs.npy" && -f "$cifar/labels.npy" ]]; then
  for notion in top-label class-wise canonical; do
    run cifar10-vgg16 "$cifar/probs.npy" "$cifar/labels.npy" "$notion" 10000 10 kde
  done
  run cifar10-vgg16 "$cifar/probs.npy" "$cifar/labels.npy" top-label 10000 10 "$all"
  top=$wall
  run cifar10-vgg16 "$cifar/probs.npy" "$cifar/labels.npy" class-wise 10000 10 "$all"
  awk -v c="$wall" -v t="$top" 'BEGIN { printf "class-wise / top-label, whole runs with %s: %.2f\n", "'"$all"'", c / t }'
else
  echo "(skipped cifar10-vgg16: $cifar not found)"
fi
simulate() { # N D DIR
  [[ -f "$3/probs.npy" ]] || "$cli" simulate --samples "$1" --classes "$2" --seed 0 --output-dir "$3" >/dev/null
}
simulate 10000 100 "$work/sim-10k-100"
run simulated "$work/sim-10k-100/probs.npy" "$work/sim-10k-100/labels.npy" canonical 10000 100 kde
if ((large)); then
  simulate 1000000 10 "$work/sim-1m-10"
  run simulated "$work/sim-1m-10/probs.npy" "$work/sim-1m-10/labels.npy" top-label 1000000 10 kde
  run simulated "$work/sim-1m-10/probs.npy" "$work/sim-1m-10/labels.npy" top-label 1000000 10 "$all"
  rm -rf "$work/sim-1m-10"
  for d in 10 100; do
    simulate 50000 "$d" "$work/sim-50k-$d"
    run simulated "$work/sim-50k-$d/probs.npy" "$work/sim-50k-$d/labels.npy" canonical 50000 "$d" kde
  done
fi
