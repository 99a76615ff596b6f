package io.calibrisk.pipeline.evaluation;

import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.data.Notion;
import io.calibrisk.pipeline.data.NotionComponents;
import io.calibrisk.pipeline.report.BinTable;
import io.calibrisk.pipeline.report.ClassicEce;

import java.util.stream.IntStream;

/**
 * The classic ECE for reference ({@link ClassicEce}): top-label confidences of all n samples
 * in 15 equal-width bins with the edges of {@code bins-15}, {@code Σ_b (n_b/n)|conf_b − acc_b|}.
 */
final class ClassicEces {
    /** The common default, and {@code bins-15}'s number of bins. */
    static final int BINS = 15;

    private ClassicEces() {
    }

    /**
     * @param folds the run's data
     * @return the classic ECE of all its samples
     */
    static ClassicEce of(FoldPlan folds) {
        int n = folds.samples();
        CalibrationSet all = NotionComponents.of(Notion.TOP_LABEL, 0, folds.predictions(), folds.labels(),
                IntStream.range(0, n).toArray());
        double step = 1.0 / BINS;
        double[] inner = new double[BINS - 1];
        for (int b = 1; b < BINS; b++) {
            inner[b - 1] = b * step;
        }
        double ece = 0;
        for (BinTable.Bin bin : BinTables.tabulate(inner, all)) {
            if (bin.count() > 0) {
                ece += bin.count() / (double) n * Math.abs(bin.confidence() - bin.accuracy());
            }
        }
        return new ClassicEce(ece, BINS, n);
    }
}
