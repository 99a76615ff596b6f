"""Where the time of one calibrisk process went, from its stage lines (bench/logback-stages.xml).

usage: stages.py LOG LAUNCH_EPOCH END_EPOCH CPU_SECONDS LABEL[,LABEL...]
Prints one line per stage: LABEL, the stage, wall seconds and, for estimators, the
thread-seconds of the fold runner's stages and of kkr's factorisation, fits and features.
A process that ran several notions (--notion a,b) gets one label per notion: an estimator
met a second time starts the next notion, and the time between the notions' estimators
(the first notion's selection, bootstrap and report, the next one's plan) is its own line.
"""
import re
import sys
from datetime import datetime

LINE = re.compile(r"^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}) (\w+) +(\w+): (.*)$")


def epoch(text):
    return datetime.strptime(text, "%Y-%m-%d %H:%M:%S.%f").timestamp()


def number(pattern, text):
    match = re.search(pattern, text)
    return float(match.group(1)) if match else 0.0


def main(log, launch, end, cpu, label):
    lines = []
    with open(log, encoding="utf-8", errors="replace") as f:
        for raw in f:
            match = LINE.match(raw.rstrip("\n"))
            if match:
                lines.append((epoch(match.group(1)), match.group(3), match.group(4)))
    if not lines:
        sys.exit(f"{log}: no time-stamped lines; was bench/logback-stages.xml used?")
    first = lines[0][0]
    estimators = []  # [name, start, end, stages, extra]
    current = None
    for t, logger, text in lines:
        started = re.match(r"estimator (\S+): \d+ folds", text)
        if logger == "FoldRunner" and started:
            current = {"name": started.group(1), "start": t, "end": t, "stages": {}, "factorisation": 0.0,
                       "cholesky": 0.0, "eigen": 0.0, "fits": 0.0, "features": 0.0}
            estimators.append(current)
            continue
        if current is None:
            continue
        done = re.match(r"estimator (\S+): thread-seconds per stage:(.*); wall ([0-9.]+) s", text)
        if logger == "FoldRunner" and done:
            current["end"] = t
            for stage, seconds in re.findall(r" (\w+) ([0-9.]+)", done.group(2)):
                current["stages"][stage] = float(seconds)
            continue
        if logger in ("LowRankFactorisation", "ExactFactorisation"):
            # fast mode: "pivoted Cholesky of n = N: rank R in S s"; exact mode: "... kernel matrix S, ..."
            chol = (number(r"pivoted Cholesky of n = \d+: rank \d+ in ([0-9.]+) s", text)
                    + number(r"kernel matrix ([0-9.]+)", text))
            eig = number(r"eigendecomposition ([0-9.]+)", text)
            rest = number(r"weights and feature map ([0-9.]+)", text) + number(r"weights ([0-9.]+)", text)
            current["cholesky"] += chol
            current["eigen"] += eig
            current["factorisation"] += chol + eig + rest
        elif logger == "KernelRidgeProvider" and ": fit at regularisation" in text:
            current["fits"] += number(r" in ([0-9.]+) s", text)
        elif logger == "FoldSpectrum" and text.startswith("raw features"):
            current["features"] += number(r" in ([0-9.]+) s", text)
    labels = label.split(",")
    start = estimators[0]["start"] if estimators else end
    last = estimators[-1]["end"] if estimators else end
    print(f"{labels[0]}\tstart-up\t{first - launch:.2f}")
    print(f"{labels[0]}\tinput, discovery, plan\t{start - first:.2f}")
    notion, seen = 0, set()
    for i, e in enumerate(estimators):
        if e["name"] in seen and notion + 1 < len(labels):
            notion, seen = notion + 1, set()
            between = e["start"] - estimators[i - 1]["end"]
            print(f"{labels[notion]}\t{labels[notion - 1]} report, {labels[notion]} plan\t{between:.2f}")
        seen.add(e["name"])
        label = labels[notion]
        s = e["stages"]
        detail = (f"prepare {s.get('prepare', 0):.2f} fit {s.get('fit', 0):.2f} risk {s.get('risk', 0):.2f} "
                  f"estimate {s.get('estimate', 0):.2f} curves {s.get('curves', 0):.2f}")
        if e["factorisation"] or e["fits"]:
            detail += (f" | factorisation {e['factorisation']:.2f} (Cholesky or kernel matrix {e['cholesky']:.2f}, "
                       f"eigen {e['eigen']:.2f}) compression {e['fits']:.2f} kernel features {e['features']:.2f}")
        print(f"{label}\t{e['name']}\t{e['end'] - e['start']:.2f}\t{detail}")
    print(f"{labels[-1]}\tselection, bootstrap, report, exit\t{end - last:.2f}")
    print(f"{','.join(labels)}\ttotal\t{end - launch:.2f}\tcpu {cpu:.2f}")


if __name__ == "__main__":
    main(sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4]), sys.argv[5])
