package io.calibrisk.pipeline.plot;

import io.calibrisk.api.data.Notion;
import io.calibrisk.pipeline.data.Predictions;

/**
 * The predicted probabilities that a notion puts on the z axis: the largest probability of
 * each row for top-label calibration (at least 1/d), every {@code p_ik} of class k otherwise.
 * Gives each panel's histogram and the range of its data.
 */
final class Components {
    private final Notion notion;
    private final Predictions predictions;

    private Components(Notion notion, Predictions predictions) {
        this.notion = notion;
        this.predictions = predictions;
    }

    /**
     * @param notion      the notion
     * @param predictions the predictions
     * @return the notion's view of them
     */
    static Components of(Notion notion, Predictions predictions) {
        return new Components(notion, predictions);
    }

    /** @return the smallest value z can take: 1/d for top-label confidences, 0 otherwise */
    double axisLo() {
        return notion == Notion.TOP_LABEL ? 1.0 / predictions.classes() : 0;
    }

    /** @return the number of panels: one for top-label calibration, one per class otherwise */
    int count() {
        return notion == Notion.TOP_LABEL ? 1 : predictions.classes();
    }

    /**
     * @param component a panel
     * @return the smallest and largest value of z in it
     */
    double[] range(int component) {
        double lo = 1;
        double hi = 0;
        for (int i = 0; i < predictions.size(); i++) {
            double z = value(i, component);
            lo = Math.min(lo, z);
            hi = Math.max(hi, z);
        }
        return new double[] {lo, hi};
    }

    /**
     * @param component a panel
     * @param bins      the number of equal-width bins over [{@link #axisLo()}, 1]
     * @return how many values fall in each
     */
    int[] histogram(int component, int bins) {
        int[] counts = new int[bins];
        for (int i = 0; i < predictions.size(); i++) {
            counts[bin(value(i, component), axisLo(), bins)]++;
        }
        return counts;
    }

    /** @return what the histograms count, for the legend */
    String description() {
        int n = predictions.size();
        return notion == Notion.TOP_LABEL ? "largest probability of each of the " + n + " samples"
                : "p\u1d62\u2096 of each class over the " + n + " samples";
    }

    /**
     * @param z    a value in [lo, 1]
     * @param lo   the axis's start
     * @param bins the number of equal-width bins over [lo, 1]
     * @return its bin; 1 falls in the last one
     */
    static int bin(double z, double lo, int bins) {
        return Math.max(0, Math.min(bins - 1, (int) Math.floor((z - lo) / (1 - lo) * bins)));
    }

    private double value(int i, int component) {
        if (notion != Notion.TOP_LABEL) {
            return predictions.get(i, component);
        }
        double top = predictions.get(i, 0);
        for (int k = 1; k < predictions.classes(); k++) {
            top = Math.max(top, predictions.get(i, k));
        }
        return top;
    }
}
