package io.calibrisk.cli;

import io.calibrisk.testsupport.PluginJars;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * A third-party plugin jar built during a test, as a user would drop it into a plugins folder:
 * one estimator, {@code h(z, z') = c} over the grid c ∈ {0, 0.001}, for every notion or those given.
 */
final class ConstantPlugin {
    /** The plugin's version, as {@code calibrisk list} shows it. */
    static final String VERSION = "2.1.0-test";

    private ConstantPlugin() {
    }

    /**
     * @param scratch    a scratch folder; the jar goes into its {@code plugins/} folder
     * @param estimator  the estimator's name, also the jar's and the plugin's name
     * @param memoryNeed a Java expression of the bytes one fold needs, in terms of {@code n}
     *                   (training size), or null for the default (none)
     * @return the plugins folder
     * @throws IOException if writing fails
     */
    static Path build(Path scratch, String estimator, String memoryNeed) throws IOException {
        return build(scratch, estimator, memoryNeed, "EnumSet.allOf(Notion.class)");
    }

    /**
     * @param scratch    a scratch folder; the jar goes into its {@code plugins/} folder
     * @param estimator  the estimator's name, also the jar's and the plugin's name
     * @param memoryNeed as for {@link #build(Path, String, String)}
     * @param notions    a Java expression of the {@code Set<Notion>} it serves, e.g.
     *                   {@code EnumSet.of(Notion.CANONICAL)}
     * @return the plugins folder
     * @throws IOException if writing fails
     */
    static Path build(Path scratch, String estimator, String memoryNeed, String notions) throws IOException {
        String className = "P" + estimator.replace("-", "");
        String memory = memoryNeed == null ? "" : "      public MemoryNeed memoryNeed(int n, int q, int m) {\n"
                + "        return new MemoryNeed(" + memoryNeed + ", \"--set " + estimator + ".mode=lean\");\n"
                + "      }\n";
        String source = "package org.example;\n"
                + "import io.calibrisk.api.CalibriskPlugin;\n"
                + "import io.calibrisk.api.data.Notion;\n"
                + "import io.calibrisk.api.estimator.*;\n"
                + "import io.calibrisk.api.search.*;\n"
                + "import java.util.*;\n"
                + "public class " + className + " implements CalibriskPlugin {\n"
                + "  public String name() { return \"" + estimator + "\"; }\n"
                + "  public String version() { return \"" + VERSION + "\"; }\n"
                + "  public String spiVersion() { return SPI_VERSION; }\n"
                + "  public List<EstimatorProvider> estimators() { return List.of(new EstimatorProvider() {\n"
                + "    public String name() { return \"" + estimator + "\"; }\n"
                + "    public String description() { return \"constant test estimator\"; }\n"
                + "    public Set<Notion> notions() { return " + notions + "; }\n"
                + "    public SearchSpace defaultSearchSpace(Notion n) { return SearchSpace.of(Axis.list(\"c\", 0.0, 0.001)); }\n"
                + "    public CalibrationEstimator create(EstimatorContext context) { return new CalibrationEstimator() {\n"
                + memory
                + "      public PreparedTraining prepare(TrainingFold training) {\n"
                + "        return hp -> new CalibrationFunction() {\n"
                + "          final double c = hp.value(\"c\");\n"
                + "          public int dimension() { return training.data().dimension(); }\n"
                + "          public double value(double[] z, double[] w) { return c; }\n"
                + "        };\n"
                + "      }\n"
                + "    }; }\n"
                + "  }); }\n"
                + "}\n";
        Path plugins = Files.createDirectories(scratch.resolve("plugins"));
        PluginJars.build(scratch, "plugins/" + estimator + ".jar", Map.of("org.example." + className, source),
                Map.of("io.calibrisk.api.CalibriskPlugin", "org.example." + className));
        return plugins;
    }
}
