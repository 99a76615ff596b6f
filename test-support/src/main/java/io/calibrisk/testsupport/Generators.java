package io.calibrisk.testsupport;

import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

import java.util.SplittableRandom;

/**
 * QuickTheories generators of probability rows and labels, including the awkward cases real
 * classifiers produce: exact 0 and 1 probabilities, one-hot rows, ties for the top class,
 * near-uniform rows and near-degenerate rows (1 − 1e−12).
 *
 * <p>A dataset is drawn from a seed and a few small parameters, then built deterministically,
 * so a failing example is reproducible from its description.
 */
public final class Generators {

    private Generators() {
    }

    /** How a row is drawn. */
    public enum RowStyle {
        /** Dirichlet(1) rows: spread over the simplex. */
        SPREAD,
        /** Peaked rows, the shape of a confident classifier's softmax. */
        CONFIDENT,
        /** Rows with some exact zeros. */
        EXACT_ZEROS,
        /** One-hot rows: one exact 1, the rest exact 0. */
        ONE_HOT,
        /** Rows where the two largest entries tie. */
        TIES,
        /** Rows within 1e−9 of uniform. */
        NEAR_UNIFORM,
        /** Rows with one entry 1 − 1e−12 and the rest sharing 1e−12. */
        NEAR_DEGENERATE,
        /** Every style mixed within one dataset. */
        MIXED
    }

    /**
     * A generated dataset.
     *
     * @param samples the probabilities and labels
     * @param style   how the rows were drawn
     * @param seed    the seed they were drawn from
     */
    public record Dataset(Samples samples, RowStyle style, long seed) {
        @Override
        public String toString() {
            return "Dataset[n=" + samples.size() + ", d=" + samples.classes() + ", style=" + style
                    + ", seed=" + seed + "]";
        }
    }

    /**
     * @param minSamples the smallest n
     * @param maxSamples the largest n
     * @param minClasses the smallest d (at least 2)
     * @param maxClasses the largest d
     * @return datasets of every row style
     */
    public static Gen<Dataset> datasets(int minSamples, int maxSamples, int minClasses, int maxClasses) {
        return datasets(minSamples, maxSamples, minClasses, maxClasses, Generate.enumValues(RowStyle.class));
    }

    /**
     * @param minSamples the smallest n
     * @param maxSamples the largest n
     * @param minClasses the smallest d (at least 2)
     * @param maxClasses the largest d
     * @param styles     the row styles to draw from
     * @return datasets
     */
    public static Gen<Dataset> datasets(int minSamples, int maxSamples, int minClasses, int maxClasses,
                                        Gen<RowStyle> styles) {
        return Generate.range(minSamples, maxSamples).zip(Generate.range(minClasses, maxClasses), styles,
                Generate.longRange(Long.MIN_VALUE, Long.MAX_VALUE),
                (n, d, style, seed) -> dataset(n, d, style, seed))
                .describedAs(Dataset::toString);
    }

    /**
     * Builds a dataset deterministically; labels are drawn from the rows themselves (so the
     * predictions are roughly calibrated) or uniformly, depending on the seed.
     *
     * @param n     the number of samples
     * @param d     the number of classes
     * @param style how rows are drawn
     * @param seed  the seed
     * @return the dataset
     */
    public static Dataset dataset(int n, int d, RowStyle style, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] values = new double[n * d];
        int[] labels = new int[n];
        boolean uniformLabels = random.nextInt(4) == 0;
        RowStyle[] styles = RowStyle.values();
        for (int i = 0; i < n; i++) {
            RowStyle rowStyle = style == RowStyle.MIXED ? styles[random.nextInt(styles.length - 1)] : style;
            double[] row = row(random, d, rowStyle);
            System.arraycopy(row, 0, values, i * d, d);
            labels[i] = uniformLabels ? random.nextInt(d) : categorical(random, row);
        }
        return new Dataset(new Samples(d, values, labels), style, seed);
    }

    /**
     * @param random the source of randomness
     * @param d      the number of classes
     * @param style  the row style (not {@link RowStyle#MIXED})
     * @return a probability row that sums to 1 within a few ulps
     */
    public static double[] row(SplittableRandom random, int d, RowStyle style) {
        double[] p = new double[d];
        switch (style) {
            case ONE_HOT:
                p[random.nextInt(d)] = 1.0;
                return p;
            case NEAR_UNIFORM:
                for (int k = 0; k < d; k++) {
                    p[k] = 1.0 / d + (random.nextDouble() - 0.5) * 1e-9;
                }
                return normalise(p);
            case NEAR_DEGENERATE: {
                int top = random.nextInt(d);
                for (int k = 0; k < d; k++) {
                    p[k] = k == top ? 1 - 1e-12 : 1e-12 / (d - 1);
                }
                return p;
            }
            case TIES: {
                for (int k = 0; k < d; k++) {
                    p[k] = random.nextDouble();
                }
                int a = random.nextInt(d);
                int b = (a + 1 + random.nextInt(d - 1)) % d;
                double max = 0;
                for (double v : p) {
                    max = Math.max(max, v);
                }
                p[a] = max;
                p[b] = max;
                return normalise(p);
            }
            case EXACT_ZEROS: {
                int keep = 1 + random.nextInt(Math.max(1, d - 1));
                for (int k = 0; k < d; k++) {
                    p[k] = k < keep ? -Math.log(1 - random.nextDouble()) : 0.0;
                }
                shuffle(random, p);
                return normalise(p);
            }
            case CONFIDENT: {
                for (int k = 0; k < d; k++) {
                    p[k] = 8 * random.nextDouble() * (random.nextInt(3) == 0 ? 2 : 1);
                }
                double max = Double.NEGATIVE_INFINITY;
                for (double v : p) {
                    max = Math.max(max, v);
                }
                for (int k = 0; k < d; k++) {
                    p[k] = Math.exp(p[k] - max);
                }
                return normalise(p);
            }
            default:
                for (int k = 0; k < d; k++) {
                    p[k] = -Math.log(1 - random.nextDouble());
                }
                return normalise(p);
        }
    }

    private static double[] normalise(double[] p) {
        double sum = 0;
        for (double v : p) {
            sum += v;
        }
        for (int k = 0; k < p.length; k++) {
            p[k] /= sum;
        }
        return p;
    }

    private static void shuffle(SplittableRandom random, double[] p) {
        for (int i = p.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            double tmp = p[i];
            p[i] = p[j];
            p[j] = tmp;
        }
    }

    private static int categorical(SplittableRandom random, double[] p) {
        double u = random.nextDouble();
        double cumulative = 0;
        for (int k = 0; k < p.length; k++) {
            cumulative += p[k];
            if (u < cumulative) {
                return k;
            }
        }
        for (int k = p.length - 1; k >= 0; k--) {
            if (p[k] > 0) {
                return k;
            }
        }
        return p.length - 1;
    }
}
