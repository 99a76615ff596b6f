package io.calibrisk.estimators.kernel.kde;

import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.data.Points;
import io.calibrisk.api.estimator.CalibrationEstimator;
import io.calibrisk.api.estimator.CalibrationFunction;
import io.calibrisk.api.estimator.EstimatorContext;
import io.calibrisk.api.estimator.FeatureMatrix;
import io.calibrisk.api.estimator.Parallelism;
import io.calibrisk.api.search.Hyperparameters;
import io.calibrisk.estimators.kernel.BetaKernel;
import io.calibrisk.estimators.kernel.DirichletKernel;
import io.calibrisk.testsupport.kernel.LogSpaceKde;

import java.util.Map;

/** Builds {@code kde} the way the pipeline does, and plain arrays for the slow references. */
final class KdeFixture {

    private KdeFixture() {
    }

    static CalibrationEstimator estimator(Notion notion, int classes, Parallelism parallelism) {
        EstimatorContext context = new EstimatorContext(notion, classes, Map.of(),
                Map.of("dirichlet", new DirichletKernel(), "beta", new BetaKernel()), parallelism);
        return new KdeProvider().create(context);
    }

    static CalibrationFunction fit(Notion notion, int classes, CalibrationSet training, double bandwidth) {
        return estimator(notion, classes, Parallelism.sequential()).prepare(training).fit(bandwidth(bandwidth));
    }

    static Hyperparameters bandwidth(double value) {
        return Hyperparameters.of(Map.of("bandwidth", value));
    }

    static FeatureMatrix features(CalibrationFunction h, Points points) {
        return h.bilinearForm().orElseThrow().features(points);
    }

    static double[][] rows(Points points) {
        double[][] out = new double[points.size()][];
        for (int i = 0; i < out.length; i++) {
            out[i] = points.row(i);
        }
        return out;
    }

    /** The log kernel of the notion's space: Dirichlet for canonical, Beta for scalar points. */
    static LogSpaceKde.LogKernel logKernel(boolean canonical, double bandwidth) {
        if (canonical) {
            DirichletKernel kernel = new DirichletKernel();
            return (c, x) -> kernel.logValue(c, x, bandwidth);
        }
        BetaKernel kernel = new BetaKernel();
        return (c, x) -> kernel.logValue(c, x, bandwidth);
    }

    static CalibrationSet set(double[][] points, double[][] targets) {
        return new CalibrationSet(Points.ofRows(points), Points.ofRows(targets));
    }
}
