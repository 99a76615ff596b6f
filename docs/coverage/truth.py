#!/usr/bin/env python3
"""The true calibration errors of `calibrisk simulate` data (the paper's Dirichlet simulation).

P ~ Dirichlet(alpha 1_d), y ~ Categorical(P), p = softmax(T log P). Since p determines P,
E[e_y | p] = P, so the canonical error is CCE^2 = E ||p - P||^2, a plain expectation. The
top-label target t = 1[y = argmax p] has E[t | p] = P_top (the argmax of p is that of P), but
top-label calibration conditions on z = max_k p_k alone: TCE^2 = E[(z - m(z))^2] with
m(z) = E[P_top | z]. Both are computed by Monte Carlo over N draws; m(z) by 20000 equal-mass
bins of z, with the within-bin noise of the bin means subtracted (debiased), and checked
against 5000 bins.

usage: truth.py [N=100000000] [alpha=0.04] [d=5] [T=0.3]   (prints JSON)
"""
import json
import sys

import numpy as np

N = int(float(sys.argv[1])) if len(sys.argv) > 1 else 100_000_000
ALPHA = float(sys.argv[2]) if len(sys.argv) > 2 else 0.04
D = int(sys.argv[3]) if len(sys.argv) > 3 else 5
T = float(sys.argv[4]) if len(sys.argv) > 4 else 0.3
CHUNK = 2_000_000
rng = np.random.default_rng(20261126)


def draw(n):
    # log G for Gamma(alpha < 1) as the simulation does: log G(alpha + 1) + log(U) / alpha
    log_g = np.log(rng.gamma(ALPHA + 1, size=(n, D))) + np.log(1 - rng.random((n, D))) / ALPHA
    big_p = np.exp(log_g - np.logaddexp.reduce(log_g, axis=1, keepdims=True))
    p = np.exp(T * log_g - np.logaddexp.reduce(T * log_g, axis=1, keepdims=True))
    return big_p, p


# Pass 1: canonical error, and a sample of z for the bin edges.
cce2 = 0.0
cce2_sq = 0.0
pilot = []
for start in range(0, N, CHUNK):
    big_p, p = draw(min(CHUNK, N - start))
    s = ((p - big_p) ** 2).sum(axis=1)
    cce2 += s.sum()
    cce2_sq += (s ** 2).sum()
    if start < 10 * CHUNK:
        pilot.append(p.max(axis=1))
cce2 /= N
cce2_se = np.sqrt((cce2_sq / N - cce2 ** 2) / N)
z_pilot = np.concatenate(pilot)


def tce2(bins):
    edges = np.quantile(z_pilot, np.linspace(0, 1, bins + 1)[1:-1])
    n_b = np.zeros(bins)
    s1 = np.zeros(bins)
    s2 = np.zeros(bins)
    for start in range(0, N, CHUNK):
        big_p, p = draw(min(CHUNK, N - start))
        top = p.argmax(axis=1)
        z = p[np.arange(len(p)), top]
        a = z - big_p[np.arange(len(p)), top]
        b = np.searchsorted(edges, z)
        n_b += np.bincount(b, minlength=bins)
        s1 += np.bincount(b, weights=a, minlength=bins)
        s2 += np.bincount(b, weights=a * a, minlength=bins)
    ok = n_b > 1
    mean = s1[ok] / n_b[ok]
    var = (s2[ok] / n_b[ok] - mean ** 2) * n_b[ok] / (n_b[ok] - 1)
    return float(((n_b[ok] / N) * (mean ** 2 - var / n_b[ok])).sum())


t20000 = tce2(20000)
t5000 = tce2(5000)
print(json.dumps({
    "draws": N, "alpha": ALPHA, "classes": D, "temperature": T,
    "canonical": {"ce2": cce2, "ce2_mc_se": cce2_se, "ce": float(np.sqrt(cce2))},
    "top-label": {"ce2": t20000, "ce2_5000_bins": t5000, "ce": float(np.sqrt(t20000))},
}, indent=2))
