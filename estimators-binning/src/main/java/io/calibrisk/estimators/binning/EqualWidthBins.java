package io.calibrisk.estimators.binning;

/**
 * {@code bins}: the binned calibration error with M equal-width bins, M tuned over
 * {5, 10, …, 90}.
 *
 * <p>Formula: edges {@code e_b = b·(1/M)} for b = 0..M−1 and {@code e_M = 1} (as NumPy's
 * {@code linspace(0, 1, M + 1)}); bin b holds {@code (e_b, e_{b+1}]}, the first bin also 0;
 * {@code g(z) = conf_b − acc_b}, {@code h(z, z') = g(z)g(z')}; a bin empty in training uses the
 * global means. On the training set, {@code mean h(z_i, z_i) = Σ_b (|B_b|/n)(conf_b − acc_b)²},
 * the classic binned TCE² (Naeini et al., 2015; Guo et al., 2017), here tuned by risk as in
 * Gruber and Bach (TMLR 2025).
 *
 * <p>Cost: O(n + M) expected per grid point to fit, O(1) expected per evaluated point
 * (BinLookup; O(log M) at worst).
 */
public class EqualWidthBins extends BinningProvider {

    @Override
    public String name() {
        return "bins";
    }

    @Override
    public String description() {
        return "equal-width binning, bins tuned over {5, 10, ..., 90} (Guo et al. 2017; Gruber & Bach 2025)";
    }

    @Override
    PreparedBins prepare(double[] z, double[] t) {
        return new PreparedBins() {
            @Override
            public double[] innerEdges(int bins) {
                return edges(bins);
            }

            /** Equal-width edges spread over the buckets of the lookup: O(1) per point already. */
            @Override
            public int[] trainingBins(double[] innerEdges, BinLookup lookup) {
                int[] out = new int[z.length];
                for (int i = 0; i < z.length; i++) {
                    out[i] = lookup.bin(z[i]);
                }
                return out;
            }
        };
    }

    /**
     * @param bins M
     * @return the inner edges {@code b·(1/M)}, b = 1..M−1
     */
    static double[] edges(int bins) {
        double step = 1.0 / bins;
        double[] inner = new double[bins - 1];
        for (int b = 1; b < bins; b++) {
            inner[b - 1] = b * step;
        }
        return inner;
    }
}
