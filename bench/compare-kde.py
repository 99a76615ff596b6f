#!/usr/bin/env python3
"""compare-kde.py BASE NEW [TOLERANCE]: two calibrisk report JSONs, with every number of the kde
estimator's entry (risks, estimates, intervals, the whole grid) within TOLERANCE relative
(default 1e-10) and everything else exactly equal: the other estimators' numbers, every choice
(hyperparameters, recommendation, stability), the fallback counts and every string.

Like /work/baseline/compare.py it ignores the keys "source" and "seconds" and keys present only in
NEW. Prints the differences (at most 30), the largest relative difference of kde's numbers, and
IDENTICAL, WITHIN TOLERANCE or N DIFFERENCES; exits 1 on differences.
"""
import json
import sys

IGNORED = {"source", "seconds"}
# numbers that are choices or counts, compared exactly even inside kde's entry
EXACT = {"hyperparameters", "bandwidth", "stable", "level", "resamples", "diagnostics"}


def walk(a, b, path, tolerant, out, worst):
    if isinstance(a, dict):
        if not isinstance(b, dict):
            out.append(f"{path}: {type(a).__name__} vs {type(b).__name__}")
            return
        if tolerant is None and a.get("name") == "kde":
            tolerant = True
        for key in a:
            if key in IGNORED:
                continue
            if key not in b:
                out.append(f"{path}.{key}: missing in new")
                continue
            walk(a[key], b[key], f"{path}.{key}", False if key in EXACT else tolerant, out, worst)
    elif isinstance(a, list):
        if not isinstance(b, list) or len(a) != len(b):
            out.append(f"{path}: list of {len(a)} vs {len(b) if isinstance(b, list) else b!r}")
            return
        for i, (x, y) in enumerate(zip(a, b)):
            walk(x, y, f"{path}[{i}]", tolerant, out, worst)
    elif tolerant and isinstance(a, float) and isinstance(b, (int, float)) and not isinstance(b, bool):
        scale = max(abs(a), abs(b))
        relative = 0.0 if a == b else abs(a - b) / scale
        if relative > worst[0]:
            worst[0], worst[1] = relative, path
        if relative > TOLERANCE:
            out.append(f"{path}: {a!r} vs {b!r} (relative {relative:.3g})")
    elif a != b:
        out.append(f"{path}: {a!r} vs {b!r}")


if len(sys.argv) not in (3, 4):
    sys.exit(__doc__)
TOLERANCE = float(sys.argv[3]) if len(sys.argv) == 4 else 1e-10
base = json.load(open(sys.argv[1]))
new = json.load(open(sys.argv[2]))
differences = []
worst = [0.0, ""]
walk(base, new, "", None, differences, worst)
for line in differences[:30]:
    print(line)
print(f"largest relative difference of kde's numbers: {worst[0]:.3g}" + (f" at {worst[1]}" if worst[1] else ""))
if differences:
    print(f"{len(differences)} DIFFERENCES {sys.argv[2]}")
elif worst[0] == 0:
    print(f"IDENTICAL {sys.argv[2]}")
else:
    print(f"WITHIN TOLERANCE {TOLERANCE:g} {sys.argv[2]}")
sys.exit(1 if differences else 0)
