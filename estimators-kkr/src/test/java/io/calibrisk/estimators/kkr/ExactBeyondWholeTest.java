package io.calibrisk.estimators.kkr;

import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.estimator.BilinearForm;
import io.calibrisk.api.estimator.CalibrationFunction;
import io.calibrisk.api.estimator.FeatureMatrix;
import io.calibrisk.api.estimator.Parallelism;
import io.calibrisk.estimators.kkr.kernel.RbfKernel;
import io.calibrisk.estimators.kkr.spectrum.ExactFactorisation;
import io.calibrisk.estimators.kkr.spectrum.KernelSpectrum;
import io.calibrisk.estimators.kkr.spectrum.TrainingKernel;
import io.calibrisk.testsupport.ReferenceRisk;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The exact form of more than {@value KroneckerCalibration#WHOLE} modes truncates and
 * compresses M, in the metric of the scales that bound each mode's feature at any point. On 800
 * CIFAR-10 training points (canonical, rbf γ = 1; shared data, skipped when absent), the risk on
 * 200 held-out points and the estimate on 200 others agree with those of M whole (computed here
 * over every mode) to 10⁻⁹ relative at c = 1, 10⁻², 10⁻⁴, 10⁻⁶ and 10⁻⁸ (μ = c·n^1.5, all
 * stable): 1.0e−10 at most.
 * With the scales √λ_i, which bound exact eigenpairs only, they differ by 1.1e−7 at c = 10⁻⁸,
 * where the modes at rounding level looked negligible but their computed features are not.
 * (Slow: the reference risk of 800 features takes a few seconds per point.)
 */
class ExactBeyondWholeTest {
    private static final int N = 800;
    private static final Parallelism POOL = Parallelism.sequential();
    /** Values of c from the default grid, μ = c·n^1.5. */
    private static final double[] CS = {1, 1e-2, 1e-4, 1e-6, 1e-8};

    /** M whole over every mode, M_ij = (w_i·w_j)/(λ_iλ_j + μ), and the features b(z) = Fκ(z), by plain loops. */
    private static BilinearForm whole(KernelSpectrum s, double mu) {
        int r = s.rank();
        int m = s.dimension();
        double[] matrix = new double[r * r];
        for (int i = 0; i < r; i++) {
            for (int k = 0; k < r; k++) {
                double denominator = s.values()[i] * s.values()[k] + mu;
                double product = 0;
                for (int c = 0; c < m; c++) {
                    product += s.weights()[i * m + c] * s.weights()[k * m + c];
                }
                matrix[i * r + k] = denominator > 0 ? product / denominator : 0;
            }
        }
        return new BilinearForm(r, points -> {
            int count = points.size();
            int p = s.basis().rawSize();
            double[] raw = s.basis().raw(TrainingKernel.rows(points));
            double[] b = new double[count * r];
            for (int j = 0; j < count; j++) {
                for (int i = 0; i < r; i++) {
                    double sum = 0;
                    for (int a = 0; a < p; a++) {
                        sum += s.basis().map()[i][a] * raw[a * count + j];
                    }
                    b[j * r + i] = sum;
                }
            }
            return FeatureMatrix.of(count, r, b);
        }, matrix);
    }

    /** The larger relative difference of the risk on the evaluation set and the estimate on the test set. */
    private static double difference(BilinearForm form, BilinearForm reference, CalibrationSet evaluation,
                                     CalibrationSet test) {
        double risk = ReferenceRisk.bilinear(reference, evaluation);
        double estimate = ReferenceRisk.bilinearEstimate(reference, test.points());
        return Math.max(Math.abs(ReferenceRisk.bilinear(form, evaluation) - risk) / Math.abs(risk),
                Math.abs(ReferenceRisk.bilinearEstimate(form, test.points()) - estimate) / Math.abs(estimate));
    }

    @Tag("slow")
    @Test
    void theTruncatedExactFormMatchesMWhole() {
        CalibrationSet all = CifarData.load().slice(0, N + 400).component(Notion.CANONICAL);
        CalibrationSet train = all.select(IntStream.range(0, N).toArray());
        CalibrationSet evaluation = all.select(IntStream.range(N, N + 200).toArray());
        CalibrationSet test = all.select(IntStream.range(N + 200, N + 400).toArray());
        KernelSpectrum s = ExactFactorisation.of(TrainingKernel.of(new RbfKernel(), 1.0, train.points()),
                train.residuals(), POOL);
        assertTrue(s.rank() > KroneckerCalibration.WHOLE, "rank " + s.rank());
        FoldSpectrum fold = new FoldSpectrum(s, POOL);
        double[] root = new double[s.rank()];
        for (int i = 0; i < root.length; i++) {
            root[i] = Math.sqrt(s.values()[i]);
        }
        FoldSpectrum exactPairs = new FoldSpectrum(new KernelSpectrum(s.size(), s.dimension(), s.values(), s.weights(),
                root, s.basis(), s.lambdaMax(), s.truncation(), true), POOL);
        double worstRoot = 0;
        int stable = 0;
        for (double c : CS) {
            double mu = c * Math.pow(N, 1.5);
            CalibrationFunction h = KroneckerCalibration.fit(fold, mu, KroneckerKrr.FEATURE_TRUNCATION,
                    KroneckerKrr.COMPRESSION);
            if (h.instability().isPresent()) {
                continue;
            }
            stable++;
            BilinearForm reference = whole(s, mu);
            double d = difference(h.bilinearForm().orElseThrow(), reference, evaluation, test);
            assertTrue(d < 1e-9, "c = " + c + ": off M whole by " + d);
            double dr = difference(KroneckerCalibration.fit(exactPairs, mu, KroneckerKrr.FEATURE_TRUNCATION,
                    KroneckerKrr.COMPRESSION).bilinearForm().orElseThrow(), reference, evaluation, test);
            worstRoot = Math.max(worstRoot, dr);
        }
        assertEquals(CS.length, stable, "each c is stable here");
        assertTrue(worstRoot > 1e-8, "with scales √λ_i the form is off by only " + worstRoot
                + ", so this test would not see the floor missing");
    }
}
