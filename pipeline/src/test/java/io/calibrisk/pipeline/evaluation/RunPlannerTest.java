package io.calibrisk.pipeline.evaluation;

import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.PluginException;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.estimator.CalibrationEstimator;
import io.calibrisk.api.estimator.EstimatorContext;
import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.api.kernel.DensityKernel;
import io.calibrisk.api.kernel.KernelDomain;
import io.calibrisk.api.kernel.PositiveDefiniteKernel;
import io.calibrisk.api.search.Axis;
import io.calibrisk.api.search.SearchSpace;
import io.calibrisk.api.search.SearchStrategy;
import io.calibrisk.api.setting.Setting;
import io.calibrisk.api.setting.SettingValues;
import io.calibrisk.api.setting.ValueType;
import io.calibrisk.pipeline.TestData;
import io.calibrisk.pipeline.search.GridSearch;
import io.calibrisk.pipeline.search.RefineSearch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Every setting, axis and name is checked when the plan is made, with one plain line. */
class RunPlannerTest {
    private static final DensityKernel ON_INTERVAL = density("interval-density", KernelDomain.UNIT_INTERVAL);
    private static final DensityKernel ON_SIMPLEX = density("simplex-density", KernelDomain.SIMPLEX);
    private static final PositiveDefiniteKernel EUCLID = new PositiveDefiniteKernel() {
        @Override
        public String name() {
            return "euclid";
        }

        @Override
        public String description() {
            return "test";
        }

        @Override
        public String parameterName() {
            return "gamma";
        }

        @Override
        public double value(double[] x, double[] y, double parameter) {
            return 1;
        }
    };

    private static DensityKernel density(String name, KernelDomain domain) {
        return new DensityKernel() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public String description() {
                return "test";
            }

            @Override
            public KernelDomain domain() {
                return domain;
            }

            @Override
            public double logDensity(double[] centre, double[] x, double bandwidth) {
                return 0;
            }
        };
    }

    /** A provider with one setting of every type and an integer axis. */
    private static final class Stub implements EstimatorProvider {
        private final String name;

        Stub(String name) {
            this.name = name;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public String description() {
            return "test";
        }

        @Override
        public Set<Notion> notions() {
            return EnumSet.of(Notion.TOP_LABEL, Notion.CANONICAL);
        }

        @Override
        public SearchSpace defaultSearchSpace(Notion notion) {
            return SearchSpace.of(Axis.list("bins", 5, 10).withDomain(ValueType.integer(1, 1_000_000)),
                    Axis.log10("bandwidth", -2, -1, 2));
        }

        @Override
        public List<Setting> settings(Notion notion) {
            return List.of(new Setting("mode", ValueType.choice("fast", "exact"), "fast", ""),
                    new Setting("max-rank", ValueType.integer(1, 1000), "10", ""),
                    new Setting("gamma", ValueType.positive(), "1", ""),
                    new Setting("kernel", ValueType.densityKernel(),
                            notion == Notion.CANONICAL ? "simplex-density" : "interval-density", ""),
                    new Setting("ridge-kernel", ValueType.positiveDefiniteKernel(), "euclid", ""));
        }

        @Override
        public CalibrationEstimator create(EstimatorContext context) {
            throw new UnsupportedOperationException("planning creates nothing");
        }
    }

    private static final RunPlanner PLANNER = new RunPlanner(
            Map.of("stub", new Stub("stub"), "other", new Stub("other")),
            Map.of(ON_INTERVAL.name(), ON_INTERVAL, ON_SIMPLEX.name(), ON_SIMPLEX), Map.of("euclid", EUCLID),
            Map.<String, SearchStrategy>of("grid", new GridSearch(), "refine", new RefineSearch()));

    private static EvaluationSettings.Builder stub() {
        return EvaluationSettings.builder(Notion.TOP_LABEL).estimators(List.of("stub"));
    }

    private static void refused(String message, EvaluationSettings.Builder settings) {
        Executable plan = () -> PLANNER.plan(settings.build());
        InvalidSettingException e = assertThrows(InvalidSettingException.class, plan);
        assertEquals(message, e.getMessage());
        assertFalse(e.getMessage().contains("\n") || TestData.namesAJavaClass(e.getMessage()), e.getMessage());
    }

    @Test
    void settingsAreTypedDefaultedAndKernelsResolved() {
        RunPlan plan = PLANNER.plan(stub().setting("stub", "max-rank", "200").setting("stub", "gamma", "0.5")
                .setting("stub", "mode", "exact").grid("stub", "bins", 3, 7).search("refine").build());
        SettingValues values = plan.estimators().get(0).settings();
        assertEquals("exact", values.choice("mode"));
        assertEquals(200L, values.integer("max-rank"));
        assertEquals(0.5, values.real("gamma"));
        assertSame(ON_INTERVAL, values.densityKernel("kernel"));
        assertSame(EUCLID, values.positiveDefiniteKernel("ridge-kernel"));
        assertArrayEquals(new double[] {3, 7}, plan.estimators().get(0).space().axis("bins").values());
        assertEquals(RefineSearch.NAME, plan.strategy().name());
        RunPlan canonical = PLANNER.plan(EvaluationSettings.builder(Notion.CANONICAL).build());
        assertEquals(List.of("other", "stub"), canonical.names());
        assertSame(ON_SIMPLEX, canonical.estimators().get(1).settings().densityKernel("kernel"));
    }

    @Test
    void badSettingValuesNameTheEstimatorTheSettingTheValueAndTheDomain() {
        refused("stub.mode = slow: must be one of fast, exact", stub().setting("stub", "mode", "slow"));
        refused("stub.max-rank = 2.5: must be an integer from 1 to 1000", stub().setting("stub", "max-rank", "2.5"));
        refused("stub.max-rank = 0: must be an integer from 1 to 1000", stub().setting("stub", "max-rank", "0"));
        refused("stub.gamma = -1: must be a finite number > 0", stub().setting("stub", "gamma", "-1"));
        refused("stub.gamma = infinity: must be a finite number > 0", stub().setting("stub", "gamma", "Infinity"));
        refused("stub.speed = 3: unknown setting; stub has [gamma, kernel, max-rank, mode, ridge-kernel]",
                stub().setting("stub", "speed", "3"));
    }

    @Test
    void kernelsMustExistAndServeTheNotion() {
        refused("stub.kernel = epanechnikov: must be the name of a density kernel plugin; available: interval-density, "
                + "simplex-density", stub().setting("stub", "kernel", "epanechnikov"));
        refused("stub.kernel = simplex-density: is a kernel on the simplex, which does not hold the points of top-label "
                + "calibration", stub().setting("stub", "kernel", "simplex-density"));
        refused("stub.kernel = interval-density: is a kernel on the unit-interval, which does not hold the points of "
                + "canonical calibration", EvaluationSettings.builder(Notion.CANONICAL).estimators(List.of("stub"))
                .setting("stub", "kernel", "interval-density"));
        refused("stub.ridge-kernel = simplex-density: must be the name of a positive-definite kernel plugin; available: "
                + "euclid", stub().setting("stub", "ridge-kernel", "simplex-density"));
    }

    @Test
    void gridValuesAreCheckedAgainstTheAxisDomain() {
        refused("--grid stub.bins = 2.5: must be an integer from 1 to 1000000", stub().grid("stub", "bins", 2.5, 10));
        refused("--grid stub.bins = 0: must be an integer from 1 to 1000000", stub().grid("stub", "bins", 0));
        refused("--grid stub.bandwidth = -0.1: must be a finite number > 0", stub().grid("stub", "bandwidth", 1, -0.1));
        refused("--grid stub.bins = 5,10,5: value 5 appears twice", stub().grid("stub", "bins", 5, 10, 5));
        refused("--grid stub.bins = : needs at least one value", stub().grid("stub", "bins"));
        refused("--grid stub.width = 1: unknown hyperparameter; stub has bins, bandwidth", stub().grid("stub", "width", 1));
    }

    @Test
    void namesAreCheckedBeforeAnyWork() {
        refused("--search = random: must be one of grid, refine", stub().search("random"));
        refused("--grid = other: names an estimator that is not part of this run [stub]", stub().grid("other", "bins", 5));
        refused("setting = other: names an estimator that is not part of this run [stub]",
                stub().setting("other", "mode", "fast"));
        refused("estimators = stub,stub: name 'stub' twice", stub().estimators(List.of("stub", "stub")));
        refused("estimator stub = class-wise: does not serve this notion; it serves [top-label, canonical]",
                stub().notion(Notion.CLASS_WISE));
        PluginException missing = assertThrows(PluginException.class,
                () -> PLANNER.plan(stub().estimators(List.of("nope")).build()));
        assertEquals("estimator 'nope' is not provided by any plugin; available: [other, stub]", missing.getMessage());
        InvalidSettingException none = assertThrows(InvalidSettingException.class, () -> new RunPlanner(
                Map.of("stub", new Stub("stub")), Map.of(), Map.of(), Map.of()).plan(stub().build()));
        assertEquals("--search = grid: no search strategy was discovered", none.getMessage());
    }

    @Test
    void anEstimatorWithoutSettingsAndAnInstallationWithoutEstimatorsSaySo() {
        EstimatorProvider plain = ConstantProviders.of("plain", c -> c, Set.of(), 1, 2);
        Map<String, SearchStrategy> grid = Map.of("grid", new GridSearch());
        EvaluationSettings.Builder speed = EvaluationSettings.builder(Notion.TOP_LABEL).estimators(List.of("plain"))
                .setting("plain", "speed", "3");
        InvalidSettingException unknown = assertThrows(InvalidSettingException.class,
                () -> new RunPlanner(Map.of("plain", plain), Map.of(), Map.of(), grid).plan(speed.build()));
        assertEquals("plain.speed = 3: unknown setting; plain has no settings", unknown.getMessage());
        PluginException missing = assertThrows(PluginException.class,
                () -> new RunPlanner(Map.of(), Map.of(), Map.of(), grid).plan(speed.build()));
        assertEquals("estimator 'plain' is not provided by any plugin; available: none", missing.getMessage());
    }
}
