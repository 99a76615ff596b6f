package io.calibrisk.pipeline.evaluation;

import io.calibrisk.api.CalibriskPlugin;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.estimator.BilinearForm;
import io.calibrisk.api.estimator.CalibrationEstimator;
import io.calibrisk.api.estimator.CalibrationFunction;
import io.calibrisk.api.estimator.CoarserApproximation;
import io.calibrisk.api.estimator.EstimatorContext;
import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.api.search.Axis;
import io.calibrisk.api.search.SearchSpace;
import io.calibrisk.pipeline.TestPlugins;
import io.calibrisk.testsupport.TrueCalibration;

import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.function.DoubleUnaryOperator;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Estimators whose risks a test can order: at the point c, {@code h(z, z') = v(c)}, a constant.
 * For a scalar notion the pairwise targets ⟨r_i, r_j⟩ lie in [−1, 1], so the fold risk
 * {@code mean_{i≠j}(⟨r_i, r_j⟩ − v)²} grows with v for v ≥ 1, and equal values give
 * bit-identical risks.
 */
final class ConstantProviders {

    private ConstantProviders() {
    }

    /**
     * @param providers estimators
     * @return a plugin contributing them
     */
    static CalibriskPlugin plugin(EstimatorProvider... providers) {
        return TestPlugins.of("constants", providers);
    }

    /**
     * @param name     the estimator's name
     * @param value    v(c), the constant at the point c
     * @param unstable the points c reported unstable
     * @param values   the axis c, in search order
     * @return the estimator
     */
    static EstimatorProvider of(String name, DoubleUnaryOperator value, Set<Double> unstable, double... values) {
        return of(name, value, unstable, Axis.list("c", values));
    }

    /**
     * @param name     the estimator's name
     * @param value    v(c) of the effective value c
     * @param unstable the effective points c reported unstable
     * @param axis     the axis c
     * @return the estimator
     */
    static EstimatorProvider of(String name, DoubleUnaryOperator value, Set<Double> unstable, Axis axis) {
        return of(name, axis, context -> training -> hp -> constant(training.data().dimension(),
                value.applyAsDouble(hp.value("c")), unstable.contains(hp.value("c"))));
    }

    /**
     * @param name   the estimator's name
     * @param axis   the axis c
     * @param create what makes the estimator for a run
     * @return the estimator, for every notion
     */
    static EstimatorProvider of(String name, Axis axis, Function<EstimatorContext, CalibrationEstimator> create) {
        return new EstimatorProvider() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public String description() {
                return "a constant for tests";
            }

            @Override
            public Set<Notion> notions() {
                return EnumSet.allOf(Notion.class);
            }

            @Override
            public SearchSpace defaultSearchSpace(Notion notion) {
                return SearchSpace.of(axis);
            }

            @Override
            public CalibrationEstimator create(EstimatorContext context) {
                return create.apply(context);
            }
        };
    }

    /**
     * @param dimension m
     * @param v         the constant
     * @param unstable  whether to report the function unstable
     * @return {@code h = v}
     */
    static CalibrationFunction constant(int dimension, double v, boolean unstable) {
        return unstable ? constant(dimension, v, Optional.of("unstable on purpose"), Optional::empty)
                : TrueCalibration.constant(dimension, v);
    }

    /**
     * @param dimension   m
     * @param v           the constant
     * @param instability what {@link CalibrationFunction#instability()} returns
     * @param coarser     what {@link CalibrationFunction#coarserApproximation()} returns, asked each time
     * @return {@code h = v}, with the constant's value and form
     */
    static CalibrationFunction constant(int dimension, double v, Optional<String> instability,
                                        Supplier<Optional<CoarserApproximation>> coarser) {
        CalibrationFunction h = TrueCalibration.constant(dimension, v);
        return new CalibrationFunction() {
            @Override
            public int dimension() {
                return dimension;
            }

            @Override
            public double value(double[] z, double[] zPrime) {
                return v;
            }

            @Override
            public Optional<BilinearForm> bilinearForm() {
                return h.bilinearForm();
            }

            @Override
            public Optional<String> instability() {
                return instability;
            }

            @Override
            public Optional<CoarserApproximation> coarserApproximation() {
                return coarser.get();
            }
        };
    }
}
