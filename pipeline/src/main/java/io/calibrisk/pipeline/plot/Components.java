package io.calibrisk.pipeline.plot;

import io.calibrisk.api.data.Notion;
import io.calibrisk.pipeline.data.Predictions;

/**
 * The predicted probabilities that a notion puts on the z axis: the largest probability of
 * each row for top-label calibration, every {@code p_ik} otherwise. Gives the histogram and
 * the range of the data for each curve.
 */
final class Components {
    final String description;
    final double[][] ranges;
    private final Notion notion;
    private final Predictions predictions;

    private Components(Notion notion, Predictions predictions, String description, double[][] ranges) {
        this.notion = notion;
        this.predictions = predictions;
        this.description = description;
        this.ranges = ranges;
    }

    /**
     * @param notion      the notion
     * @param predictions the predictions
     * @return the notion's view of them
     */
    static Components of(Notion notion, Predictions predictions) {
        int n = predictions.size();
        int d = predictions.classes();
        if (notion == Notion.TOP_LABEL) {
            double lo = 1;
            double hi = 0;
            for (int i = 0; i < n; i++) {
                double top = top(predictions, i);
                lo = Math.min(lo, top);
                hi = Math.max(hi, top);
            }
            return new Components(notion, predictions, "largest probability of each of the " + n + " samples",
                    new double[][] {{lo, hi}});
        }
        double[][] ranges = new double[d][];
        for (int k = 0; k < d; k++) {
            double lo = 1;
            double hi = 0;
            for (int i = 0; i < n; i++) {
                lo = Math.min(lo, predictions.get(i, k));
                hi = Math.max(hi, predictions.get(i, k));
            }
            ranges[k] = new double[] {lo, hi};
        }
        return new Components(notion, predictions, "all " + (long) n * d + " probabilities p\u1d62\u2096 (" + n + " samples × "
                + d + " classes)", ranges);
    }

    /**
     * @param component a component, or −1 for all
     * @return the smallest and largest value of z for it
     */
    double[] range(int component) {
        if (component >= 0) {
            return ranges[component].clone();
        }
        double lo = 1;
        double hi = 0;
        for (double[] r : ranges) {
            lo = Math.min(lo, r[0]);
            hi = Math.max(hi, r[1]);
        }
        return new double[] {lo, hi};
    }

    /**
     * @param bins the number of equal-width bins over [0, 1]
     * @return how many values fall in each
     */
    int[] histogram(int bins) {
        int[] counts = new int[bins];
        int n = predictions.size();
        if (notion == Notion.TOP_LABEL) {
            for (int i = 0; i < n; i++) {
                counts[bin(top(predictions, i), bins)]++;
            }
            return counts;
        }
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < predictions.classes(); k++) {
                counts[bin(predictions.get(i, k), bins)]++;
            }
        }
        return counts;
    }

    /**
     * @param z    a probability
     * @param bins the number of equal-width bins over [0, 1]
     * @return its bin; 1 falls in the last one
     */
    static int bin(double z, int bins) {
        return Math.max(0, Math.min(bins - 1, (int) Math.floor(z * bins)));
    }

    private static double top(Predictions predictions, int i) {
        double top = predictions.get(i, 0);
        for (int k = 1; k < predictions.classes(); k++) {
            top = Math.max(top, predictions.get(i, k));
        }
        return top;
    }
}
