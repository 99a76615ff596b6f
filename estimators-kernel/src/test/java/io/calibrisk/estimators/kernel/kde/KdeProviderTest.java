package io.calibrisk.estimators.kernel.kde;

import io.calibrisk.api.CalibriskPlugin;
import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.estimator.EstimatorContext;
import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.api.estimator.Parallelism;
import io.calibrisk.api.estimator.RunCache;
import io.calibrisk.api.kernel.DensityKernel;
import io.calibrisk.api.search.Axis;
import io.calibrisk.api.search.SearchSpace;
import io.calibrisk.api.setting.Setting;
import io.calibrisk.api.setting.SettingValues;
import io.calibrisk.api.setting.ValueType;
import io.calibrisk.estimators.kernel.BetaKernel;
import io.calibrisk.estimators.kernel.DirichletKernel;
import io.calibrisk.estimators.kernel.KernelDensityPlugin;
import org.junit.jupiter.api.Test;

import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

import static io.calibrisk.testsupport.Assertions.assertClose;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class KdeProviderTest {

    @Test
    void thePluginIsDiscoveredWithKdeAndItsTwoKernels() {
        KernelDensityPlugin plugin = null;
        for (CalibriskPlugin found : ServiceLoader.load(CalibriskPlugin.class)) {
            if (found instanceof KernelDensityPlugin) {
                plugin = (KernelDensityPlugin) found;
            }
        }
        assertTrue(plugin != null, "KernelDensityPlugin is listed in META-INF/services");
        assertEquals(CalibriskPlugin.SPI_VERSION, plugin.spiVersion());
        assertEquals(List.of("kde"), plugin.estimators().stream().map(EstimatorProvider::name).toList());
        assertEquals(List.of("beta", "dirichlet"), plugin.densityKernels().stream().map(DensityKernel::name).toList());
        assertTrue(plugin.positiveDefiniteKernels().isEmpty(), "rbf and laplacian live with kernel ridge regression");
        EstimatorProvider kde = plugin.estimators().get(0);
        assertEquals(EnumSet.allOf(Notion.class), kde.notions());
        assertTrue(kde.description().contains("beta") && kde.description().contains("dirichlet"));
    }

    @Test
    void theKernelIsADensityKernelSettingDefaultingByNotion() {
        KdeProvider kde = new KdeProvider();
        for (Notion notion : Notion.values()) {
            List<Setting> settings = kde.settings(notion);
            assertEquals(1, settings.size());
            Setting kernel = settings.get(0);
            assertEquals("kernel", kernel.name());
            assertEquals(ValueType.densityKernel(), kernel.type());
            assertEquals(notion == Notion.CANONICAL ? "dirichlet" : "beta", kernel.defaultValue());
        }
    }

    @Test
    void aKernelWhoseDomainDoesNotHoldTheNotionsPointsIsRefused() {
        InvalidSettingException scalar = assertThrows(InvalidSettingException.class,
                () -> create(Notion.TOP_LABEL, new DirichletKernel()));
        assertEquals("kde.kernel = dirichlet: is a kernel on the simplex, which does not hold the points of top-label "
                + "calibration", scalar.getMessage());
        InvalidSettingException canonical = assertThrows(InvalidSettingException.class,
                () -> create(Notion.CANONICAL, new BetaKernel()));
        assertTrue(canonical.getMessage().startsWith("kde.kernel = beta: is a kernel on the unit-interval"),
                canonical.getMessage());
        create(Notion.CLASS_WISE, new BetaKernel());
        create(Notion.CANONICAL, new DirichletKernel());
    }

    private static void create(Notion notion, DensityKernel kernel) {
        new KdeProvider().create(new EstimatorContext(notion, 3, new SettingValues(Map.of("kernel", kernel)),
                Parallelism.sequential(), RunCache.none()));
    }

    @Test
    void defaultGridIsTheTwentyPublishedBandwidthsInOrderOnALogScale() {
        for (Notion notion : Notion.values()) {
            SearchSpace space = new KdeProvider().defaultSearchSpace(notion);
            assertEquals(1, space.axes().size());
            Axis axis = space.axes().get(0);
            assertEquals("bandwidth", axis.name());
            assertEquals(0.0, axis.nExponent());
            assertEquals(ValueType.positive(), axis.domain());
            assertEquals(Axis.Scale.LOG, axis.scale());
            double[] values = axis.values();
            assertEquals(20, values.length);
            for (int i = 0; i < 15; i++) {
                assertClose(Math.pow(10, -5 + 4.0 * i / 14), values[i], 1e-14, "logspace(-5, -1, 15)[" + i + "]");
            }
            assertEquals(1e-5, values[0]);
            assertEquals(1e-3, values[7]);
            assertEquals(0.1, values[14]);
            double[] tail = {0.2, 0.4, 0.6, 0.8, 1.0};
            for (int i = 0; i < 5; i++) {
                assertEquals(tail[i], values[15 + i]);
            }
        }
    }
}
