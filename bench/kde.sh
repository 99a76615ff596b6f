#!/usr/bin/env bash
# Benchmark of the kde estimator through the whole pipeline (the CLI's evaluate: 5 folds x 20
# bandwidths, risk on each fold and estimate on the test split), on
#   - cifar10-vgg16 (n = 10000, d = 10), top-label and canonical, from the shared data folder;
#   - a generated canonical case with n = 10000, d = 100 (calibrisk simulate, seed 0).
# Run from the repository root after `mvn -B -q -DskipTests install`:
#   bench/kde.sh [DATA_DIR]        (default DATA_DIR: ../shared/data)
# Environment: THREADS (default: all processors), JAVA_OPTS (passed to the JVM).
# "kde s" is the estimator's own wall time as the report gives it; "wall s" and "cpu s" (user +
# system, all threads) cover the whole command, JVM start-up and reading the input included.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
data="${1:-$root/../shared/data}"
threads="${THREADS:-$(nproc 2>/dev/null || echo 2)}"
cli="$root/calibrisk"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

if [[ ! -x "$cli" ]] || ! "$cli" list >/dev/null 2>&1; then
  echo "bench/kde.sh: build first: mvn -B -q -DskipTests install" >&2
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

run() {
  local name="$1" probs="$2" labels="$3" notion="$4" n="$5" d="$6"
  local out="$work/$name-$notion.json"
  local TIMEFORMAT='%R %U %S' timing
  if ! { time "$cli" evaluate --probs "$probs" --labels "$labels" --notion "$notion" --estimators kde \
      --threads "$threads" --format json --output "$out" 2>"$work/err"; } 2>"$work/time"; then
    cat "$work/err" >&2
    exit 1
  fi
  read -r -a timing <"$work/time"
  local seconds bandwidth estimate
  seconds=$(field seconds "$out")
  bandwidth=$(field bandwidth "$out" '"best"')
  estimate=$(field estimate "$out" '"best"')
  printf '%-15s %-10s %6s %4s %7.2f %7.2f %7.2f %12.6g %8.5f\n' "$name" "$notion" "$n" "$d" "$seconds" \
    "${timing[0]}" "$(awk -v u="${timing[1]}" -v s="${timing[2]}" 'BEGIN { print u + s }')" "$bandwidth" "$estimate"
}

printf 'kde benchmark: 5 folds x 20 bandwidths, %s thread(s), %s\n' "$threads" "$(java -version 2>&1 | awk 'NR == 1')"
printf '%-15s %-10s %6s %4s %7s %7s %7s %12s %8s\n' case notion n d "kde s" "wall s" "cpu s" bandwidth CE
cifar="$data/cifar10-vgg16"
if [[ -f "$cifar/probs.npy" && -f "$cifar/labels.npy" ]]; then
  run cifar10-vgg16 "$cifar/probs.npy" "$cifar/labels.npy" top-label 10000 10
  run cifar10-vgg16 "$cifar/probs.npy" "$cifar/labels.npy" canonical 10000 10
else
  echo "(skipped cifar10-vgg16: $cifar not found)"
fi
"$cli" simulate --samples 10000 --classes 100 --seed 0 --output-dir "$work/sim" >/dev/null
run simulated-d100 "$work/sim/probs.npy" "$work/sim/labels.npy" canonical 10000 100
