package io.calibrisk.pipeline.discovery;

import io.calibrisk.api.CalibriskPlugin;
import io.calibrisk.api.PluginException;
import io.calibrisk.api.data.Notion;
import io.calibrisk.pipeline.Calibrisk;
import io.calibrisk.pipeline.TestData;
import io.calibrisk.pipeline.data.Labels;
import io.calibrisk.pipeline.data.Predictions;
import io.calibrisk.pipeline.report.CalibrationReport;
import io.calibrisk.pipeline.report.EstimatorResult;
import io.calibrisk.testsupport.Generators;
import io.calibrisk.testsupport.PluginJars;
import io.calibrisk.testsupport.toy.ToyPlugin;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Plugin jars compiled during the test, outside the reactor's compile path. */
class DiscoveryTest {
    private static final String SERVICE = "io.calibrisk.api.CalibriskPlugin";
    private static final Generators.Dataset DATA = Generators.dataset(200, 3, Generators.RowStyle.SPREAD, 4);
    private static final Predictions PREDICTIONS = TestData.predictions(DATA.samples());
    private static final Labels LABELS = TestData.labels(DATA.samples());

    @TempDir
    Path folder;

    /**
     * The source of a plugin class.
     *
     * @param className     its simple name, in package com.example
     * @param name          the plugin's name
     * @param spiVersion    the SPI version it states (a Java expression)
     * @param contributions the bodies of its contribution methods
     */
    private static String plugin(String className, String name, String spiVersion, String contributions) {
        return "package com.example;\n"
                + "import io.calibrisk.api.*;\n"
                + "import io.calibrisk.api.estimator.*;\n"
                + "import io.calibrisk.api.kernel.*;\n"
                + "import io.calibrisk.api.search.*;\n"
                + "import java.util.*;\n"
                + "public class " + className + " implements CalibriskPlugin {\n"
                + "  public String name() { return \"" + name + "\"; }\n"
                + "  public String version() { return \"1.0\"; }\n"
                + "  public String spiVersion() { return " + spiVersion + "; }\n"
                + contributions
                + "}\n";
    }

    /**
     * The source of a small, valid estimator: {@code h(z, z') = c} for the hyperparameter
     * {@code c} over the grid {0, 0.001}, for every notion.
     *
     * @param className the provider's simple name, in package com.example
     * @param name      the estimator's name
     * @param value     the expression h evaluates to, in terms of c
     */
    private static String estimator(String className, String name, String value) {
        return "package com.example;\n"
                + "import io.calibrisk.api.data.Notion;\n"
                + "import io.calibrisk.api.estimator.*;\n"
                + "import io.calibrisk.api.search.*;\n"
                + "import java.util.*;\n"
                + "public class " + className + " implements EstimatorProvider {\n"
                + "  public String name() { return \"" + name + "\"; }\n"
                + "  public String description() { return \"constant test estimator\"; }\n"
                + "  static double outOfOrder() { throw new IllegalStateException(\"out of order\"); }\n"
                + "  public Set<Notion> notions() { return EnumSet.allOf(Notion.class); }\n"
                + "  public SearchSpace defaultSearchSpace(Notion n) { return SearchSpace.of(Axis.list(\"c\", 0.0, 0.001)); }\n"
                + "  public CalibrationEstimator create(EstimatorContext context) {\n"
                + "    return training -> hp -> new CalibrationFunction() {\n"
                + "      final double c = hp.value(\"c\");\n"
                + "      public int dimension() { return training.data().dimension(); }\n"
                + "      public double value(double[] z, double[] w) { return " + value + "; }\n"
                + "    };\n"
                + "  }\n"
                + "}\n";
    }

    /** A jar with a plugin contributing one constant estimator, h = c over the grid {0, 0.001}. */
    private Path estimatorJar(String jarName, String pluginClass, String pluginName, String spiVersion,
                              String estimatorClass, String estimator) throws IOException {
        Map<String, String> sources = new HashMap<>();
        sources.put("com.example." + estimatorClass,
                estimator(estimatorClass, estimator, "c"));
        sources.put("com.example." + pluginClass, plugin(pluginClass, pluginName, spiVersion,
                "  public List<EstimatorProvider> estimators() { return List.of(new " + estimatorClass + "()); }\n"));
        return PluginJars.build(folder, jarName, sources, Map.of(SERVICE, "com.example." + pluginClass));
    }

    private Path estimatorJar(String jarName, String estimator) throws IOException {
        String stem = Character.toUpperCase(estimator.charAt(0)) + estimator.substring(1).replace("-", "");
        return estimatorJar(jarName, stem + "Plugin", estimator + "-plugin", "SPI_VERSION", stem + "Provider", estimator);
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
        Path jar = estimatorJar("constant.jar", "constant");
        try (URLClassLoader loader = loader(jar)) {
            Plugins plugins = Calibrisk.discover(loader);
            Discovered<?> found = plugins.estimators().get("constant");
            assertEquals("com.example.ConstantProvider", found.className());
            assertEquals(jar.toString(), found.source());
            assertEquals("constant-plugin", found.plugin().name());
            assertTrue(plugins.strategies().containsKey("grid") && plugins.strategies().containsKey("refine"),
                    "the built-in strategies are found as a plugin");
            assertTrue(plugins.skipped().isEmpty(), plugins.skipped().toString());

            CalibrationReport report = Calibrisk.builder().classLoader(loader).notion(Notion.CANONICAL)
                    .estimators("constant").build().evaluate(PREDICTIONS, LABELS);
            EstimatorResult result = report.estimator("constant").orElseThrow();
            assertFalse(result.failed());
            assertEquals(2, result.grid().size());
            // h = c on the diagonal: the test-split estimate of CE² is c itself.
            assertEquals(0.001, result.grid().get(1).estimateSquared(), 1e-15);
            assertEquals(jar.toString(), result.source());
        }
    }

    /** A plugin built for an incompatible SPI is skipped with one line naming its jar and both versions. */
    @Test
    void aPluginOfAnIncompatibleSpiVersionIsSkippedWhileTheOthersLoad() throws IOException {
        Path future = estimatorJar("future.jar", "FuturePlugin", "future", "\"2.0\"", "FutureProvider", "future");
        Path newer = estimatorJar("newer.jar", "NewerPlugin", "newer", "\"1.9\"", "NewerProvider", "newer");
        Path fine = estimatorJar("fine.jar", "fine");
        try (URLClassLoader loader = loader(future, newer, fine)) {
            Plugins plugins = Calibrisk.discover(loader);
            assertEquals(Set.of("fine"), plugins.estimators().keySet());
            assertEquals(List.of(
                    "plugin com.example.FuturePlugin (" + future + ") skipped: built for SPI 2.0, but this calibrisk "
                            + "has SPI " + CalibriskPlugin.SPI_VERSION,
                    "plugin com.example.NewerPlugin (" + newer + ") skipped: built for SPI 1.9, but this calibrisk "
                            + "has SPI " + CalibriskPlugin.SPI_VERSION), plugins.skipped());
            CalibrationReport report = Calibrisk.builder().classLoader(loader).estimators("fine").build()
                    .evaluate(PREDICTIONS, LABELS);
            assertFalse(report.estimators().get(0).failed());
        }
    }

    /** Broken metadata (a bad name, a null, a constructor that throws, a missing method) skips that plugin only. */
    @Test
    void pluginsWithBrokenMetadataAreSkippedOneLineEach() throws IOException {
        Path badName = estimatorJar("bad-name.jar", "BadNamePlugin", "Bad Name", "SPI_VERSION", "BadNameProvider",
                "bad-name");
        Path badEstimator = estimatorJar("bad-estimator.jar", "BadEstimatorPlugin", "bad-estimator", "SPI_VERSION",
                "BadEstimatorProvider", "Bad_Estimator");
        Path badVersion = estimatorJar("bad-version.jar", "BadVersionPlugin", "bad-version", "\"one\"",
                "BadVersionProvider", "bad-version");
        Path nulls = PluginJars.build(folder, "nulls.jar", Map.of("com.example.NullPlugin", plugin("NullPlugin",
                "nulls", "SPI_VERSION", "  public List<SearchStrategy> searchStrategies() { return null; }\n")),
                Map.of(SERVICE, "com.example.NullPlugin"));
        Path throwing = PluginJars.build(folder, "throwing.jar", Map.of("com.example.ThrowingPlugin",
                plugin("ThrowingPlugin", "throwing", "SPI_VERSION", "  public ThrowingPlugin() { "
                        + "throw new IllegalStateException(\"no licence\"); }\n")),
                Map.of(SERVICE, "com.example.ThrowingPlugin"));
        // An older SPI: the plugin implements name() only, so asking for its version is an AbstractMethodError.
        String oldSpi = "package io.calibrisk.api;\npublic interface CalibriskPlugin { String name(); }\n";
        String old = "package com.example;\n"
                + "public class OldPlugin implements io.calibrisk.api.CalibriskPlugin {\n"
                + "  public String name() { return \"old\"; }\n"
                + "}\n";
        Path oldJar = PluginJars.build(folder, "old.jar", Map.of("io.calibrisk.api.CalibriskPlugin", oldSpi,
                "com.example.OldPlugin", old), Map.of(SERVICE, "com.example.OldPlugin"), Set.of(SERVICE));
        Path fine = estimatorJar("fine.jar", "fine");
        try (URLClassLoader loader = loader(badName, badEstimator, badVersion, nulls, throwing, oldJar, fine)) {
            Plugins plugins = Calibrisk.discover(loader);
            assertEquals(Set.of("fine"), plugins.estimators().keySet());
            assertEquals(List.of(
                    "plugin com.example.BadNamePlugin (" + badName + ") skipped: plugin name = Bad Name: must be 1 to "
                            + "40 lower-case letters, digits and single hyphens, starting with a letter",
                    "plugin com.example.BadEstimatorPlugin (" + badEstimator + ") skipped: estimator name = "
                            + "Bad_Estimator: must be 1 to 40 lower-case letters, digits and single hyphens, starting "
                            + "with a letter",
                    "plugin com.example.BadVersionPlugin (" + badVersion + ") skipped: SPI version = one: must be "
                            + "MAJOR.MINOR, e.g. " + CalibriskPlugin.SPI_VERSION,
                    "plugin com.example.NullPlugin (" + nulls + ") skipped: searchStrategies() returned null",
                    "plugin com.example.ThrowingPlugin (" + throwing + ") skipped: it could not be created: no licence",
                    "plugin com.example.OldPlugin (" + oldJar + ") skipped: it does not implement a method of this SPI "
                            + "(built for another SPI version?)"), plugins.skipped());
            for (String line : plugins.skipped()) {
                assertFalse(line.contains("java.") || line.contains("io.calibrisk.") || line.contains("\n"), line);
            }
        }
    }

    @Test
    void twoContributionsOfOneNameAreAnErrorNamingBothJars() throws IOException {
        Path first = estimatorJar("first.jar", "FirstPlugin", "first", "SPI_VERSION", "FirstProvider", "twin");
        Path second = estimatorJar("second.jar", "SecondPlugin", "second", "SPI_VERSION", "SecondProvider", "twin");
        try (URLClassLoader loader = loader(first, second)) {
            PluginException e = assertThrows(PluginException.class, () -> Calibrisk.discover(loader));
            assertEquals("estimator 'twin' is provided twice: by com.example.FirstProvider (" + first + ") and by "
                    + "com.example.SecondProvider (" + second + "); remove one of them", e.getMessage());
        }
        Path third = estimatorJar("third.jar", "ThirdPlugin", "same", "SPI_VERSION", "ThirdProvider", "third");
        Path fourth = estimatorJar("fourth.jar", "FourthPlugin", "same", "SPI_VERSION", "FourthProvider", "fourth");
        try (URLClassLoader loader = loader(third, fourth)) {
            PluginException e = assertThrows(PluginException.class, () -> Calibrisk.discover(loader));
            assertEquals("plugin 'same' is provided twice: by com.example.ThirdPlugin (" + third + ") and by "
                    + "com.example.FourthPlugin (" + fourth + "); remove one of them", e.getMessage());
        }
        PluginException again = assertThrows(PluginException.class,
                () -> Calibrisk.builder().plugin(new io.calibrisk.pipeline.search.SearchPlugin()).build());
        assertTrue(again.getMessage().startsWith("plugin 'calibrisk-search' is provided twice: by "
                + "io.calibrisk.pipeline.search.SearchPlugin"), again.getMessage());
        ToyPlugin toy = new ToyPlugin();
        assertEquals(List.of("toy-bins", "toy-smoothing"), List.copyOf(Calibrisk.builder().plugin(toy).plugin(toy)
                .build().plugins().estimators().keySet()), "one instance given twice counts once");
    }

    /** One plugin contributes an estimator, a density kernel, a positive-definite kernel and a strategy together. */
    @Test
    void onePluginContributesEveryKindTogether() throws IOException {
        String contributions = ""
                + "  public List<EstimatorProvider> estimators() { return List.of(new AllProvider()); }\n"
                + "  public List<DensityKernel> densityKernels() { return List.of(new DensityKernel() {\n"
                + "    public String name() { return \"flat\"; }\n"
                + "    public String description() { return \"uniform\"; }\n"
                + "    public KernelDomain domain() { return KernelDomain.UNIT_INTERVAL; }\n"
                + "    public double logDensity(double[] c, double[] x, double b) { return 0; }\n"
                + "  }); }\n"
                + "  public List<PositiveDefiniteKernel> positiveDefiniteKernels() { return List.of(new PositiveDefiniteKernel() {\n"
                + "    public String name() { return \"dot\"; }\n"
                + "    public String description() { return \"linear\"; }\n"
                + "    public String parameterName() { return \"scale\"; }\n"
                + "    public double value(double[] x, double[] y, double s) { double v = 0; for (int i = 0; i < x.length; i++) v += x[i] * y[i]; return s * v; }\n"
                + "  }); }\n"
                + "  public List<SearchStrategy> searchStrategies() { return List.of(new SearchStrategy() {\n"
                + "    public String name() { return \"first-point\"; }\n"
                + "    public String description() { return \"the grid's first point only\"; }\n"
                + "    public void search(SearchSpace space, RiskEvaluator evaluator) { evaluator.evaluate(space.grid().subList(0, 1)); }\n"
                + "  }); }\n";
        Path jar = PluginJars.build(folder, "all.jar", Map.of(
                "com.example.AllProvider", estimator("AllProvider", "all", "c"),
                "com.example.AllPlugin", plugin("AllPlugin", "all-kinds", "SPI_VERSION", contributions)),
                Map.of(SERVICE, "com.example.AllPlugin"));
        try (URLClassLoader loader = loader(jar)) {
            Plugins plugins = Calibrisk.discover(loader);
            assertEquals("all-kinds", plugins.estimators().get("all").plugin().name());
            assertEquals("all-kinds", plugins.densityKernels().get("flat").plugin().name());
            assertEquals("all-kinds", plugins.positiveDefiniteKernels().get("dot").plugin().name());
            assertEquals("all-kinds", plugins.strategies().get("first-point").plugin().name());
            CalibrationReport report = Calibrisk.builder().plugins(plugins).estimators("all").search("first-point")
                    .build().evaluate(PREDICTIONS, LABELS);
            assertEquals("first-point", report.search());
            assertEquals(1, report.estimators().get(0).grid().size());
            assertEquals(0.0, report.estimators().get(0).grid().get(0).hyperparameters().get("c"));
        }
    }

    @Test
    void estimatorsThatThrowOrReturnNaNDuringARunAreReportedAsFailedInPlainWords() throws IOException {
        String throwing = estimator("ThrowingProvider", "throwing", "c > 0 ? outOfOrder() : c");
        String nan = estimator("NanProvider", "nan", "Double.NaN");
        Path jar = PluginJars.build(folder, "bad-run.jar", Map.of("com.example.ThrowingProvider", throwing,
                "com.example.NanProvider", nan, "com.example.BadRunPlugin", plugin("BadRunPlugin", "bad-run",
                        "SPI_VERSION", "  public List<EstimatorProvider> estimators() { "
                                + "return List.of(new ThrowingProvider(), new NanProvider()); }\n")),
                Map.of(SERVICE, "com.example.BadRunPlugin"));
        try (URLClassLoader loader = loader(jar)) {
            CalibrationReport report = Calibrisk.builder().classLoader(loader).plugin(new ToyPlugin())
                    .estimators("throwing", "toy-bins", "nan").build().evaluate(PREDICTIONS, LABELS);
            EstimatorResult thrown = report.estimator("throwing").orElseThrow();
            assertEquals("fold 0, point c=0.001: out of order", thrown.failure());
            EstimatorResult notANumber = report.estimator("nan").orElseThrow();
            assertEquals("fold 0, point c=0: pairwise risk is NaN", notANumber.failure());
            assertFalse(report.estimator("toy-bins").orElseThrow().failed());
            assertEquals("toy-bins", report.recommended());
        }
    }
}
