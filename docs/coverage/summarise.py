#!/usr/bin/env python3
"""Coverage per notion and estimator from run.sh's lines and truth.py's values.

usage: summarise.py TRUTH.json RUN.tsv...   (prints a Markdown table)
Coverage is the share of seeds whose interval holds the true CE, with its binomial standard
error; "bias" is the mean estimate minus the true CE; "width" the mean interval width.
"""
import json
import math
import sys
from collections import defaultdict

truth = json.load(open(sys.argv[1]))
rows = defaultdict(list)
recommended = defaultdict(list)
for path in sys.argv[2:]:
    for line in open(path):
        seed, notion, name, estimate, lower, upper, point, tied, best = line.rstrip("\n").split("\t")
        if estimate == "failed":
            rows[(notion, name)].append(None)
            continue
        ce = truth[notion]["ce"]
        hit = float(lower) <= ce <= float(upper)
        rows[(notion, name)].append((hit, float(estimate) - ce, float(upper) - float(lower)))
        if best == "true":
            recommended[notion].append((hit, float(estimate) - ce, float(upper) - float(lower)))

print("| notion | estimator | true CE | seeds | coverage of the 95% interval | mean estimate − true CE | mean width |")
print("|---|---|---|---|---|---|---|")


def line(notion, name, values):
    ok = [v for v in values if v is not None]
    k = len(ok)
    cov = sum(v[0] for v in ok) / k
    se = math.sqrt(cov * (1 - cov) / k)
    bias = sum(v[1] for v in ok) / k
    width = sum(v[2] for v in ok) / k
    failed = len(values) - k
    print(f"| {notion} | {name} | {truth[notion]['ce']:.4f} | {k}{f' ({failed} failed)' if failed else ''} "
          f"| {cov:.3f} ± {se:.3f} | {bias:+.4f} | {width:.4f} |")


for (notion, name), values in sorted(rows.items()):
    line(notion, name, values)
for notion, values in sorted(recommended.items()):
    line(notion, "recommended", values)
