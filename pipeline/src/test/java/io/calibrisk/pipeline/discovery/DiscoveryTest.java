package io.calibrisk.pipeline.discovery;

import io.calibrisk.api.PluginException;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.report.CalibrationReport;
import io.calibrisk.api.report.EstimatorResult;
import io.calibrisk.pipeline.Calibrisk;
import io.calibrisk.testsupport.Generators;
import io.calibrisk.testsupport.PluginJars;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Plugin jars compiled during the test, outside the reactor's compile path. */
class DiscoveryTest {
    private static final String SERVICE = "io.calibrisk.api.estimator.EstimatorProvider";

    @TempDir
    Path folder;

    private Path jar(String name, String className, String estimator, String init) throws IOException {
        String fqcn = "com.example." + className;
        return PluginJars.build(folder, name, Map.of(fqcn,
                PluginJars.constantEstimatorSource("com.example", className, estimator, init)),
                Map.of(SERVICE, fqcn));
    }

    private static URLClassLoader loader(Path... jars) throws IOException {
        URL[] urls = new URL[jars.length];
        for (int i = 0; i < jars.length; i++) {
            urls[i] = jars[i].toUri().toURL();
        }
        return new URLClassLoader(urls, DiscoveryTest.class.getClassLoader());
    }

    @Test
    void findsAndRunsAPluginBuiltDuringTheTest() throws IOException {
        Path jar = jar("constant.jar", "ConstantProvider", "constant", "");
        try (URLClassLoader loader = loader(jar)) {
            Plugins plugins = Calibrisk.discover(loader);
            Discovered<?> found = plugins.estimators().get("constant");
            assertEquals("com.example.ConstantProvider", found.className());
            assertEquals(jar.toString(), found.source());
            assertTrue(plugins.estimators().containsKey("bins"), "built-in estimators are still found");

            Generators.Dataset data = Generators.dataset(200, 3, Generators.RowStyle.SPREAD, 4);
            CalibrationReport report = Calibrisk.builder().classLoader(loader).notion(Notion.CANONICAL)
                    .estimators("constant").build().evaluate(data.predictions(), data.labels());
            EstimatorResult result = report.estimator("constant").orElseThrow();
            assertFalse(result.failed());
            assertEquals(2, result.grid().size());
            // h = c on the diagonal: the test-split estimate of CE² is c itself.
            assertEquals(0.001, result.grid().get(1).estimateSquared(), 1e-15);
            assertEquals(jar.toString(), result.source());
        }
    }

    @Test
    void aProviderThatThrowsIsSkippedByName() throws IOException {
        Path broken = jar("broken.jar", "BrokenProvider", "broken", "throw new IllegalStateException(\"no licence\");");
        Path fine = jar("fine.jar", "FineProvider", "fine", "");
        try (URLClassLoader loader = loader(broken, fine)) {
            Plugins plugins = Calibrisk.discover(loader);
            assertTrue(plugins.estimators().containsKey("fine"));
            assertFalse(plugins.estimators().containsKey("broken"));
            assertEquals(1, plugins.skipped().size());
            assertTrue(plugins.skipped().get(0).contains("com.example.BrokenProvider"), plugins.skipped().get(0));
        }
    }

    @Test
    void twoProvidersWithOneNameAreAnErrorNamingBoth() throws IOException {
        Path first = jar("first.jar", "FirstProvider", "twin", "");
        Path second = jar("second.jar", "SecondProvider", "twin", "");
        try (URLClassLoader loader = loader(first, second)) {
            PluginException e = assertThrows(PluginException.class, () -> Calibrisk.discover(loader));
            assertTrue(e.getMessage().contains("com.example.FirstProvider") && e.getMessage().contains("first.jar")
                    && e.getMessage().contains("com.example.SecondProvider") && e.getMessage().contains("second.jar"),
                    e.getMessage());
        }
    }
}
