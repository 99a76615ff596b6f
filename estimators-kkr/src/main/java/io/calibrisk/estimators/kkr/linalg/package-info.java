/**
 * Dense linear algebra for kernel ridge regression, written for this module because the
 * general-purpose alternatives either fail on kernel matrices (Hipparchus 4.0.2's
 * {@code EigenDecompositionSymmetric} reports "convergence failed" on numerically low-rank
 * RBF Gram matrices) or do not parallelise: a symmetric eigensolver (Householder
 * tridiagonalisation and implicit QL) and a pivoted Cholesky factorisation. Every routine
 * splits its work into blocks that do not depend on the number of threads and writes each
 * output slot from exactly one task, so results are bit-identical for any pool size.
 */
package io.calibrisk.estimators.kkr.linalg;
