package io.calibrisk.testsupport.conformance;

import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.estimator.EstimatorContext;
import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.api.estimator.MemoryNeed;
import io.calibrisk.api.estimator.TrainingFold;
import io.calibrisk.api.setting.Setting;
import io.calibrisk.api.setting.ValueType;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;


/**
 * The estimator kit passes a correct estimator and fails each broken one on the check meant to
 * catch it, with a message that says what failed.
 */
class EstimatorConformanceSelfTest {

    private static EstimatorConformance kit(EstimatorProvider provider) {
        return new EstimatorConformance() {
            @Override
            protected EstimatorProvider provider() {
                return provider;
            }

            @Override
            protected int examples() {
                return 4;
            }

            @Override
            protected int parallelSamples() {
                return 80;
            }
        };
    }

    private static void fails(EstimatorProvider provider, Consumer<EstimatorConformance> check, String... expected) {
        EstimatorConformance kit = kit(provider);
        KitFailures.assertFails(() -> check.accept(kit), expected);
    }

    @Test
    void aCorrectEstimatorPassesEveryCheck() {
        EstimatorConformance kit = kit(new ToyEstimator());
        kit.describesItself();
        kit.functionIsSymmetric();
        kit.bilinearFormEqualsFunction();
        kit.bilinearRiskEqualsPairwiseRisk();
        kit.resultsDoNotDependOnThreadsOrCache();
        kit.aPartitionChangesNothingButRounding();
        kit.finiteOnAwkwardInputs();
        kit.settingsAreTypedAndChecked();
        kit.memoryNeedIsSane();
    }

    @Test
    void anAsymmetricFunctionFails() {
        fails(new ToyEstimator() {
            @Override
            double value(double s, double[] z, double[] zPrime, double[] mean, double shift) {
                return super.value(s, z, zPrime, mean, shift) * (1 + z[0]);
            }
        }, EstimatorConformance::functionIsSymmetric, "h is not symmetric", "Dataset[");
    }

    @Test
    void aBilinearFormThatIsNotTheFunctionFails() {
        ToyEstimator wrongMatrix = new ToyEstimator() {
            @Override
            double formMatrix(double s) {
                return 2 * s;
            }
        };
        fails(wrongMatrix, EstimatorConformance::bilinearFormEqualsFunction, "the bilinear form differs from h");
        fails(wrongMatrix, EstimatorConformance::bilinearRiskEqualsPairwiseRisk, "differs from the plain U-statistic");
    }

    @Test
    void resultsThatDependOnTheOrderOfTasksFail() {
        fails(new ToyEstimator() {
            @Override
            double shift(EstimatorContext context) {
                AtomicInteger first = new AtomicInteger(-1);
                context.parallelism().forEach(64, i -> first.compareAndSet(-1, i));
                return first.get() * 1e-3;
            }
        }, EstimatorConformance::resultsDoNotDependOnThreadsOrCache, "a pool of 4 threads");
    }

    @Test
    void anEstimatorThatFitsOnlyTheFirstFoldOfItsPartitionFails() {
        fails(new ToyEstimator() {
            @Override
            double[] trainingMean(EstimatorContext context, TrainingFold fold) {
                if (fold.partition() == null) {
                    return mean(fold);
                }
                int[] foldOf = fold.partition().foldOf();
                int[] first = java.util.stream.IntStream.range(0, foldOf.length).filter(i -> foldOf[i] == foldOf[0])
                        .toArray();
                return mean(new TrainingFold(fold.id(), fold.data().select(first), fold.planned()));
            }
        }, EstimatorConformance::aPartitionChangesNothingButRounding, "with a partition, output");
    }

    @Test
    void aRunCacheKeyWithoutTheFoldFails() {
        fails(new ToyEstimator() {
            @Override
            double[] trainingMean(EstimatorContext context, TrainingFold fold) {
                return context.cache().computeIfAbsent("mean", double[].class, () -> mean(fold));
            }
        }, EstimatorConformance::resultsDoNotDependOnThreadsOrCache, "a run cache that already holds fold 1");
    }

    @Test
    void aFunctionThatIsInfiniteAtZeroFails() {
        fails(new ToyEstimator() {
            @Override
            double g(double[] z, double[] mean, double shift) {
                return Math.log(z[0]);
            }
        }, EstimatorConformance::finiteOnAwkwardInputs, "h([0.0], [0.0]) = Infinity", "Dataset[");
    }

    @Test
    void anEstimatorThatRefusesAValueOfItsDeclaredDomainFails() {
        fails(new ToyEstimator() {
            @Override
            public List<Setting> settings(Notion notion) {
                return List.of(new Setting("alpha", ValueType.positive(), "1", "a positive number"));
            }

            @Override
            double shift(EstimatorContext context) {
                double alpha = context.settings().real("alpha");
                if (alpha > 10) {
                    throw InvalidSettingException.of("toy.alpha", alpha, "must be at most 10");
                }
                return 0;
            }
        }, EstimatorConformance::settingsAreTypedAndChecked, "refused valid input", "toy.alpha = 1000");
    }

    @Test
    void anEstimatorThatReadsAnUndeclaredSettingFails() {
        fails(new ToyEstimator() {
            @Override
            double shift(EstimatorContext context) {
                return context.settings().real("alpha");
            }
        }, EstimatorConformance::functionIsSymmetric, "alpha", "was not declared");
    }

    @Test
    void aMemoryNeedThatFallsAsTheDataGrowFails() {
        fails(new ToyEstimator() {
            @Override
            MemoryNeed memoryNeed(int trainingSize, int querySize) {
                return new MemoryNeed(1_000_000_000L / trainingSize, "");
            }
        }, EstimatorConformance::memoryNeedIsSane, "memoryNeed falls");
        fails(new ToyEstimator() {
            @Override
            MemoryNeed memoryNeed(int trainingSize, int querySize) {
                return new MemoryNeed(8L * trainingSize * trainingSize * querySize, "");  // overflows
            }
        }, EstimatorConformance::memoryNeedIsSane, "memoryNeed");
    }

    @Test
    void namesAndDescriptionsAreChecked() {
        fails(new ToyEstimator() {
            @Override
            public String name() {
                return "Toy_Estimator";
            }
        }, EstimatorConformance::describesItself, "breaks the naming rule");
        fails(new ToyEstimator() {
            @Override
            public String description() {
                return "draws from java.util.SplittableRandom";
            }
        }, EstimatorConformance::describesItself, "java.util.SplittableRandom");
    }
}
