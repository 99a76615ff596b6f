package io.calibrisk.cli.estimators;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.data.Notion;
import io.calibrisk.cli.CalibriskCommand;
import io.calibrisk.pipeline.io.Npy;
import io.calibrisk.testsupport.Generators;
import io.calibrisk.testsupport.PluginJars;
import io.calibrisk.testsupport.ReferenceRisk;
import io.calibrisk.testsupport.Samples;
import io.calibrisk.testsupport.kernel.LogSpaceKde;
import io.calibrisk.testsupport.kernel.TruncatedLaplace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import java.util.stream.IntStream;

import static io.calibrisk.testsupport.Assertions.assertClose;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A density kernel from a plugin jar built during the test, dropped into a plugins folder and
 * chosen with {@code --set kde.kernel=truncated-laplace}: kde's fold risks and test estimates
 * follow it, computed again here from the kernel's formula (the plain log-space regression and
 * the U-statistic over every pair, test-support's references) on the same split.
 */
class ThirdPartyDensityKernelTest {
    private static final String PACKAGE = "org.example.kernels";
    /** The kernel as an outside author writes it: the SPI only, no exponential form. */
    private static final String KERNEL = "package " + PACKAGE + ";\n"
            + "import io.calibrisk.api.kernel.*;\n"
            + "/** The Laplace density exp(-|x - c|/b) truncated to [0, 1] and renormalised. */\n"
            + "public final class TruncatedLaplaceKernel implements DensityKernel {\n"
            + "  public String name() { return \"truncated-laplace\"; }\n"
            + "  public String description() { return \"Laplace density truncated to [0, 1]\"; }\n"
            + "  public KernelDomain domain() { return KernelDomain.UNIT_INTERVAL; }\n"
            + "  public double logDensity(double[] c, double[] x, double b) {\n"
            + "    double mass = b * (-Math.expm1(-c[0] / b) - Math.expm1((c[0] - 1) / b));\n"
            + "    return -Math.abs(x[0] - c[0]) / b - Math.log(mass);\n"
            + "  }\n"
            + "}\n";
    private static final String PLUGIN = "package " + PACKAGE + ";\n"
            + "import io.calibrisk.api.CalibriskPlugin;\n"
            + "import io.calibrisk.api.kernel.DensityKernel;\n"
            + "import java.util.List;\n"
            + "public final class LaplacePlugin implements CalibriskPlugin {\n"
            + "  public String name() { return \"laplace-kernels\"; }\n"
            + "  public String version() { return \"1.0\"; }\n"
            + "  public String spiVersion() { return SPI_VERSION; }\n"
            + "  public List<DensityKernel> densityKernels() { return List.of(new TruncatedLaplaceKernel()); }\n"
            + "}\n";
    private static final int SAMPLES = 150;
    private static final int FOLDS = 4;
    private static final int OPTIMISATION = 120;
    private static final double[] BANDWIDTHS = {0.03, 0.1, 0.5};

    @TempDir
    Path folder;

    private record Result(int status, String out, String err) {
    }

    /** Runs the command line as a user does, in its own JVM on the test's class path. */
    private Result cli(String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), CalibriskCommand.class.getName()));
        command.addAll(List.of(args));
        Path out = Files.createTempFile(folder, "out", ".txt");
        Path err = Files.createTempFile(folder, "err", ".txt");
        Process process = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        try {
            assertTrue(process.waitFor(10, TimeUnit.MINUTES), "the command line finished");
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
        return new Result(process.exitValue(), Files.readString(out), Files.readString(err));
    }

    @Test
    void kdeFollowsADensityKernelFromAPluginJar() throws IOException {
        Path plugins = pluginsFolder();
        Samples samples = Generators.dataset(SAMPLES, 3, Generators.RowStyle.SPREAD, 17).samples();
        List<String> files = writeInputs(samples);

        Result list = cli("list", "--plugins", plugins.toString());
        assertEquals(0, list.status(), list.err());
        assertTrue(list.out().contains("truncated-laplace"), list.out());

        for (Notion notion : List.of(Notion.TOP_LABEL, Notion.CLASS_WISE)) {
            JsonNode laplace = evaluate(plugins, files, notion, "truncated-laplace");
            JsonNode beta = evaluate(plugins, files, notion, "beta");
            for (int at = 0; at < BANDWIDTHS.length; at++) {
                assertEquals(BANDWIDTHS[at], number(laplace, "grid", at, "hyperparameters", "bandwidth"));
                for (int f = 0; f < FOLDS; f++) {
                    double[] expected = direct(samples, notion, f, BANDWIDTHS[at]);
                    String where = notion + ", bandwidth " + BANDWIDTHS[at] + ", fold " + f;
                    assertClose(expected[0], number(laplace, "grid", at, "folds", f, "risk"), 1e-9, 1e-15,
                            where + ": risk");
                    assertClose(expected[1], number(laplace, "grid", at, "folds", f, "estimateSquared"), 1e-9, 1e-15,
                            where + ": estimate");
                    assertNotEquals(number(beta, "grid", at, "folds", f, "risk"),
                            number(laplace, "grid", at, "folds", f, "risk"), where + ": the kernel makes a difference");
                }
            }
        }
    }

    @Test
    void aKernelWhoseDomainDoesNotHoldTheNotionIsRefusedBeforeAnyWork() throws IOException {
        Path plugins = pluginsFolder();
        List<String> files = writeInputs(Generators.dataset(SAMPLES, 3, Generators.RowStyle.SPREAD, 17).samples());
        List<String> args = new ArrayList<>(List.of("--plugins", plugins.toString(), "evaluate"));
        args.addAll(files);
        args.addAll(List.of("--notion", "canonical", "--estimators", "kde", "--set", "kde.kernel=truncated-laplace",
                "--format", "json", "--quiet"));
        Result refused = cli(args.toArray(new String[0]));
        assertEquals(2, refused.status(), refused.err());
        String err = refused.err().strip();
        assertEquals(1, err.lines().count(), err);
        assertTrue(err.contains("kde.kernel = truncated-laplace") && err.contains("canonical"), err);
        assertFalse(err.contains("Exception") || err.contains("io.calibrisk") || err.contains("java."), err);
        assertEquals("", refused.out(), "no report");
    }

    /** @return a plugins folder holding the kernel's jar, compiled now against the SPI on the class path */
    private Path pluginsFolder() throws IOException {
        Path plugins = Files.createDirectories(folder.resolve("plugins"));
        PluginJars.build(folder, "plugins/laplace-kernels.jar",
                Map.of(PACKAGE + ".TruncatedLaplaceKernel", KERNEL, PACKAGE + ".LaplacePlugin", PLUGIN),
                Map.of("io.calibrisk.api.CalibriskPlugin", PACKAGE + ".LaplacePlugin"));
        return plugins;
    }

    /** Writes probs.npy, labels.npy and a split file: sample i of the first 120 in fold i mod 4, the rest tested. */
    private List<String> writeInputs(Samples samples) throws IOException {
        Path probs = folder.resolve("probs.npy");
        Path labels = folder.resolve("labels.npy");
        Path split = folder.resolve("split.txt");
        try (OutputStream out = Files.newOutputStream(probs)) {
            Npy.writeDoubles(out, samples.probabilities(), samples.size(), samples.classes());
        }
        try (OutputStream out = Files.newOutputStream(labels)) {
            Npy.writeLongs(out, IntStream.of(samples.labels()).asLongStream().toArray(), samples.size());
        }
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < samples.size(); i++) {
            lines.append(fold(i)).append('\n');
        }
        Files.writeString(split, lines);
        return List.of("--probs", probs.toString(), "--labels", labels.toString(), "--split-file", split.toString());
    }

    private static int fold(int sample) {
        return sample < OPTIMISATION ? sample % FOLDS : -1;
    }

    private JsonNode evaluate(Path plugins, List<String> files, Notion notion, String kernel) throws IOException {
        List<String> args = new ArrayList<>(List.of("--plugins", plugins.toString(), "evaluate"));
        args.addAll(files);
        StringBuilder grid = new StringBuilder("kde.bandwidth=");
        for (int at = 0; at < BANDWIDTHS.length; at++) {
            grid.append(at == 0 ? "" : ",").append(BANDWIDTHS[at]);
        }
        args.addAll(List.of("--notion", notion.id(), "--estimators", "kde", "--set", "kde.kernel=" + kernel,
                "--grid", grid.toString(), "--bootstrap", "0", "--format", "json", "--no-timings", "--quiet"));
        Result result = cli(args.toArray(new String[0]));
        assertEquals(0, result.status(), result.err());
        JsonNode kde = new ObjectMapper().readTree(result.out()).path("estimators").path(0);
        assertEquals("kde", kde.path("name").asText());
        assertTrue(kde.path("failure").isNull() || kde.path("failure").isMissingNode(), "kde ran: " + kde.path("failure"));
        return kde;
    }

    private static double number(JsonNode root, Object... path) {
        JsonNode node = root;
        for (Object step : path) {
            node = step instanceof Integer ? node.path((Integer) step) : node.path((String) step);
        }
        if (!node.isNumber()) {
            throw new AssertionError("no number at " + java.util.Arrays.toString(path) + ": " + node);
        }
        return node.doubleValue();
    }

    /**
     * Fold f's risk and test estimate of kde with the truncated Laplace kernel, from the
     * formula: summed over the notion's components, as calibrisk sums class-wise results.
     */
    private static double[] direct(Samples samples, Notion notion, int f, double bandwidth) {
        int[] training = IntStream.range(0, SAMPLES).filter(i -> fold(i) >= 0 && fold(i) != f).toArray();
        int[] evaluation = IntStream.range(0, SAMPLES).filter(i -> fold(i) == f).toArray();
        int[] test = IntStream.range(0, SAMPLES).filter(i -> fold(i) < 0).toArray();
        LogSpaceKde.LogKernel kernel = (c, x) -> TruncatedLaplace.logDensity(c[0], x[0], bandwidth);
        double risk = 0;
        double estimate = 0;
        for (CalibrationSet component : samples.components(notion)) {
            double[][] z = ReferenceRisk.rows(component.select(training).points());
            double[][] t = ReferenceRisk.rows(component.select(training).targets());
            BiFunction<double[], double[], Double> h = (a, b) -> {
                double[] ca = LogSpaceKde.residual(z, t, a, kernel);
                double[] cb = LogSpaceKde.residual(z, t, b, kernel);
                return ca[0] * cb[0];
            };
            risk += ReferenceRisk.risk(ReferenceRisk.rows(component.select(evaluation).points()),
                    ReferenceRisk.rows(component.select(evaluation).targets()), h);
            estimate += ReferenceRisk.estimate(ReferenceRisk.rows(component.select(test).points()), h);
        }
        return new double[] {risk, estimate};
    }
}
