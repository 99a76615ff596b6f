package io.calibrisk.testsupport;

import java.io.IOException;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;

/**
 * Plugin jars that misbehave on purpose, built during a test with {@link PluginJars}: one plugin
 * with one estimator, {@code h(z, z') = c} over the grid c ∈ {0, 0.001} for every notion, into
 * whose methods a test puts the misbehaviour as Java code ({@link Hook}). The generated class
 * offers helpers to that code:
 * <ul>
 *   <li>{@code deep(0)} recurses until the stack overflows;</li>
 *   <li>{@code sneaky(new java.io.IOException("x"))} throws a checked exception undeclared;</li>
 *   <li>{@code hang("key")} never returns, whatever interrupts it, until the test sets the
 *       system property {@code calibrisk.hostile.key} to {@code true} (so that a test can
 *       release what it left spinning); {@code hung("key")} does the same where an expression
 *       is wanted, and then returns a string.</li>
 * </ul>
 */
public final class HostilePlugins {
    /** The plugin interface's service file. */
    public static final String SERVICE = "io.calibrisk.api.CalibriskPlugin";

    /** Where a test puts its code into the plugin. */
    public enum Hook {
        /** Declarations added to the plugin class, e.g. a counter {@code public static int asked;}. */
        MEMBERS(""),
        /** Statements of the plugin class's static initialiser. */
        STATIC(""),
        /** Statements of the plugin's constructor. */
        CONSTRUCTOR(""),
        /** An expression: the plugin's version. */
        VERSION("\"1.0\""),
        /** An expression: the estimator's description. */
        DESCRIPTION("\"a hostile test estimator\""),
        /** An expression: the estimator's notions. */
        NOTIONS("EnumSet.allOf(Notion.class)"),
        /** Statements at the start of the estimator's {@code create}. */
        CREATE(""),
        /** An expression: the estimator's memory need. */
        MEMORY("MemoryNeed.NONE"),
        /** Statements at the start of {@code prepare} (the training fold is {@code training}). */
        PREPARE(""),
        /** An expression: h(z, w), in terms of {@code c}, {@code z} and {@code w}. */
        VALUE("c");

        private final String fallback;

        Hook(String fallback) {
            this.fallback = fallback;
        }
    }

    private HostilePlugins() {
    }

    /**
     * @param folder  a scratch folder; the jar goes into it
     * @param jarName the jar's file name (may name a subfolder, e.g. {@code plugins/x.jar})
     * @param name    the plugin's and the estimator's name
     * @param hooks   the misbehaviour; hooks not given behave
     * @return the jar
     * @throws IOException if writing fails
     */
    public static Path jar(Path folder, String jarName, String name, Map<Hook, String> hooks) throws IOException {
        String className = className(name);
        return PluginJars.build(folder, jarName, Map.of("org.hostile." + className, source(className, name, hooks)),
                Map.of(SERVICE, "org.hostile." + className));
    }

    /**
     * @param name the plugin's name
     * @return the plugin's class name (in package {@code org.hostile})
     */
    public static String className(String name) {
        return "P" + name.replaceAll("[^A-Za-z0-9]", "_");
    }

    /**
     * @param className the plugin's simple class name
     * @param name      the plugin's and the estimator's name
     * @param hooks     the misbehaviour
     * @return the source of the plugin class, in package {@code org.hostile}
     */
    public static String source(String className, String name, Map<Hook, String> hooks) {
        Map<Hook, String> code = new EnumMap<>(Hook.class);
        for (Hook hook : Hook.values()) {
            code.put(hook, hooks.getOrDefault(hook, hook.fallback));
        }
        String quoted = "\"" + name + "\"";
        return "package org.hostile;\n"
                + "import io.calibrisk.api.CalibriskPlugin;\n"
                + "import io.calibrisk.api.data.Notion;\n"
                + "import io.calibrisk.api.estimator.*;\n"
                + "import io.calibrisk.api.search.*;\n"
                + "import java.util.*;\n"
                + "public class " + className + " implements CalibriskPlugin {\n"
                + "  " + code.get(Hook.MEMBERS) + "\n"
                + "  static { " + code.get(Hook.STATIC) + " }\n"
                + "  public " + className + "() { " + code.get(Hook.CONSTRUCTOR) + " }\n"
                + "  public String name() { return " + quoted + "; }\n"
                + "  public String version() { return " + code.get(Hook.VERSION) + "; }\n"
                + "  public String spiVersion() { return SPI_VERSION; }\n"
                + "  public List<EstimatorProvider> estimators() { return List.of(new Estimator()); }\n"
                + "  static int deep(int n) { return deep(n + 1) + 1; }\n"
                + "  static void onCreate() { " + code.get(Hook.CREATE) + " }\n"
                + "  static void onPrepare(TrainingFold training) { " + code.get(Hook.PREPARE) + " }\n"
                + "  @SuppressWarnings(\"unchecked\")\n"
                + "  static <T extends Throwable> RuntimeException sneaky(Throwable t) throws T { throw (T) t; }\n"
                + "  static void hang(String key) {\n"
                + "    while (!Boolean.getBoolean(\"calibrisk.hostile.\" + key)) {\n"
                + "      try { Thread.sleep(10); } catch (InterruptedException e) { /* ignored on purpose */ }\n"
                + "    }\n"
                + "  }\n"
                + "  static String hung(String key) { hang(key); return key; }\n"
                + "  public static final class Estimator implements EstimatorProvider {\n"
                + "    public String name() { return " + quoted + "; }\n"
                + "    public String description() { return " + code.get(Hook.DESCRIPTION) + "; }\n"
                + "    public Set<Notion> notions() { return " + code.get(Hook.NOTIONS) + "; }\n"
                + "    public SearchSpace defaultSearchSpace(Notion n) { return SearchSpace.of(Axis.list(\"c\", 0.0, 0.001)); }\n"
                + "    public CalibrationEstimator create(EstimatorContext context) {\n"
                + "      onCreate();\n"
                + "      return new CalibrationEstimator() {\n"
                + "        public MemoryNeed memoryNeed(int n, int q, int m) { return " + code.get(Hook.MEMORY) + "; }\n"
                + "        public PreparedTraining prepare(TrainingFold training) {\n"
                + "          onPrepare(training);\n"
                + "          return hp -> new CalibrationFunction() {\n"
                + "            final double c = hp.value(\"c\");\n"
                + "            public int dimension() { return training.data().dimension(); }\n"
                + "            public double value(double[] z, double[] w) { return " + code.get(Hook.VALUE) + "; }\n"
                + "          };\n"
                + "        }\n"
                + "      };\n"
                + "    }\n"
                + "  }\n"
                + "}\n";
    }
}
