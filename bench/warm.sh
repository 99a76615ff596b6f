#!/usr/bin/env bash
# Class-wise against top-label, cold and warm: where the whole-process ratio of issue 14's
# point 2 comes from. Per notion, the cifar10-vgg16 predictions are evaluated RUNS times in one
# process (`calibrisk compare` on the same folder under RUNS names, the default estimators), and
# each estimator's seconds are printed for the first evaluation (cold: the JIT compiler still
# compiling the estimator's code, on the same cores) and the last (warm), with the wall time of
# one whole `evaluate` process (JVM start, input and report included). The ratios at the end:
#   whole process   class-wise over top-label, `evaluate` as a user runs it
#   cold, warm      the estimators' seconds summed, first and last evaluation
#   per problem     warm, class-wise's seconds over its components (the classes) against
#                   top-label's one problem
# Run from anywhere after: mvn -B -q -DskipTests install
#   bench/warm.sh [RUNS]        (default 3, at least 2)
# Environment: CALIBRISK_SHARED_DATA (default: ../shared/data next to the checkout), THREADS
# (default: all processors), REPEAT (whole-process runs per notion, default 3; the median is
# printed), JAVA_OPTS (added to the JVM's options).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
runs="${1:-3}"
repeat="${REPEAT:-3}"
if ! [[ "$runs" =~ ^[0-9]+$ ]] || ((runs < 2)); then
  echo "bench/warm.sh: RUNS must be a whole number of at least 2, not '$runs'" >&2
  exit 2
fi
if ! [[ "$repeat" =~ ^[0-9]+$ ]] || ((repeat < 1)); then
  echo "bench/warm.sh: REPEAT must be a whole number of at least 1, not '$repeat'" >&2
  exit 2
fi
data="${CALIBRISK_SHARED_DATA:-$root/../shared/data}/cifar10-vgg16"
threads="${THREADS:-$(nproc 2>/dev/null || echo 2)}"
cli="$root/calibrisk"
if [[ ! -f "$data/probs.npy" || ! -f "$data/labels.npy" ]]; then
  echo "bench/warm.sh: no probs.npy and labels.npy in $data (set CALIBRISK_SHARED_DATA)" >&2
  exit 1
fi
if [[ ! -x "$cli" ]] || ! "$cli" list >/dev/null 2>&1; then
  echo "bench/warm.sh: build first: mvn -B -q -DskipTests install" >&2
  exit 1
fi
if [[ ! -x /usr/bin/time ]]; then
  echo "bench/warm.sh: needs /usr/bin/time (GNU time)" >&2
  exit 1
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
models=()
for ((r = 1; r <= runs; r++)); do
  ln -s "$data" "$work/run$r"
  models+=("$work/run$r")
done

for notion in top-label class-wise; do
  # the estimators' seconds, from the lines "estimator NAME: chose ... in T s": the i-th such
  # line of an estimator is its i-th evaluation, as compare evaluates the models in turn
  if ! "$cli" -v compare "${models[@]}" --notion "$notion" --threads "$threads" --format json \
      --output "$work/compare.json" --force 2>"$work/$notion.log" >/dev/null; then
    cat "$work/$notion.log" >&2
    exit 1
  fi
  for ((r = 0; r < repeat; r++)); do
    /usr/bin/time -f '%e' -o "$work/time" "$cli" evaluate --probs "$data/probs.npy" --labels "$data/labels.npy" \
      --notion "$notion" --threads "$threads" --quiet --no-timings --format json --output "$work/report.json" --force
    cat "$work/time" >>"$work/$notion.wall"
  done
  cp "$work/report.json" "$work/$notion.json"
done

python3 - "$work" "$runs" <<'EOF'
import json, re, statistics, sys
work, runs = sys.argv[1], int(sys.argv[2])
line = re.compile(r"estimator ([A-Za-z0-9._-]+): chose .* in ([0-9.]+) s")
seconds, walls = {}, {}
for notion in ("top-label", "class-wise"):
    per = {}
    with open(f"{work}/{notion}.log", encoding="utf-8") as log:
        for text in log:
            m = line.search(text)
            if m:
                per.setdefault(m.group(1), []).append(float(m.group(2)))
    short = [name for name, values in per.items() if len(values) != runs]
    if not per or short:
        sys.exit(f"bench/warm.sh: {notion}: expected {runs} evaluations of every estimator, got "
                 + ", ".join(f"{n} {len(v)}" for n, v in per.items()))
    seconds[notion] = per
    with open(f"{work}/{notion}.wall", encoding="utf-8") as f:
        walls[notion] = statistics.median(float(x) for x in f.read().split())

print(f"{'notion':<12} {'estimator':<12} {'cold s':>8} {'warm s':>8}")
totals = {}
for notion, per in seconds.items():
    cold = warm = 0.0
    for name, values in per.items():
        print(f"{notion:<12} {name:<12} {values[0]:8.2f} {values[-1]:8.2f}")
        cold += values[0]
        warm += values[-1]
    totals[notion] = (cold, warm)
    print(f"{notion:<12} {'all':<12} {cold:8.2f} {warm:8.2f}   one evaluate, whole process: {walls[notion]:.2f} s")
tl, cw = totals["top-label"], totals["class-wise"]
with open(f"{work}/class-wise.json", encoding="utf-8") as f:
    classes = json.load(f)["classes"]
print(f"class-wise / top-label: whole process {walls['class-wise'] / walls['top-label']:.2f}, "
      f"estimators cold {cw[0] / tl[0]:.2f}, warm {cw[1] / tl[1]:.2f}, "
      f"warm per problem {cw[1] / classes / tl[1]:.2f} ({classes} classes against one problem)")
EOF
