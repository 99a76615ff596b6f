#!/usr/bin/env bash
# Coverage of calibrisk's intervals on data with a known calibration error: for each seed,
# `calibrisk simulate` writes the paper's Dirichlet simulation (alpha = 0.04, d = 5, T = 0.3)
# with n samples, `calibrisk evaluate` runs every estimator, top-label and canonical, and one
# line per notion and estimator (seed, notion, estimator, estimate, lower, upper, chosen point,
# tied, recommended) goes to OUT.tsv. summarise.py compares them with truth.py's true values.
#
# usage: docs/coverage/run.sh FIRST_SEED LAST_SEED OUT.tsv [n=2000] [threads=1]
set -euo pipefail
first=$1; last=$2; out=$3; n=${4:-2000}; threads=${5:-1}
root="$(cd "$(dirname "$0")/../.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
for seed in $(seq "$first" "$last"); do
  "$root/calibrisk" simulate -n "$n" --seed "$seed" -o "$work/data" --force > /dev/null
  for notion in top-label canonical; do
    "$root/calibrisk" evaluate --probs "$work/data/probs.npy" --labels "$work/data/labels.npy" --notion "$notion" \
        --threads "$threads" --format json --no-timings --quiet --force -o "$work/report.json"
    python3 - "$work/report.json" "$seed" "$notion" >> "$out" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
for e in report["estimators"]:
    best, interval = e["best"], (e["best"] or {}).get("estimateInterval")
    if best is None or interval is None:
        print(sys.argv[2], sys.argv[3], e["name"], "failed", "", "", "", "", "", sep="\t")
        continue
    point = ",".join(f"{k}={v}" for k, v in best["hyperparameters"].items())
    print(sys.argv[2], sys.argv[3], e["name"], best["estimate"], interval["lower"], interval["upper"], point,
          str(e.get("tied", False)).lower(), str(e["name"] == report["recommended"]).lower(), sep="\t")
PY
  done
done
