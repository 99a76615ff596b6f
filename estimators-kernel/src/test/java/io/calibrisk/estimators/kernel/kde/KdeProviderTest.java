package io.calibrisk.estimators.kernel.kde;

import io.calibrisk.api.data.Notion;
import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.api.search.Axis;
import io.calibrisk.api.search.SearchSpace;
import org.junit.jupiter.api.Test;

import java.util.EnumSet;
import java.util.ServiceLoader;

import static io.calibrisk.testsupport.Assertions.assertClose;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class KdeProviderTest {

    @Test
    void isDiscoveredAndServesEveryNotion() {
        EstimatorProvider kde = null;
        for (EstimatorProvider provider : ServiceLoader.load(EstimatorProvider.class)) {
            if (provider.name().equals("kde")) {
                kde = provider;
            }
        }
        assertTrue(kde instanceof KdeProvider, "kde is listed in META-INF/services");
        assertEquals(EnumSet.allOf(Notion.class), kde.notions());
        assertTrue(kde.settings().isEmpty());
        assertTrue(kde.description().contains("Dirichlet") && kde.description().contains("Beta"));
    }

    @Test
    void defaultGridIsTheTwentyPublishedBandwidthsInOrder() {
        for (Notion notion : Notion.values()) {
            SearchSpace space = new KdeProvider().defaultSearchSpace(notion);
            assertEquals(1, space.axes().size());
            Axis axis = space.axes().get(0);
            assertEquals("bandwidth", axis.name());
            assertEquals(0.0, axis.nExponent());
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
