package io.calibrisk.estimators.kkr;

import io.calibrisk.api.CalibriskPlugin;
import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.data.Points;
import io.calibrisk.api.estimator.CalibrationFunction;
import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.api.estimator.Parallelism;
import io.calibrisk.api.estimator.PreparedTraining;
import io.calibrisk.api.estimator.RunCache;
import io.calibrisk.api.estimator.TrainingFold;
import io.calibrisk.api.kernel.KernelDomain;
import io.calibrisk.api.kernel.PositiveDefiniteKernel;
import io.calibrisk.api.search.Axis;
import io.calibrisk.api.search.Hyperparameters;
import io.calibrisk.api.setting.Setting;
import io.calibrisk.api.setting.ValueType;
import io.calibrisk.estimators.kkr.kernel.LaplacianKernel;
import io.calibrisk.testsupport.Simulations;
import org.junit.jupiter.api.Test;

import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What kkr and ukkr declare: the plugin, the typed settings and the lambda axis. */
class KernelRidgeProviderTest {

    @Test
    void thePluginBringsBothEstimatorsAndTheKernelsTheyUse() {
        KernelRidgePlugin plugin = null;
        for (CalibriskPlugin found : ServiceLoader.load(CalibriskPlugin.class)) {
            if (found instanceof KernelRidgePlugin) {
                plugin = (KernelRidgePlugin) found;
            }
        }
        assertTrue(plugin != null, "KernelRidgePlugin is listed in META-INF/services");
        assertEquals(CalibriskPlugin.SPI_VERSION, plugin.spiVersion());
        assertEquals(List.of("kkr", "ukkr"), plugin.estimators().stream().map(EstimatorProvider::name).toList());
        assertEquals(List.of("rbf", "laplacian"),
                plugin.positiveDefiniteKernels().stream().map(PositiveDefiniteKernel::name).toList());
        for (PositiveDefiniteKernel kernel : plugin.positiveDefiniteKernels()) {
            assertEquals(KernelDomain.EUCLIDEAN, kernel.domain());
            assertEquals("gamma", kernel.parameterName());
        }
        assertTrue(plugin.densityKernels().isEmpty());
        for (EstimatorProvider provider : plugin.estimators()) {
            assertEquals(EnumSet.allOf(Notion.class), provider.notions());
        }
    }

    @Test
    void settingsAreTypedWithTheirDomainsAndDefaults() {
        for (EstimatorProvider provider : List.of(new KroneckerKrr(), new TwoStepKrr())) {
            for (Notion notion : provider.notions()) {
                List<Setting> settings = provider.settings(notion);
                assertEquals(List.of("kernel", "gamma", "mode", "tolerance", "max-rank"),
                        settings.stream().map(Setting::name).toList());
                assertEquals(ValueType.positiveDefiniteKernel(), settings.get(0).type());
                assertEquals("rbf", settings.get(0).defaultValue());
                assertEquals(ValueType.positive(), settings.get(1).type());
                assertEquals(1.0, settings.get(1).type().parse("gamma", settings.get(1).defaultValue()));
                assertEquals(ValueType.choice("fast", "exact"), settings.get(2).type());
                assertEquals("fast", settings.get(2).defaultValue());
                assertEquals(ValueType.real(0, true, 1, false), settings.get(3).type());
                assertEquals(1e-15, settings.get(3).type().parse("tolerance", settings.get(3).defaultValue()));
                assertEquals(ValueType.integer(1, 1_000_000), settings.get(4).type());
                assertEquals(3000L, settings.get(4).type().parse("max-rank", settings.get(4).defaultValue()));
            }
        }
        List<Setting> settings = KrrSettings.declared();
        assertEquals("kkr.mode = slow: must be one of fast, exact",
                refused(() -> settings.get(2).type().parse("kkr.mode", "slow")));
        assertEquals("kkr.tolerance = 1: must be a number in [0, 1)",
                refused(() -> settings.get(3).type().parse("kkr.tolerance", "1")));
        assertEquals("kkr.max-rank = 2.5: must be an integer from 1 to 1000000",
                refused(() -> settings.get(4).type().parse("kkr.max-rank", "2.5")));
        assertEquals("kkr.gamma = 0: must be a finite number > 0",
                refused(() -> settings.get(1).type().parse("kkr.gamma", "0")));
    }

    private static String refused(Runnable parse) {
        return assertThrows(InvalidSettingException.class, parse::run).getMessage();
    }

    @Test
    void settingsReachTheEstimatorTyped() {
        KrrSettings settings = KrrSettings.from("ukkr", Fixtures.settings(Map.of("kernel", "laplacian", "gamma", "0.25",
                "mode", "exact", "tolerance", "0", "max-rank", "7")));
        assertTrue(settings.kernel() instanceof LaplacianKernel);
        assertEquals(0.25, settings.parameter());
        assertEquals(Mode.EXACT, settings.mode());
        assertEquals(0.0, settings.tolerance());
        assertEquals(7, settings.maxRank());
    }

    /** A later round of a search, announced with plan, is fitted ahead (fast mode) to the same functions. */
    @Test
    void aLaterRoundAnnouncedWithPlanIsFittedAheadToTheSameFunctions() {
        CalibrationSet all = Simulations.paper(4).samples().component(Notion.CANONICAL);
        CalibrationSet training = all.select(IntStream.range(0, 300).toArray());
        Points queries = all.select(IntStream.range(300, 400).toArray()).points();
        List<Hyperparameters> round = List.of(point(3e-3), point(2e-5));
        PreparedTraining planned = Fixtures.prepare(new KroneckerKrr(), Notion.CANONICAL, training, Map.of());
        planned.plan(round);
        PreparedTraining alone = Fixtures.prepare(new KroneckerKrr(), Notion.CANONICAL, training, Map.of());
        for (Hyperparameters point : round) {
            CalibrationFunction h = planned.fit(point);
            assertSame(h, planned.fit(point), "fitted ahead, once");
            assertNotSame(alone.fit(point), alone.fit(point), "a point not announced is fitted when asked for");
            assertArrayEquals(alone.fit(point).bilinearForm().orElseThrow().features(queries).values(),
                    h.bilinearForm().orElseThrow().features(queries).values(), point.toString());
        }
    }

    /**
     * The round a training fold announces is fitted ahead when it is prepared, c = 0 included,
     * by kkr only: ukkr fits every point when asked for it, announced or not.
     */
    @Test
    void theAnnouncedRoundIsFittedAheadByKkrOnly() {
        CalibrationSet all = Simulations.paper(5).samples().component(Notion.TOP_LABEL);
        CalibrationSet training = all.select(IntStream.range(0, 200).toArray());
        List<Hyperparameters> round = List.of(point(1e-3), point(0));
        for (KernelRidgeProvider provider : List.of(new KroneckerKrr(), new TwoStepKrr())) {
            PreparedTraining prepared = provider.create(Fixtures.context(Notion.TOP_LABEL, 2, Map.of(),
                    Parallelism.sequential(), RunCache.none())).prepare(new TrainingFold(new TrainingFold.Id(0, 0),
                    training, round));
            for (Hyperparameters point : round) {
                if (provider instanceof KroneckerKrr) {
                    assertSame(prepared.fit(point), prepared.fit(point), "kkr fitted " + point + " ahead");
                } else {
                    assertNotSame(prepared.fit(point), prepared.fit(point), "ukkr fits " + point + " when asked");
                }
            }
            prepared.plan(List.of(point(1e-5)));
            if (provider instanceof KroneckerKrr) {
                assertSame(prepared.fit(point(1e-5)), prepared.fit(point(1e-5)), "a later round, planned");
            } else {
                assertNotSame(prepared.fit(point(1e-5)), prepared.fit(point(1e-5)));
            }
        }
    }

    @Test
    void aNegativeOrNonFiniteRegularisationIsRefused() {
        CalibrationSet training = Simulations.paper(6).samples().component(Notion.TOP_LABEL)
                .select(IntStream.range(0, 50).toArray());
        for (EstimatorProvider provider : List.of(new KroneckerKrr(), new TwoStepKrr())) {
            PreparedTraining prepared = Fixtures.prepare(provider, Notion.TOP_LABEL, training, Map.of());
            prepared.plan(List.of(point(-1), point(Double.NaN), point(Double.POSITIVE_INFINITY)));
            for (double c : new double[] {-1, -Double.MIN_VALUE, Double.NaN, Double.POSITIVE_INFINITY}) {
                String message = assertThrows(InvalidSettingException.class, () -> prepared.fit(point(c))).getMessage();
                assertEquals(provider.name() + ".lambda = " + c + ": must be finite and at least 0", message);
            }
            assertEquals(1, prepared.fit(point(0)).dimension(), "c = 0 is fitted");
        }
    }

    private static Hyperparameters point(double c) {
        return Hyperparameters.of(Map.of("lambda", c));
    }

    @Test
    void lambdaIsAPositiveLogAxisScaledByAPowerOfN() {
        for (Notion notion : Notion.values()) {
            Axis kkr = new KroneckerKrr().defaultSearchSpace(notion).axis("lambda");
            Axis ukkr = new TwoStepKrr().defaultSearchSpace(notion).axis("lambda");
            for (Axis axis : List.of(kkr, ukkr)) {
                assertEquals(Axis.Scale.LOG, axis.scale());
                assertEquals(ValueType.positive(), axis.domain(), "c = 0 is unregularised: always unstable, so users may not ask for it");
            }
            assertEquals(1.5, kkr.nExponent());
            assertEquals(0.75, ukkr.nExponent());
        }
    }
}
