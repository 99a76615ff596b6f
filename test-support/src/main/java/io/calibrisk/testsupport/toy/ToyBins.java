package io.calibrisk.testsupport.toy;

import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.data.Points;
import io.calibrisk.api.estimator.BilinearForm;
import io.calibrisk.api.estimator.CalibrationEstimator;
import io.calibrisk.api.estimator.CalibrationFunction;
import io.calibrisk.api.estimator.EstimatorContext;
import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.api.estimator.FeatureMatrix;
import io.calibrisk.api.search.Axis;
import io.calibrisk.api.search.SearchSpace;
import io.calibrisk.api.setting.Setting;
import io.calibrisk.api.setting.ValueType;
import io.calibrisk.testsupport.ReferenceBinning;

import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code toy-bins}: equal-width binning, {@code h(z, z') = g(z)·g(z')} with
 * {@code g(z) = conf_b − acc_b} for the bin b of z (docs/method.md; Gruber and Bach,
 * TMLR 2025, section 4). Bins and gaps come from {@link ReferenceBinning}, so a test can
 * recompute any value of the pipeline independently. A bin empty in training uses the global
 * means, or a gap of zero with {@code toy-bins.empty=zero}.
 *
 * <p>Axis {@code bins}: integers from 1 to 10000 on a linear scale, default {2, 4, 6}. Bilinear
 * form φ(z) = g(z), M = 1. Cost: O(n·M) to prepare a fold at M bins (the reference scan),
 * O(M) per point.
 */
public final class ToyBins implements EstimatorProvider {
    /** The estimator's name. */
    public static final String NAME = "toy-bins";
    /** The axis: the number of bins M. */
    public static final String BINS = "bins";
    /** The domain of {@link #BINS}. */
    public static final ValueType.IntegerRange BIN_COUNTS = ValueType.integer(1, 10_000);

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "equal-width binning for tests, g(z) = conf_b - acc_b";
    }

    @Override
    public Set<Notion> notions() {
        return EnumSet.of(Notion.TOP_LABEL, Notion.CLASS_WISE);
    }

    @Override
    public SearchSpace defaultSearchSpace(Notion notion) {
        return SearchSpace.of(Axis.list(BINS, 2, 4, 6).withDomain(BIN_COUNTS));
    }

    @Override
    public List<Setting> settings(Notion notion) {
        return List.of(new Setting("empty", ValueType.choice("global", "zero"), "global",
                "what a bin empty in training uses: the global means, or a gap of zero"));
    }

    @Override
    public CalibrationEstimator create(EstimatorContext context) {
        boolean zero = context.settings().choice("empty").equals("zero");
        return fold -> {
            CalibrationSet training = fold.data();
            double[] z = training.points().toArray();
            double[] t = training.targets().toArray();
            return point -> fit(z, t, (int) point.value(BINS), zero);
        };
    }

    /**
     * @param z    training points
     * @param t    training targets
     * @param bins M
     * @param zero whether empty bins get a gap of zero instead of the global one
     * @return the binned calibration estimation function
     */
    public static CalibrationFunction fit(double[] z, double[] t, int bins, boolean zero) {
        if (bins < 1) {
            throw InvalidSettingException.of(NAME + "." + BINS, bins, "must be at least 1");
        }
        double[] gaps = ReferenceBinning.gaps(z, t, bins);
        if (zero) {
            boolean[] occupied = new boolean[bins];
            for (double v : z) {
                occupied[ReferenceBinning.bin(v, bins)] = true;
            }
            for (int b = 0; b < bins; b++) {
                gaps[b] = occupied[b] ? gaps[b] : 0;
            }
        }
        return new Binned(gaps);
    }

    /** h(z, z') = g(z)·g(z'), with the binned E[t | z] = z − g(z) as its calibration curve. */
    private static final class Binned implements CalibrationFunction {
        private final double[] gaps;

        Binned(double[] gaps) {
            this.gaps = gaps;
        }

        private double gap(double z) {
            return gaps[ReferenceBinning.bin(z, gaps.length)];
        }

        @Override
        public int dimension() {
            return 1;
        }

        @Override
        public double value(double[] z, double[] zPrime) {
            return gap(z[0]) * gap(zPrime[0]);
        }

        @Override
        public Optional<BilinearForm> bilinearForm() {
            return Optional.of(BilinearForm.identity(1, points -> {
                double[] phi = new double[points.size()];
                for (int i = 0; i < phi.length; i++) {
                    phi[i] = gap(points.get(i, 0));
                }
                return FeatureMatrix.of(phi.length, 1, phi);
            }));
        }

        @Override
        public Optional<Points> calibrationCurve(Points points) {
            double[] out = new double[points.size()];
            for (int i = 0; i < out.length; i++) {
                out[i] = points.get(i, 0) - gap(points.get(i, 0));
            }
            return Optional.of(Points.of(out.length, 1, out));
        }

        /** The inner edges {@code (b + 1)/M} of {@link ReferenceBinning#bin}, so that reports tabulate these bins. */
        @Override
        public Optional<double[]> binEdges() {
            double step = 1.0 / gaps.length;
            double[] inner = new double[gaps.length - 1];
            for (int b = 0; b < inner.length; b++) {
                inner[b] = (b + 1) * step;
            }
            return Optional.of(inner);
        }

        @Override
        public Map<String, Double> diagnostics() {
            return Map.of("bins", (double) gaps.length);
        }
    }
}
