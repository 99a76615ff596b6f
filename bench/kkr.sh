#!/usr/bin/env bash
# Benchmark of the kernel ridge regression estimators kkr and ukkr (fast mode, default grids).
# Run from the repository root after: mvn -B -q -DskipTests install
#   bench/kkr.sh            # cifar10-vgg16 (top-label, canonical) and top-label scaling 25k..200k
#   bench/kkr.sh --quick    # cifar10-vgg16 only
# Prints one line per run: the estimator, the notion, n, the seconds the report gives for the
# estimator (5 folds x whole grid, factorisations included) and the wall-clock seconds of the
# whole command (JVM start and input reading included).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
data="${CALIBRISK_SHARED_DATA:-$root/../shared/data}/cifar10-vgg16"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

seconds() {
  python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); e=r["estimators"][0]; print("%.2f" % e["seconds"], e["best"]["hyperparameters"] if e.get("best") else e.get("failure"))' "$1"
}

run() { # estimator notion n args...
  local estimator="$1" notion="$2" n="$3"
  shift 3
  local out="$work/$estimator-$notion-$n.json" start end
  start=$(date +%s.%N)
  ./calibrisk evaluate "$@" --estimators "$estimator" --notion "$notion" --format json --output "$out" --force 2>/dev/null
  end=$(date +%s.%N)
  printf '%-5s %-10s n=%-7s estimator %-8s s  wall %6.2f s  best %s\n' "$estimator" "$notion" "$n" \
    "$(seconds "$out" | cut -d' ' -f1)" "$(echo "$end - $start" | bc)" "$(seconds "$out" | cut -d' ' -f2-)"
}

if [[ -d "$data" ]]; then
  for notion in top-label canonical; do
    for estimator in kkr ukkr; do
      run "$estimator" "$notion" 10000 --probs "$data/probs.npy" --labels "$data/labels.npy"
    done
  done
else
  echo "skipping cifar10-vgg16: $data not found"
fi

if [[ "${1:-}" != "--quick" ]]; then
  for n in 25000 50000 100000 200000; do
    ./calibrisk simulate --samples "$n" --output-dir "$work/sim-$n" >/dev/null 2>&1
    run kkr top-label "$n" --probs "$work/sim-$n/probs.npy" --labels "$work/sim-$n/labels.npy"
    run ukkr top-label "$n" --probs "$work/sim-$n/probs.npy" --labels "$work/sim-$n/labels.npy"
  done
fi
