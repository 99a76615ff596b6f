package io.calibrisk.pipeline.discovery;

import io.calibrisk.api.PluginException;
import io.calibrisk.api.data.Notion;
import io.calibrisk.pipeline.report.CalibrationReport;
import io.calibrisk.pipeline.report.EstimatorResult;
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
    void aProviderBuiltAgainstAnIncompatibleSpiIsSkippedByName() throws IOException {
        // An "older" SPI: the provider implements only name(), so every other call is an AbstractMethodError.
        String oldSpi = "package io.calibrisk.api.estimator;\n"
                + "public interface EstimatorProvider { String name(); }\n";
        String provider = "package com.example;\n"
                + "public class OldProvider implements io.calibrisk.api.estimator.EstimatorProvider {\n"
                + "  public String name() { return \"old\"; }\n"
                + "}\n";
        Path old = PluginJars.build(folder, "old.jar",
                Map.of("io.calibrisk.api.estimator.EstimatorProvider", oldSpi, "com.example.OldProvider", provider),
                Map.of(SERVICE, "com.example.OldProvider"), java.util.Set.of("io.calibrisk.api.estimator.EstimatorProvider"));
        Path fine = jar("fine.jar", "FineProvider", "fine", "");
        try (URLClassLoader loader = loader(old, fine)) {
            Plugins plugins = Calibrisk.discover(loader);
            assertFalse(plugins.estimators().containsKey("old"));
            assertTrue(plugins.estimators().containsKey("fine"));
            assertEquals(1, plugins.skipped().size());
            String skipped = plugins.skipped().get(0);
            assertTrue(skipped.contains("com.example.OldProvider") && skipped.contains("old.jar")
                    && skipped.contains("AbstractMethodError"), skipped);
            Generators.Dataset data = Generators.dataset(100, 3, Generators.RowStyle.SPREAD, 4);
            CalibrationReport report = Calibrisk.builder().classLoader(loader).estimators("fine", "bins").build()
                    .evaluate(data.predictions(), data.labels());
            assertEquals("fine", report.estimators().get(0).name());
        }
    }

    @Test
    void estimatorsThatThrowOrReturnNaNDuringARunAreReportedAsFailed() throws IOException {
        String throwing = PluginJars.constantEstimatorSource("com.example", "ThrowingProvider", "throwing", "")
                .replace("final double c = hp.value(\"c\");",
                        "final double c = hp.value(\"c\"); { if (c > 0) throw new IllegalStateException(\"out of order\"); }");
        String nan = PluginJars.constantEstimatorSource("com.example", "NanProvider", "nan", "")
                .replace("final double c = hp.value(\"c\");", "final double c = Double.NaN;");
        Path jar = PluginJars.build(folder, "bad-run.jar",
                Map.of("com.example.ThrowingProvider", throwing, "com.example.NanProvider", nan),
                Map.of(SERVICE, "com.example.ThrowingProvider\ncom.example.NanProvider"));
        try (URLClassLoader loader = loader(jar)) {
            Generators.Dataset data = Generators.dataset(150, 3, Generators.RowStyle.SPREAD, 4);
            CalibrationReport report = Calibrisk.builder().classLoader(loader)
                    .estimators("throwing", "bins", "nan").build().evaluate(data.predictions(), data.labels());
            EstimatorResult thrown = report.estimator("throwing").orElseThrow();
            assertTrue(thrown.failed() && thrown.failure().contains("out of order"), thrown.failure());
            EstimatorResult notANumber = report.estimator("nan").orElseThrow();
            assertTrue(notANumber.failed() && notANumber.failure().contains("NaN"), notANumber.failure());
            assertFalse(report.estimator("bins").orElseThrow().failed());
            assertEquals("bins", report.recommended());
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
