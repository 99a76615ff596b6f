package io.calibrisk.pipeline.report;

/**
 * The classic expected calibration error, given for reference beside calibrisk's estimate
 * because papers report it: top-label, L1, 15 equal-width bins with the edges of
 * {@code bins-15} (bin b holds {@code (b/15, (b+1)/15]}, the first also 0), computed on all n
 * samples: {@code ECE = Σ_b (n_b/n)·|conf_b − acc_b|}. It is not selected by risk, it is not
 * the square root of a squared error, and its bias depends on n and the bins; it is not
 * comparable with CE.
 *
 * @param value   the ECE
 * @param bins    the number of bins, 15
 * @param samples the number of samples n it was computed on
 */
public record ClassicEce(double value, int bins, int samples) {
}
