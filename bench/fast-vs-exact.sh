#!/usr/bin/env bash
# kkr and ukkr in fast mode against exact mode on the first N rows of cifar10-vgg16: the largest
# relative difference of any fold's risk or test estimate over the grid points both modes call
# stable, per estimator, and whether they choose the same point. The exact mode is O(n³): N = 4000
# takes about a minute, all 10 000 rows about five.
# Run from anywhere after: mvn -B -q -DskipTests install
#   bench/fast-vs-exact.sh N [NOTION]      e.g. bench/fast-vs-exact.sh 2000; bench/fast-vs-exact.sh 1000 top-label
# Environment: CALIBRISK_SHARED_DATA (default: ../shared/data next to the checkout), JAVA_OPTS
# (e.g. -Dcalibrisk.lapack=java for calibrisk's own eigensolver).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
n="${1:?usage: bench/fast-vs-exact.sh N [NOTION]}"
notion="${2:-canonical}"
data="${CALIBRISK_SHARED_DATA:-$root/../shared/data}/cifar10-vgg16"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python3 "$root/bench/lib/head_npy.py" "$n" "$data/probs.npy" "$work/probs.npy" "$data/labels.npy" "$work/labels.npy"
for mode in fast exact; do
  "$root/calibrisk" evaluate --probs "$work/probs.npy" --labels "$work/labels.npy" --notion "$notion" \
    --estimators kkr,ukkr --set kkr.mode="$mode" --set ukkr.mode="$mode" --format json --no-timings --quiet \
    --output "$work/$mode.json"
done
python3 - "$work/fast.json" "$work/exact.json" "$n" "$notion" <<'PY'
import json, sys
fast, exact = (json.load(open(f)) for f in sys.argv[1:3])
print(f"first {sys.argv[3]} rows, {sys.argv[4]}: fast against exact mode at the grid points both call stable")
for f, e in zip(fast["estimators"], exact["estimators"]):
    worst, where = 0.0, None
    for gf, ge in zip(f["grid"], e["grid"]):
        if not (gf["stable"] and ge["stable"]):
            continue
        for ff, fe in zip(gf["folds"], ge["folds"]):
            for key in ("risk", "estimateSquared"):
                d = abs(ff[key] - fe[key]) / abs(fe[key])
                if d > worst:
                    worst, where = d, gf["hyperparameters"]
    same = f["best"]["hyperparameters"] == e["best"]["hyperparameters"]
    print(f"  {f['name']:5s} largest relative difference {worst:.2e} at {where}; "
          f"choice {'the same' if same else 'DIFFERENT'}: {f['best']['hyperparameters']}")
PY
