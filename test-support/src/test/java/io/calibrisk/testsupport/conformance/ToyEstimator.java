package io.calibrisk.testsupport.conformance;

import io.calibrisk.api.data.Notion;
import io.calibrisk.api.estimator.BilinearForm;
import io.calibrisk.api.estimator.CalibrationEstimator;
import io.calibrisk.api.estimator.CalibrationFunction;
import io.calibrisk.api.estimator.EstimatorContext;
import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.api.estimator.FeatureMatrix;
import io.calibrisk.api.estimator.MemoryNeed;
import io.calibrisk.api.estimator.TrainingFold;
import io.calibrisk.api.search.Axis;
import io.calibrisk.api.search.SearchSpace;
import io.calibrisk.api.setting.ValueType;

import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * A correct estimator for testing the kit, with hooks to break it one way at a time:
 * {@code h(z, z') = s·g(z)·g(z')} with {@code g(z) = Σ_k (z_k − μ_k)}, μ the training mean of z
 * and s the hyperparameter {@code scale}; bilinear with q = 1 and M = [s].
 */
class ToyEstimator implements EstimatorProvider {

    @Override
    public String name() {
        return "toy";
    }

    @Override
    public String description() {
        return "centred products, for testing the kit";
    }

    @Override
    public Set<Notion> notions() {
        return EnumSet.allOf(Notion.class);
    }

    @Override
    public SearchSpace defaultSearchSpace(Notion notion) {
        return SearchSpace.of(Axis.list("scale", 0.5, 2).withDomain(ValueType.positive()).withScale(Axis.Scale.LOG));
    }

    @Override
    public CalibrationEstimator create(EstimatorContext context) {
        return new CalibrationEstimator() {
            @Override
            public io.calibrisk.api.estimator.PreparedTraining prepare(TrainingFold fold) {
                double[] mean = trainingMean(context, fold);
                double shift = shift(context);
                return point -> function(point.value("scale"), mean, shift);
            }

            @Override
            public MemoryNeed memoryNeed(int trainingSize, int querySize, int dimension) {
                return ToyEstimator.this.memoryNeed(trainingSize, querySize);
            }
        };
    }

    /** The training mean of z; a defect may share it wrongly. */
    double[] trainingMean(EstimatorContext context, TrainingFold fold) {
        return mean(fold);
    }

    static double[] mean(TrainingFold fold) {
        int m = fold.data().dimension();
        double[] mean = new double[m];
        for (int i = 0; i < fold.data().size(); i++) {
            for (int k = 0; k < m; k++) {
                mean[k] += fold.data().points().get(i, k) / fold.data().size();
            }
        }
        return mean;
    }

    /** A constant added to g; a defect may make it depend on the run. */
    double shift(EstimatorContext context) {
        return 0;
    }

    MemoryNeed memoryNeed(int trainingSize, int querySize) {
        return new MemoryNeed(8L * (trainingSize + querySize), "");
    }

    double g(double[] z, double[] mean, double shift) {
        double sum = shift;
        for (int k = 0; k < z.length; k++) {
            sum += z[k] - mean[k];
        }
        return sum;
    }

    double value(double s, double[] z, double[] zPrime, double[] mean, double shift) {
        return s * g(z, mean, shift) * g(zPrime, mean, shift);
    }

    double formMatrix(double s) {
        return s;
    }

    CalibrationFunction function(double s, double[] mean, double shift) {
        return new CalibrationFunction() {
            @Override
            public int dimension() {
                return mean.length;
            }

            @Override
            public double value(double[] z, double[] zPrime) {
                return ToyEstimator.this.value(s, z, zPrime, mean, shift);
            }

            @Override
            public Optional<BilinearForm> bilinearForm() {
                return Optional.of(new BilinearForm(1, points -> {
                    double[] phi = new double[points.size()];
                    for (int i = 0; i < phi.length; i++) {
                        phi[i] = g(points.row(i), mean, shift);
                    }
                    return FeatureMatrix.of(phi.length, 1, phi);
                }, new double[] {formMatrix(s)}));
            }
        };
    }
}
