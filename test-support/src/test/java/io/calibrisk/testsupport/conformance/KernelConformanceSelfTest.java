package io.calibrisk.testsupport.conformance;

import io.calibrisk.api.kernel.DensityKernel;
import io.calibrisk.api.kernel.KernelDomain;
import io.calibrisk.api.kernel.PositiveDefiniteKernel;
import org.hipparchus.special.Gamma;
import org.junit.jupiter.api.Test;

import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Consumer;


/** The kernel kits pass correct kernels and fail each broken one, saying what failed. */
class KernelConformanceSelfTest {

    /** Beta(x; c/b + 1, (1 − c)/b + 1), written here from its formula, with its exponential form. */
    static class Beta implements DensityKernel {
        @Override
        public String name() {
            return "test-beta";
        }

        @Override
        public String description() {
            return "Beta density kernel";
        }

        @Override
        public KernelDomain domain() {
            return KernelDomain.UNIT_INTERVAL;
        }

        @Override
        public double logDensity(double[] c, double[] x, double b) {
            double p = c[0] / b + 1;
            double q = (1 - c[0]) / b + 1;
            return term(c[0] / b, x[0]) + term((1 - c[0]) / b, 1 - x[0]) - logNormaliser(p, q);
        }

        double logNormaliser(double p, double q) {
            return Gamma.logGamma(p) + Gamma.logGamma(q) - Gamma.logGamma(p + q);
        }

        private static double term(double weight, double x) {
            return weight == 0 ? 0 : weight * Math.log(x);
        }

        @Override
        public Optional<ExponentialForm> exponentialForm() {
            return Optional.of(new ExponentialForm() {
                @Override
                public int statistics(int dimension) {
                    return 2;
                }

                @Override
                public void centreStatistics(double[] c, double[] out) {
                    out[0] = c[0];
                    out[1] = 1 - c[0];
                }

                @Override
                public void pointStatistics(double[] x, double[] out) {
                    out[0] = Math.log(x[0]);
                    out[1] = Math.log(1 - x[0]);
                }

                @Override
                public double logNormaliser(double[] c, double b) {
                    return Beta.this.logNormaliser(c[0] / b + 1, (1 - c[0]) / b + 1);
                }
            });
        }
    }

    /** exp(−γ‖x − y‖²). */
    static class Rbf implements PositiveDefiniteKernel {
        @Override
        public String name() {
            return "test-rbf";
        }

        @Override
        public String description() {
            return "Gaussian kernel";
        }

        @Override
        public String parameterName() {
            return "gamma";
        }

        @Override
        public double value(double[] x, double[] y, double gamma) {
            double sq = 0;
            for (int k = 0; k < x.length; k++) {
                sq += (x[k] - y[k]) * (x[k] - y[k]);
            }
            return Math.exp(-gamma * sq);
        }
    }

    private static DensityKernelConformance densityKit(DensityKernel kernel) {
        return new DensityKernelConformance() {
            @Override
            protected DensityKernel kernel() {
                return kernel;
            }
        };
    }

    private static PositiveDefiniteKernelConformance positiveDefiniteKit(PositiveDefiniteKernel kernel) {
        return new PositiveDefiniteKernelConformance() {
            @Override
            protected PositiveDefiniteKernel kernel() {
                return kernel;
            }
        };
    }

    private static <K> void fails(K kit, Consumer<K> check, String... expected) {
        KitFailures.assertFails(() -> check.accept(kit), expected);
    }

    @Test
    void aCorrectDensityKernelPassesEveryCheck() {
        DensityKernelConformance kit = densityKit(new Beta());
        kit.describesItself();
        kit.integratesToOne();
        kit.neverNaN();
        kit.exponentialFormAgreesWithLogDensity();
    }

    @Test
    void aDensityThatLeaksMassFails() {
        // a Gaussian centred at c, not reflected: mass beyond 0 and 1 is lost
        fails(densityKit(new Beta() {
            @Override
            public double logDensity(double[] c, double[] x, double b) {
                double z = (x[0] - c[0]) / b;
                return -0.5 * z * z - Math.log(b * Math.sqrt(2 * Math.PI));
            }

            @Override
            public Optional<ExponentialForm> exponentialForm() {
                return Optional.empty();
            }
        }), DensityKernelConformance::integratesToOne, "integrates to", "not 1");
    }

    @Test
    void aDensityThatIsNaNAtTheBoundaryFails() {
        fails(densityKit(new Beta() {
            @Override
            public double logDensity(double[] c, double[] x, double b) {
                return c[0] / b * Math.log(x[0]) + super.logDensity(c, x, b) * 0;
            }
        }), DensityKernelConformance::neverNaN, "is NaN");
    }

    @Test
    void anExponentialFormThatDisagreesFails() {
        // the density moves with the centre in a way the form's A(c, b) does not
        fails(densityKit(new Beta() {
            @Override
            public double logDensity(double[] c, double[] x, double b) {
                return super.logDensity(c, x, b) + (c[0] > 0.5 ? 1e-3 : 0);
            }
        }), DensityKernelConformance::exponentialFormAgreesWithLogDensity, "must depend on x alone");
    }

    @Test
    void aCorrectPositiveDefiniteKernelPassesEveryCheck() {
        PositiveDefiniteKernelConformance kit = positiveDefiniteKit(new Rbf() {
            @Override
            public OptionalLong rankBound(int dimension, double gamma, double tolerance) {
                return OptionalLong.of(60);
            }
        });
        kit.describesItself();
        kit.gramMatricesArePositiveSemiDefinite();
        kit.rankBoundHolds();
    }

    @Test
    void aKernelThatIsNotPositiveSemiDefiniteFails() {
        fails(positiveDefiniteKit(new Rbf() {
            @Override
            public double value(double[] x, double[] y, double gamma) {
                double sq = 0;
                for (int k = 0; k < x.length; k++) {
                    sq += (x[k] - y[k]) * (x[k] - y[k]);
                }
                return 1 - gamma * Math.sqrt(sq);
            }
        }), PositiveDefiniteKernelConformance::gramMatricesArePositiveSemiDefinite, "not positive semi-definite");
    }

    @Test
    void anAsymmetricKernelFails() {
        fails(positiveDefiniteKit(new Rbf() {
            @Override
            public double value(double[] x, double[] y, double gamma) {
                return super.value(x, y, gamma) * (1 + 1e-9 * x[0]);
            }
        }), PositiveDefiniteKernelConformance::gramMatricesArePositiveSemiDefinite, "is not symmetric");
    }

    @Test
    void aRankBoundThatIsTooLowFails() {
        fails(positiveDefiniteKit(new Rbf() {
            @Override
            public OptionalLong rankBound(int dimension, double gamma, double tolerance) {
                return OptionalLong.of(1);
            }
        }), PositiveDefiniteKernelConformance::rankBoundHolds, "beyond that rank");
    }
}
