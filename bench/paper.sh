#!/usr/bin/env bash
# The paper's pipeline (Gruber & Bach 2025, the published grids) on the first N rows of
# cifar10-vgg16, as one whole process, JVM included, running both notions (--notion
# top-label,canonical):
#   top-label: bins-15, bins, kde, kkr, ukkr      canonical: kde, kkr, ukkr
# and where the time goes, per estimator and per stage, from the stage lines the pipeline and
# the estimators log (bench/logback-stages.xml):
#   start-up            launch to the first log line (JVM, classes, command line)
#   input, discovery, plan   plugins found, .npy read, split, memory plan
#   <estimator>         its wall seconds; then thread-seconds (summed over the pool's threads) of
#                       the fold runner's stages: prepare (kkr/ukkr: the factorisation, and the
#                       first round's fits done ahead), fit, risk (the held-out fold's U-statistic,
#                       features included), estimate (the test split), curves; for kkr/ukkr also
#                       the factorisation (pivoted Cholesky or kernel matrix, eigendecomposition),
#                       the fits (compression) and the kernel features
#   top-label report, canonical plan   between the notions
#   selection, bootstrap, report, exit
# The process runs RUNS times (default 2); the run with the lower total is shown, with the
# load average before it.
# Run from anywhere after: mvn -B -q -DskipTests install
#   bench/paper.sh N [RUNS]          e.g. bench/paper.sh 4000; bench/paper.sh 10000 3
# Environment: CALIBRISK_SHARED_DATA (default: ../shared/data next to the checkout), THREADS
# (default: all processors), JAVA_OPTS (added to the JVM's options).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
n="${1:?usage: bench/paper.sh N [RUNS]}"
runs="${2:-2}"
data="${CALIBRISK_SHARED_DATA:-$root/../shared/data}/cifar10-vgg16"
threads="${THREADS:-$(nproc 2>/dev/null || echo 2)}"
cli="$root/calibrisk"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

if ! "$cli" --version >/dev/null 2>&1; then
  echo "bench/paper.sh: build first: mvn -B -q -DskipTests install" >&2
  exit 1
fi
if [[ ! -f "$data/probs.npy" ]]; then
  echo "bench/paper.sh: $data/probs.npy not found (set CALIBRISK_SHARED_DATA)" >&2
  exit 1
fi
python3 "$root/bench/lib/head_npy.py" "$n" "$data/probs.npy" "$work/probs.npy" "$data/labels.npy" "$work/labels.npy"

printf 'paper pipeline: first %s rows of cifar10-vgg16, %s thread(s), best of %s run(s), %s\n' "$n" "$threads" \
  "$runs" "$(java -version 2>&1 | awk 'NR == 1')"
best=""
for ((run = 1; run <= runs; run++)); do
  load="$(cut -d' ' -f1 /proc/loadavg)"
  log="$work/$run.log"
  TIMEFORMAT='%U %S'
  start=$(date +%s.%N)
  # Both notions in one process: each runs the estimators of the list that serve it.
  { time JAVA_OPTS="${JAVA_OPTS:-} -Dlogback.configurationFile=$root/bench/logback-stages.xml" "$cli" evaluate \
      --probs "$work/probs.npy" --labels "$work/labels.npy" --notion top-label,canonical \
      --estimators bins-15,bins,kde,kkr,ukkr --threads "$threads" --quiet --format json \
      --output "$work/$run.json" --force 2>"$log"; } 2>"$work/time"
  end=$(date +%s.%N)
  cpu=$(awk '{print $1 + $2}' "$work/time")
  python3 "$root/bench/lib/stages.py" "$log" "$start" "$end" "$cpu" top-label,canonical >"$work/$run.stages"
  total=$(awk -F'\t' '$2 == "total" {print $3}' "$work/$run.stages")
  echo "  run $run: $total s (load average $load)"
  if [[ -z "$best" ]] || awk -v a="$total" -v b="$best_total" 'BEGIN {exit !(a < b)}'; then
    best="$work/$run.stages"
    best_total="$total"
    best_load="$load"
    best_json="$work/$run.json"
  fi
done
echo "best run (load average $best_load before it):"
awk -F'\t' '{ printf "  %-20s %-34s %7s s  %s %s\n", $1, $2, $3, $4, $5 }' "$best"
python3 - "$best_json" <<'PY'
import json, sys
for report in json.load(open(sys.argv[1]))["reports"]:
    for e in report["estimators"]:
        best = e.get("best") or {}
        print("  chose %-9s %-8s %-40s sqrt(risk)x100 %s" % (report["notion"], e["name"], best.get("hyperparameters"),
              "%.4f" % best["sqrtRiskTimes100"] if best else e.get("failure")))
PY
printf 'both notions, one process: %.2f s\n' "$best_total"
