package io.calibrisk.testsupport;

/**
 * Binned calibration error by a linear scan over bins, the slow reference for the binning
 * estimators. Bin b holds {@code (e_b, e_{b+1}]} with {@code e_b = b·(1/M)}, the first bin also
 * 0; a bin empty in training uses the global means.
 */
public final class ReferenceBinning {

    private ReferenceBinning() {
    }

    /**
     * @param z    a point in [0, 1]
     * @param bins M
     * @return its equal-width bin, by scanning
     */
    public static int bin(double z, int bins) {
        double step = 1.0 / bins;
        for (int b = 0; b < bins - 1; b++) {
            double upper = (b + 1) * step;
            if (z <= upper) {
                return b;
            }
        }
        return bins - 1;
    }

    /**
     * @param z    training points
     * @param t    training targets
     * @param bins M
     * @return g per bin: conf_b − acc_b, or the global difference for empty bins
     */
    public static double[] gaps(double[] z, double[] t, int bins) {
        double[] gaps = new double[bins];
        double globalZ = 0;
        double globalT = 0;
        for (int i = 0; i < z.length; i++) {
            globalZ += z[i];
            globalT += t[i];
        }
        for (int b = 0; b < bins; b++) {
            double sz = 0;
            double st = 0;
            int count = 0;
            for (int i = 0; i < z.length; i++) {
                if (bin(z[i], bins) == b) {
                    sz += z[i];
                    st += t[i];
                    count++;
                }
            }
            gaps[b] = count == 0 ? globalZ / z.length - globalT / t.length : sz / count - st / count;
        }
        return gaps;
    }

    /**
     * The classic binned estimate {@code Σ_b (|B_b|/n)(conf_b − acc_b)²}.
     *
     * @param z    points
     * @param t    targets
     * @param bins M
     * @return the binned CE²
     */
    public static double binnedCe2(double[] z, double[] t, int bins) {
        double[] gaps = gaps(z, t, bins);
        int[] counts = new int[bins];
        for (double v : z) {
            counts[bin(v, bins)]++;
        }
        double sum = 0;
        for (int b = 0; b < bins; b++) {
            sum += (double) counts[b] / z.length * gaps[b] * gaps[b];
        }
        return sum;
    }
}
