package com.example.reflected;

import io.calibrisk.api.CalibriskPlugin;
import io.calibrisk.api.kernel.DensityKernel;
import io.calibrisk.testsupport.conformance.DensityKernelConformance;
import io.calibrisk.testsupport.conformance.PluginConformance;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** calibrisk's conformance kit, and the kernel's own properties. */
class ReflectedGaussianConformanceTest extends PluginConformance {

    @Override
    protected CalibriskPlugin plugin() {
        return new ReflectedGaussianPlugin();
    }

    @Nested
    class Kernel extends DensityKernelConformance {
        @Override
        protected DensityKernel kernel() {
            return new ReflectedGaussianKernel();
        }

        @Override
        protected double[] bandwidths() {
            // both representations: images below 1/2, cosines from 1/2
            return new double[] {0.02, 0.1, 0.49, 0.5, 2};
        }
    }

    private final ReflectedGaussianKernel kernel = new ReflectedGaussianKernel();

    /** Far from both ends a narrow kernel is the plain normal density. */
    @Test
    void awayFromTheBoundaryItIsTheNormalDensity() {
        double b = 0.01;
        double u = (0.52 - 0.5) / b;
        double normal = Math.exp(-0.5 * u * u) / (b * Math.sqrt(2 * Math.PI));
        assertEquals(Math.log(normal), kernel.logDensity(new double[] {0.5}, new double[] {0.52}, b), 1e-12);
    }

    /** At an end the reflected image doubles the density: k(0; x) = 2 φ_b(x) for narrow b. */
    @Test
    void atAnEndTheMassIsReflected() {
        double b = 0.01;
        double u = 0.015 / b;
        double twice = 2 * Math.exp(-0.5 * u * u) / (b * Math.sqrt(2 * Math.PI));
        assertEquals(Math.log(twice), kernel.logDensity(new double[] {0}, new double[] {0.015}, b), 1e-12);
        assertEquals(Math.log(twice), kernel.logDensity(new double[] {1}, new double[] {1 - 0.015}, b), 1e-12);
    }

    /** The two representations agree where they meet, and the kernel is symmetric in c and x. */
    @Test
    void imagesAndCosinesAgreeAndTheKernelIsSymmetric() {
        for (double c : new double[] {0, 0.1, 0.5, 0.97, 1}) {
            for (double x : new double[] {0, 0.3, 0.8, 1}) {
                double below = kernel.logDensity(new double[] {c}, new double[] {x}, Math.nextDown(0.5));
                double at = kernel.logDensity(new double[] {c}, new double[] {x}, 0.5);
                assertEquals(at, below, 1e-12, "c = " + c + ", x = " + x);
                assertEquals(kernel.logDensity(new double[] {x}, new double[] {c}, 0.1),
                        kernel.logDensity(new double[] {c}, new double[] {x}, 0.1), 1e-12);
            }
        }
    }

    /** A very wide kernel is the uniform density. */
    @Test
    void aWideKernelIsUniform() {
        assertEquals(0, kernel.logDensity(new double[] {0.2}, new double[] {0.9}, 50), 1e-15);
    }
}
