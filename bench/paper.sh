#!/usr/bin/env bash
# The paper's pipeline (Gruber & Bach 2025, the published grids) on the first N rows of
# cifar10-vgg16, as whole processes, JVM included, one per notion:
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
#   selection, bootstrap, report, exit
# Each notion runs RUNS times (default 2); the run with the lower total is shown, with the
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

declare -A estimators=([top-label]=bins-15,bins,kde,kkr,ukkr [canonical]=kde,kkr,ukkr)
printf 'paper pipeline: first %s rows of cifar10-vgg16, %s thread(s), best of %s run(s), %s\n' "$n" "$threads" \
  "$runs" "$(java -version 2>&1 | awk 'NR == 1')"
grand=0
for notion in top-label canonical; do
  best=""
  for ((run = 1; run <= runs; run++)); do
    load="$(cut -d' ' -f1 /proc/loadavg)"
    log="$work/$notion-$run.log"
    TIMEFORMAT='%U %S'
    start=$(date +%s.%N)
    { time JAVA_OPTS="${JAVA_OPTS:-} -Dlogback.configurationFile=$root/bench/logback-stages.xml" "$cli" evaluate \
        --probs "$work/probs.npy" --labels "$work/labels.npy" --notion "$notion" --estimators "${estimators[$notion]}" \
        --threads "$threads" --quiet --format json --output "$work/$notion-$run.json" --force 2>"$log"; } 2>"$work/time"
    end=$(date +%s.%N)
    cpu=$(awk '{print $1 + $2}' "$work/time")
    python3 "$root/bench/lib/stages.py" "$log" "$start" "$end" "$cpu" "$notion" >"$work/$notion-$run.stages"
    total=$(awk -F'\t' '$2 == "total" {print $3}' "$work/$notion-$run.stages")
    echo "  $notion run $run: $total s (load average $load)"
    if [[ -z "$best" ]] || awk -v a="$total" -v b="$best_total" 'BEGIN {exit !(a < b)}'; then
      best="$work/$notion-$run.stages"
      best_total="$total"
      best_load="$load"
      best_json="$work/$notion-$run.json"
    fi
  done
  echo "$notion (load average $best_load before the run):"
  awk -F'\t' '{ printf "  %-34s %7s s  %s %s\n", $2, $3, $4, $5 }' "$best"
  python3 - "$best_json" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
for e in report["estimators"]:
    best = e.get("best") or {}
    print("  chose %-8s %-40s sqrt(risk)x100 %s" % (e["name"], best.get("hyperparameters"),
          "%.4f" % best["sqrtRiskTimes100"] if best else e.get("failure")))
PY
  grand=$(awk -v a="$grand" -v b="$best_total" 'BEGIN {print a + b}')
done
printf 'both notions: %.2f s\n' "$grand"
