package io.calibrisk.estimators.binning;

import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.data.Points;
import io.calibrisk.api.estimator.CalibrationFunction;
import io.calibrisk.api.estimator.EstimatorContext;
import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.api.estimator.Parallelism;
import io.calibrisk.api.estimator.RunCache;
import io.calibrisk.api.estimator.TrainingFold;
import io.calibrisk.api.search.Hyperparameters;
import io.calibrisk.api.setting.SettingValues;
import io.calibrisk.testsupport.Generators;
import io.calibrisk.testsupport.ReferenceBinning;
import io.calibrisk.testsupport.Seeds;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.quicktheories.generators.SourceDSL.integers;

/**
 * Binning is a function of the training set, not of its order (identity 6 for the estimators,
 * up to the rounding of the bins' means: equal-mass edges are quantiles of the sorted points
 * whatever order they come in); its
 * calibration curve is {@code z − g(z)}; and it refuses vector points.
 */
class BinningOrderAndCurveTest {
    private static final List<EstimatorProvider> PROVIDERS = List.of(new FifteenBins(), new EqualWidthBins(),
            new EqualMassBins());

    private static CalibrationFunction fit(EstimatorProvider provider, Notion notion, CalibrationSet training,
                                           double bins) {
        EstimatorContext context = new EstimatorContext(notion, 3, SettingValues.none(), Parallelism.sequential(),
                RunCache.none());
        return provider.create(context).prepare(TrainingFold.of(training))
                .fit(Hyperparameters.of(Map.of("bins", bins)));
    }

    private static double[] features(CalibrationFunction h, Points points) {
        return h.bilinearForm().orElseThrow().features(points).values();
    }

    @Test
    void reorderingTheTrainingSamplesChangesNothing() {
        Seeds.qt(80).forAll(Generators.datasets(3, 150, 2, 5), integers().between(1, 30)).checkAssert((data, bins) -> {
            CalibrationSet training = data.samples().component(Notion.TOP_LABEL);
            int n = training.size();
            int[] order = new int[n];
            for (int i = 0; i < n; i++) {
                order[i] = i;
            }
            SplittableRandom random = new SplittableRandom(n * 31L + bins);
            for (int i = n - 1; i > 0; i--) {
                int j = random.nextInt(i + 1);
                int swap = order[i];
                order[i] = order[j];
                order[j] = swap;
            }
            Points queries = grid(101);
            for (EstimatorProvider provider : PROVIDERS) {
                double b = provider instanceof FifteenBins ? 15 : bins;
                assertArrayEquals(features(fit(provider, Notion.TOP_LABEL, training, b), queries),
                        features(fit(provider, Notion.TOP_LABEL, training.select(order), b), queries), 1e-14,
                        provider.name() + ", " + data + ", bins " + b);
            }
        });
    }

    /** Equal-mass edges of points given out of order: the quantiles of the sorted points. */
    @Test
    void equalMassBinsSortTheirTrainingPoints() {
        double[] z = {0.3, 0.95, 0.1, 0.8, 0.6, 0.2, 0.9, 0.5, 0.65, 0.7};
        double[] t = {0, 1, 0, 0, 0, 0, 1, 1, 1, 1};
        CalibrationSet training = new CalibrationSet(Points.of(10, 1, z), Points.of(10, 1, t));
        // two bins split at the median 0.625: {0.1, ..., 0.6} and {0.65, ..., 0.95}
        double low = (0.1 + 0.2 + 0.3 + 0.5 + 0.6) / 5 - (0 + 0 + 0 + 1 + 0) / 5.0;
        double high = (0.65 + 0.7 + 0.8 + 0.9 + 0.95) / 5 - (1 + 1 + 0 + 1 + 1) / 5.0;
        double[] expected = {low, low, high, high};
        assertArrayEquals(expected, features(fit(new EqualMassBins(), Notion.TOP_LABEL, training, 2),
                Points.of(4, 1, new double[] {0.05, 0.62, 0.63, 1.0})), 1e-15);
    }

    /** The inner edges a report's per-bin table uses: the median for two equal-mass bins, M − 1 equal steps otherwise. */
    @Test
    void binEdgesAreTheInnerEdgesOfTheFittedBinning() {
        double[] z = {0.3, 0.95, 0.1, 0.8, 0.6, 0.2, 0.9, 0.5, 0.65, 0.7};
        double[] t = {0, 1, 0, 0, 0, 0, 1, 1, 1, 1};
        CalibrationSet training = new CalibrationSet(Points.of(10, 1, z), Points.of(10, 1, t));
        assertArrayEquals(new double[] {0.625}, fit(new EqualMassBins(), Notion.TOP_LABEL, training, 2).binEdges()
                .orElseThrow(), 1e-15);
        assertArrayEquals(new double[] {0.25, 0.5, 0.75}, fit(new EqualWidthBins(), Notion.TOP_LABEL, training, 4)
                .binEdges().orElseThrow(), 1e-15);
    }

    @Test
    void theCalibrationCurveIsZMinusTheGap() {
        Seeds.qt(60).forAll(Generators.datasets(2, 120, 2, 5), integers().between(1, 40)).checkAssert((data, bins) -> {
            CalibrationSet training = data.samples().component(Notion.CLASS_WISE);
            double[] gaps = ReferenceBinning.gaps(training.points().toArray(), training.targets().toArray(), bins);
            Points queries = grid(57);
            Points curve = fit(new EqualWidthBins(), Notion.CLASS_WISE, training, bins).calibrationCurve(queries)
                    .orElseThrow();
            assertEquals(queries.size(), curve.size());
            for (int i = 0; i < queries.size(); i++) {
                double z = queries.get(i, 0);
                assertEquals(z - gaps[ReferenceBinning.bin(z, bins)], curve.get(i, 0), 1e-15, "at " + z);
            }
        });
    }

    @Test
    void vectorPointsAreRefusedWithAPlainMessage() {
        CalibrationSet canonical = new CalibrationSet(Points.of(2, 2, new double[] {0.3, 0.7, 0.6, 0.4}),
                Points.of(2, 2, new double[] {0, 1, 1, 0}));
        for (EstimatorProvider provider : PROVIDERS) {
            InvalidSettingException e = assertThrows(InvalidSettingException.class,
                    () -> fit(provider, Notion.CANONICAL, canonical, 15));
            assertEquals(provider.name() + " point dimension = 2: binning needs scalar points (top-label or "
                    + "class-wise)", e.getMessage());
        }
    }

    /** {@code count} equally spaced points of [0, 1], both ends included. */
    private static Points grid(int count) {
        double[] z = new double[count];
        for (int i = 0; i < count; i++) {
            z[i] = i / (count - 1.0);
        }
        return Points.of(count, 1, z);
    }
}
