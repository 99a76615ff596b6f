package io.calibrisk.estimators.binning;

import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.estimator.CalibrationEstimator;
import io.calibrisk.api.estimator.EstimatorContext;
import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.api.search.Axis;
import io.calibrisk.api.search.SearchSpace;
import io.calibrisk.api.setting.ValueType;

import java.util.EnumSet;
import java.util.Set;

/**
 * What the binning estimators share: the scalar notions they serve, the hyperparameter
 * {@code bins}, and fitting by {@link BinnedCalibration}. Subclasses say where the edges go.
 */
abstract class BinningProvider implements EstimatorProvider {
    /** The name of the hyperparameter: the number of bins M. */
    static final String BINS = "bins";
    /** The tuned grid {5, 10, …, 90}. */
    static final double[] TUNED_BINS = {5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70, 75, 80, 85, 90};

    /** The domain of the number of bins: at most a million, so that the bins' arrays stay small. */
    static final ValueType.IntegerRange BIN_COUNTS = ValueType.integer(1, 1_000_000);

    @Override
    public Set<Notion> notions() {
        return EnumSet.of(Notion.TOP_LABEL, Notion.CLASS_WISE);
    }

    @Override
    public SearchSpace defaultSearchSpace(Notion notion) {
        return SearchSpace.of(binsAxis(TUNED_BINS));
    }

    /**
     * @param values numbers of bins
     * @return the axis {@code bins} over them, integers from 1, searched on a linear scale
     */
    static Axis binsAxis(double... values) {
        return Axis.list(BINS, values).withDomain(BIN_COUNTS);
    }

    @Override
    public CalibrationEstimator create(EstimatorContext context) {
        return fold -> {
            CalibrationSet training = fold.data();
            if (training.dimension() != 1) {
                throw InvalidSettingException.of(name() + " point dimension", training.dimension(),
                        "binning needs scalar points (top-label or class-wise)");
            }
            double[] z = training.points().toArray();
            double[] t = training.targets().toArray();
            PreparedBins prepared = prepare(z, t);
            double fallback = BinnedCalibration.emptyBinGap(z, t);
            return hyperparameters -> {
                double[] edges = prepared.innerEdges(bins(hyperparameters.value(BINS)));
                BinLookup lookup = new BinLookup(edges);
                return BinnedCalibration.fit(edges, lookup, prepared.trainingBins(edges, lookup), z, t, fallback,
                        prepared.queryOrders());
            };
        };
    }

    /** The fold's data, arranged once for every grid point. */
    interface PreparedBins {
        /**
         * @param bins the number of bins M
         * @return the inner edges e_1..e_{M−1}
         */
        double[] innerEdges(int bins);

        /**
         * @param innerEdges the edges of {@link #innerEdges}
         * @param lookup     their lookup
         * @return the bin of every training point, in the training order
         */
        int[] trainingBins(double[] innerEdges, BinLookup lookup);

        /**
         * @return the fold's {@link QueryOrders}, where edges crowd into the lookup's buckets;
         *     null (the default) where the lookup is O(1) per point
         */
        default QueryOrders queryOrders() {
            return null;
        }
    }

    /**
     * @param z training points
     * @param t training targets
     * @return the preparation
     */
    abstract PreparedBins prepare(double[] z, double[] t);

    /** The axis's domain again: calibrisk checks it before any work, this guards direct callers. */
    private int bins(double value) {
        return (int) BIN_COUNTS.check(name() + "." + BINS, value);
    }
}
