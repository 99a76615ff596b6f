package com.example.platt;

import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.data.Points;
import io.calibrisk.api.estimator.BilinearForm;
import io.calibrisk.api.estimator.CalibrationEstimator;
import io.calibrisk.api.estimator.CalibrationFunction;
import io.calibrisk.api.estimator.EstimatorContext;
import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.api.estimator.FeatureMatrix;
import io.calibrisk.api.estimator.PreparedTraining;
import io.calibrisk.api.search.Axis;
import io.calibrisk.api.search.SearchSpace;
import io.calibrisk.api.setting.ValueType;

import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * {@code platt}: a plug-in estimator from Platt scaling. On the training points it fits
 * {@code t̂(z) = σ(a·logit(z) + b)} by penalised maximum likelihood (penalty λ·a², λ tuned),
 * then {@code h(z, z') = (z − t̂(z))(z' − t̂(z'))}: bilinear with q = 1.
 *
 * <p>Reference: Platt (1999), Probabilistic outputs for support vector machines. Cost: a few
 * Newton steps of O(n) each per grid point; O(1) per evaluated point.
 */
public class PlattProvider implements EstimatorProvider {

    @Override
    public String name() {
        return "platt";
    }

    @Override
    public String description() {
        return "plug-in estimator from Platt scaling, t(z) = sigmoid(a logit z + b) (example plugin)";
    }

    @Override
    public Set<Notion> notions() {
        return EnumSet.of(Notion.TOP_LABEL, Notion.CLASS_WISE);
    }

    /**
     * The penalty λ, tuned over {0, 0.01, 1, 100}. Its domain, λ ≥ 0, is how the plugin refuses a
     * bad value: calibrisk checks every {@code --grid platt.lambda=...} value against it before
     * any work, so the fit never sees a negative λ. The log scale tells a search strategy to
     * step by factors (0 stays where it is).
     */
    @Override
    public SearchSpace defaultSearchSpace(Notion notion) {
        return SearchSpace.of(Axis.list("lambda", 0, 0.01, 1, 100).withDomain(ValueType.nonNegative())
                .withScale(Axis.Scale.LOG));
    }

    @Override
    public CalibrationEstimator create(EstimatorContext context) {
        return fold -> prepare(fold.data());
    }

    /** The logits of the training points, computed once per fold and reused for every λ. */
    private PreparedTraining prepare(CalibrationSet training) {
        int n = training.size();
        double[] x = new double[n];
        double[] t = training.targets().toArray();
        for (int i = 0; i < n; i++) {
            x[i] = logit(training.points().get(i, 0));
        }
        return hyperparameters -> {
            double[] ab = fit(x, t, hyperparameters.value("lambda"));
            return new Platt(ab[0], ab[1]);
        };
    }

    /** Newton's method on the penalised log-likelihood of (a, b), from a = 1, b = 0 (the identity map). */
    private static double[] fit(double[] x, double[] t, double lambda) {
        double a = 1;
        double b = 0;
        for (int iteration = 0; iteration < 50; iteration++) {
            double ga = 2 * lambda * a;
            double gb = 0;
            double haa = 2 * lambda + 1e-12;
            double hab = 0;
            double hbb = 1e-12;
            for (int i = 0; i < x.length; i++) {
                double p = sigmoid(a * x[i] + b);
                double w = p * (1 - p);
                ga += (p - t[i]) * x[i];
                gb += p - t[i];
                haa += w * x[i] * x[i];
                hab += w * x[i];
                hbb += w;
            }
            double det = haa * hbb - hab * hab;
            double da = (hbb * ga - hab * gb) / det;
            double db = (haa * gb - hab * ga) / det;
            a -= da;
            b -= db;
            if (Math.abs(da) + Math.abs(db) < 1e-12) {
                break;
            }
        }
        return new double[] {a, b};
    }

    static double logit(double z) {
        double clipped = Math.min(1 - 1e-12, Math.max(1e-12, z));
        return Math.log(clipped) - Math.log1p(-clipped);
    }

    static double sigmoid(double v) {
        return v >= 0 ? 1 / (1 + Math.exp(-v)) : Math.exp(v) / (1 + Math.exp(v));
    }

    /** The fitted function: φ(z) = z − σ(a·logit(z) + b). */
    private static final class Platt implements CalibrationFunction {
        private final double a;
        private final double b;

        Platt(double a, double b) {
            this.a = a;
            this.b = b;
        }

        double recalibrated(double z) {
            return sigmoid(a * logit(z) + b);
        }

        @Override
        public int dimension() {
            return 1;
        }

        @Override
        public double value(double[] z, double[] zPrime) {
            return (z[0] - recalibrated(z[0])) * (zPrime[0] - recalibrated(zPrime[0]));
        }

        @Override
        public Optional<BilinearForm> bilinearForm() {
            return Optional.of(BilinearForm.identity(1, points -> {
                double[] phi = new double[points.size()];
                for (int i = 0; i < phi.length; i++) {
                    double z = points.get(i, 0);
                    phi[i] = z - recalibrated(z);
                }
                return FeatureMatrix.of(phi.length, 1, phi);
            }));
        }

        @Override
        public Optional<Points> calibrationCurve(Points points) {
            double[] out = new double[points.size()];
            for (int i = 0; i < out.length; i++) {
                out[i] = recalibrated(points.get(i, 0));
            }
            return Optional.of(Points.of(out.length, 1, out));
        }
    }
}
