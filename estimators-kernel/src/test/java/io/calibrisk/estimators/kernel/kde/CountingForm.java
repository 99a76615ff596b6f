package io.calibrisk.estimators.kernel.kde;

import io.calibrisk.api.kernel.DensityKernel;

import java.util.ArrayList;
import java.util.List;

/**
 * Another kernel's exponential form that counts its evaluations: how kde's caches of constants
 * and memos of queries are seen to save work (the values are the wrapped form's, bit for bit).
 */
final class CountingForm implements DensityKernel.ExponentialForm {
    private final DensityKernel.ExponentialForm form;
    /** The centres whose log normaliser was computed, in order. */
    final List<double[]> normalised = new ArrayList<>();
    int points;

    CountingForm(DensityKernel kernel) {
        this.form = kernel.exponentialForm().orElseThrow();
    }

    /** @return the wrapped kernel with this form */
    DensityKernel kernel(DensityKernel kernel) {
        return KdeFixture.withForm(kernel, this);
    }

    @Override
    public int statistics(int dimension) {
        return form.statistics(dimension);
    }

    @Override
    public void centreStatistics(double[] centre, double[] out) {
        form.centreStatistics(centre, out);
    }

    @Override
    public synchronized void pointStatistics(double[] x, double[] out) {
        points++;
        form.pointStatistics(x, out);
    }

    @Override
    public synchronized double logNormaliser(double[] centre, double bandwidth) {
        normalised.add(centre.clone());
        return form.logNormaliser(centre, bandwidth);
    }
}
