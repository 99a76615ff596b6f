package io.calibrisk.estimators.binning;

/**
 * {@code bins-mass}: the binned calibration error with M equal-mass (quantile) bins, M tuned
 * over {5, 10, …, 90}.
 *
 * <p>Formula: the inner edges are the empirical quantiles of the training points at b/M,
 * b = 1..M−1, with linear interpolation between order statistics (NumPy's default
 * {@code quantile} method: {@code x_(⌊h⌋) + (h − ⌊h⌋)(x_(⌊h⌋+1) − x_(⌊h⌋))}, h = (n − 1)·b/M);
 * bin b holds {@code (e_b, e_{b+1}]}, the first bin everything at or below e_1 and the last
 * everything above e_{M−1}. Tied points can make an edge repeat; the bins between equal edges
 * are empty and use the global training means, as for equal-width bins. Otherwise as
 * {@link EqualWidthBins} (Kumar et al., 2019; Nixon et al., 2019).
 *
 * <p>Cost: O(n log n) once per training fold (the sort), then O(n + M) per grid point to fit
 * ({@link SortedPoints}), O(1) expected per evaluated point (BinLookup; O(log M) at worst, when
 * the edges pile up in a few of its buckets).
 */
public class EqualMassBins extends BinningProvider {

    @Override
    public String name() {
        return "bins-mass";
    }

    @Override
    public String description() {
        return "equal-mass (quantile) binning, bins tuned over {5, 10, ..., 90} (Kumar et al. 2019)";
    }

    @Override
    PreparedBins prepare(double[] z, double[] t) {
        SortedPoints points = SortedPoints.of(z);
        QueryOrders orders = new QueryOrders();
        return new PreparedBins() {
            @Override
            public double[] innerEdges(int bins) {
                return edges(points.values(), bins);
            }

            /** One merging pass: the edges, quantiles of these very points, crowd where they do. */
            @Override
            public int[] trainingBins(double[] innerEdges, BinLookup lookup) {
                return points.bins(innerEdges);
            }

            /** The evaluation and test points too: the edges crowd where they do. */
            @Override
            public QueryOrders queryOrders() {
                return orders;
            }
        };
    }

    /**
     * @param sorted the training points, increasing
     * @param bins   M
     * @return the inner edges, the quantiles at b/M for b = 1..M−1
     */
    static double[] edges(double[] sorted, int bins) {
        int n = sorted.length;
        double[] inner = new double[bins - 1];
        for (int b = 1; b < bins; b++) {
            double h = (n - 1) * ((double) b / bins);
            int lo = (int) Math.floor(h);
            if (lo >= n - 1) {
                inner[b - 1] = sorted[n - 1];
            } else {
                inner[b - 1] = sorted[lo] + (h - lo) * (sorted[lo + 1] - sorted[lo]);
            }
        }
        return inner;
    }
}
