package io.calibrisk.pipeline.evaluation;

import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.data.Notion;
import io.calibrisk.pipeline.report.BinTable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;

/**
 * Per-bin tables of a binning estimator at its chosen point: for each component of the
 * notion, the fold models' inner edges averaged over folds (equal-width bins are the same in
 * every fold; equal-mass bins move slightly with the training data), and the test split's
 * count, mean z and mean target in every bin, under the binning rule: bin b holds
 * {@code (e_b, e_{b+1}]}, the first everything at or below e_1. Functions that report no bins
 * ({@link io.calibrisk.api.estimator.CalibrationFunction#binEdges}) get no table.
 */
final class BinTables {
    private static final Logger LOG = LoggerFactory.getLogger(BinTables.class);

    private BinTables() {
    }

    /**
     * @param name   the estimator, for the log
     * @param chosen the chosen point
     * @param folds  the folds
     * @return one table per component, or none when the fold models are not binnings or their
     *     bins disagree in number or are not increasing edges of [0, 1]
     */
    static List<BinTable> of(String name, EvaluatedPoint chosen, FoldPlan folds) {
        if (folds.dimension() != 1) {
            return List.of();
        }
        List<BinTable> tables = new ArrayList<>(folds.components());
        for (int j = 0; j < folds.components(); j++) {
            double[] edges = meanEdges(chosen, j);
            if (edges == null) {
                if (chosen.foldBinEdges(0, j) != null) {
                    LOG.warn("estimator {}: its fold models' bins disagree or are not increasing edges in [0, 1]; "
                            + "no per-bin table", name);
                }
                return List.of();
            }
            String label = folds.notion() == Notion.TOP_LABEL ? "top-label" : "class " + j;
            tables.add(new BinTable(label, tabulate(edges, folds.test(j))));
        }
        return tables;
    }

    /** The fold models' inner edges averaged over folds, or null when they are absent or disagree. */
    private static double[] meanEdges(EvaluatedPoint chosen, int component) {
        int k = chosen.folds();
        double[] mean = null;
        for (int f = 0; f < k; f++) {
            double[] edges = chosen.foldBinEdges(f, component);
            if (edges == null || (mean != null && edges.length != mean.length)) {
                return null;
            }
            for (int b = 0; b < edges.length; b++) {
                if (!(edges[b] >= 0 && edges[b] <= 1) || (b > 0 && edges[b] < edges[b - 1])) {
                    return null;
                }
            }
            if (mean == null) {
                mean = new double[edges.length];
            }
            for (int b = 0; b < edges.length; b++) {
                mean[b] += edges[b] / k;
            }
        }
        return mean;
    }

    /**
     * @param inner the inner edges e_1..e_{M−1}
     * @param test  the test split of one scalar component
     * @return the M bins with the test split's counts and means
     */
    static List<BinTable.Bin> tabulate(double[] inner, CalibrationSet test) {
        int bins = inner.length + 1;
        double[] sumZ = new double[bins];
        double[] sumT = new double[bins];
        int[] count = new int[bins];
        for (int i = 0; i < test.size(); i++) {
            double z = test.points().get(i, 0);
            int b = bin(inner, z);
            sumZ[b] += z;
            sumT[b] += test.targets().get(i, 0);
            count[b]++;
        }
        List<BinTable.Bin> out = new ArrayList<>(bins);
        for (int b = 0; b < bins; b++) {
            double lower = b == 0 ? 0 : inner[b - 1];
            double upper = b == bins - 1 ? 1 : inner[b];
            out.add(new BinTable.Bin(lower, upper, count[b], count[b] == 0 ? Double.NaN : sumZ[b] / count[b],
                    count[b] == 0 ? Double.NaN : sumT[b] / count[b]));
        }
        return out;
    }

    /** The number of inner edges strictly below z: its bin under the {@code (e_b, e_{b+1}]} rule. */
    static int bin(double[] inner, double z) {
        int lo = 0;
        int hi = inner.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (inner[mid] < z) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
