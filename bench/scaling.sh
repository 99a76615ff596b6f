#!/usr/bin/env bash
# How each estimator's cost grows with n: simulated data (calibrisk simulate, d classes, seed 0)
# at n = 25k, 50k, 100k and 200k, top-label (bins-15, bins, kde, kkr, ukkr) and canonical
# (kde, kkr, ukkr), one process per notion and size; each estimator's seconds as the report gives
# them (5 folds × its whole grid, its factorisations included), the peak memory of the process,
# and per estimator the slope of log(seconds) against log(n) by least squares (1 = linear).
# Run from anywhere after: mvn -B -q -DskipTests install
#   bench/scaling.sh                                   # everything (long: hours on 2 cores)
#   SIZES=25000,50000 NOTIONS=canonical bench/scaling.sh
# Environment: SIZES, NOTIONS (top-label,canonical), TOP_LABEL and CANONICAL (the estimators of
# each notion), CLASSES (default 10), THREADS (default: all processors), JAVA_OPTS (default: a
# heap of two thirds of the machine's memory, which canonical kkr needs from n = 50k on: its
# factor holds about 3·n·0.64·3000 doubles per fold in flight).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
sizes="${SIZES:-25000,50000,100000,200000}"
notions="${NOTIONS:-top-label,canonical}"
classes="${CLASSES:-10}"
threads="${THREADS:-$(nproc 2>/dev/null || echo 2)}"
declare -A estimators=([top-label]="${TOP_LABEL:-bins-15,bins,kde,kkr,ukkr}" [canonical]="${CANONICAL:-kde,kkr,ukkr}")
if [[ -z "${JAVA_OPTS:-}" ]]; then
  export JAVA_OPTS="-Xmx$(awk '/^MemTotal:/ {printf "%d", $2 * 2 / 3 / 1024 / 1024}' /proc/meminfo)g"
fi
cli="$root/calibrisk"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
if ! "$cli" --version >/dev/null 2>&1; then
  echo "bench/scaling.sh: build first: mvn -B -q -DskipTests install" >&2
  exit 1
fi

printf 'scaling: d = %s, %s thread(s), %s, JAVA_OPTS=%s\n' "$classes" "$threads" "$(java -version 2>&1 | awk 'NR == 1')" \
  "$JAVA_OPTS"
printf '%-10s %8s %-8s %9s %9s %9s %s\n' notion n estimator seconds wall "peak MiB" "load"
: >"$work/rows"
IFS=, read -r -a ns <<<"$sizes"
IFS=, read -r -a ks <<<"$notions"
for n in "${ns[@]}"; do
  "$cli" simulate --samples "$n" --classes "$classes" --seed 0 --output-dir "$work/sim-$n" --force >/dev/null
  for notion in "${ks[@]}"; do
    load="$(cut -d' ' -f1 /proc/loadavg)"
    out="$work/$notion-$n.json"
    start=$(date +%s.%N)
    if ! /usr/bin/time -f '%M' -o "$work/peak" "$cli" evaluate --probs "$work/sim-$n/probs.npy" \
        --labels "$work/sim-$n/labels.npy" --notion "$notion" --estimators "${estimators[$notion]}" \
        --threads "$threads" --bootstrap 0 --quiet --format json --output "$out" --force 2>"$work/err"; then
      echo "$notion n=$n failed:" >&2
      cat "$work/err" >&2
      continue
    fi
    end=$(date +%s.%N)
    wall=$(awk -v a="$start" -v b="$end" 'BEGIN {printf "%.2f", b - a}')
    peak=$(( $(tail -n 1 "$work/peak") / 1024 ))
    python3 - "$out" "$notion" "$n" "$wall" "$peak" "$load" <<'PY' | tee -a "$work/rows"
import json, sys
out, notion, n, wall, peak, load = sys.argv[1:]
for e in json.load(open(out))["estimators"]:
    seconds = e.get("seconds")
    ranks = [f["diagnostics"].get("rank") for p in e.get("grid", []) for f in p["folds"] if "rank" in f.get("diagnostics", {})]
    extra = f" rank {int(max(ranks))}" if ranks else ""
    print("%-10s %8s %-8s %9.2f %9s %9s %s%s" % (notion, n, e["name"], seconds if seconds is not None else float("nan"),
                                              wall, peak, load, extra))
PY
  done
done
echo "log-log slope of seconds against n, per notion and estimator:"
python3 - "$work/rows" <<'PY'
import math, sys
from collections import defaultdict
points = defaultdict(list)
for line in open(sys.argv[1]):
    f = line.split()
    points[(f[0], f[2])].append((math.log(float(f[1])), math.log(max(float(f[3]), 1e-3))))
for (notion, name), xy in sorted(points.items()):
    if len(xy) < 2:
        print("  %-10s %-8s (one size only)" % (notion, name))
        continue
    mx = sum(x for x, _ in xy) / len(xy)
    my = sum(y for _, y in xy) / len(xy)
    slope = sum((x - mx) * (y - my) for x, y in xy) / sum((x - mx) ** 2 for x, _ in xy)
    print("  %-10s %-8s %.2f" % (notion, name, slope))
PY
