package io.calibrisk.cli;

import io.calibrisk.api.CalibriskPlugin;
import io.calibrisk.pipeline.io.Npy;
import io.calibrisk.testsupport.HostilePlugins;
import io.calibrisk.testsupport.HostilePlugins.Hook;
import io.calibrisk.testsupport.PluginJars;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The command line against hostile plugins, files and file systems, as a user would meet them:
 * one clear line, the right exit status, nothing lost, nothing destroyed, nothing raw on the
 * terminal. What one JVM cannot show (a closed standard output, System.exit, a thread that
 * never stops, two processes writing one file) runs in fresh JVMs.
 */
class HostileCliTest {

    @TempDir
    Path folder;

    private static CliTest.Result run(String... args) {
        return CliTest.run(args);
    }

    /** Runs the command in a fresh JVM with standard output sent where asked. */
    private CliTest.Result jvm(File stdout, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m", "-cp", System.getProperty("java.class.path"), CalibriskCommand.class.getName()));
        command.addAll(List.of(args));
        Path err = Files.createTempFile(folder, "err", ".txt");
        Process process = new ProcessBuilder(command).redirectOutput(stdout).redirectError(err.toFile()).start();
        assertTrue(process.waitFor(300, TimeUnit.SECONDS), "the command ended");
        String out = stdout.isFile() ? Files.readString(stdout.toPath(), StandardCharsets.UTF_8) : "";
        return new CliTest.Result(process.exitValue(), out, Files.readString(err, StandardCharsets.UTF_8));
    }

    private CliTest.Result jvm(String... args) throws IOException, InterruptedException {
        return jvm(Files.createTempFile(folder, "out", ".txt").toFile(), args);
    }

    private Path plugins(String name, Map<Hook, String> hooks) throws IOException {
        Files.createDirectories(folder.resolve("plugins"));
        HostilePlugins.jar(folder, "plugins/" + name + ".jar", name, hooks);
        return folder.resolve("plugins");
    }

    /** Exactly one line on standard error, with the status, and nothing a terminal would act on. */
    private static void assertOneLine(CliTest.Result result, int status, String... fragments) {
        assertEquals(status, result.status(), result.err());
        String err = result.err().strip();
        assertEquals(1, err.lines().count(), "one line: " + err);
        for (String fragment : fragments) {
            assertTrue(err.contains(fragment), "'" + fragment + "' in: " + err);
        }
        assertVisible(result);
    }

    private static void assertVisible(CliTest.Result result) {
        for (String text : List.of(result.out(), result.err())) {
            assertTrue(text.codePoints().noneMatch(c -> (c < 0x20 && c != '\n' && c != '\r') || (c >= 0x7f && c <= 0x9f)),
                    text);
            assertFalse(text.contains("java.") || text.contains("io.calibrisk.") || text.contains("Exception"), text);
        }
    }

    private Path fifo(String name) throws IOException, InterruptedException {
        Path fifo = folder.resolve(name);
        Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
        assumeTrue(mkfifo.waitFor(30, TimeUnit.SECONDS) && mkfifo.exitValue() == 0, "mkfifo is available");
        return fifo;
    }

    @Test
    void aFailureToWriteStandardOutputIsStatusOneWithOneLine() throws Exception {
        OutputStream full = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("No space left on device");
            }
        };
        StringWriter err = new StringWriter();
        for (String[] args : List.of(new String[] {"list"}, new String[] {"evaluate", "--example", "--estimators", "bins",
            "--quiet"}, new String[] {"evaluate", "--example", "--estimators", "bins", "--quiet", "--format", "json"})) {
            err.getBuffer().setLength(0);
            int status = CalibriskCommand.run(args, new PrintWriter(full), new PrintWriter(err));
            assertOneLine(new CliTest.Result(status, "", err.toString()), 1,
                    "calibrisk: error: cannot write to standard output");
        }
        File devFull = new File("/dev/full");
        assumeTrue(devFull.exists(), "/dev/full exists");
        assertOneLine(jvm(devFull, "list"), 1, "calibrisk: error: cannot write to standard output: No space left on "
                + "device; the output is incomplete");
    }

    @Test
    void outputsThatAreNotRegularFilesAreRefusedBeforeAnyWork() throws Exception {
        Path fifo = fifo("report.json");
        assertOneLine(run("evaluate", "--example", "--output", fifo.toString(), "--force"), 2, fifo.toString(),
                "is not a regular file");
        assertTrue(Files.exists(fifo) && !Files.isRegularFile(fifo), "still a pipe");
        assertOneLine(run("evaluate", "--example", "--output", folder.toString()), 2,
                folder + ": is a folder; give a file name");
        Path file = Files.writeString(folder.resolve("file"), "x");
        assertOneLine(run("evaluate", "--example", "--output", file.resolve("r.json").toString()), 2,
                "cannot be created", file + " is not a folder");
        Path twice = folder.resolve("twice.svg");
        assertOneLine(run("evaluate", "--example", "--output", twice.toString(), "--plot", twice.toString()), 2,
                "named for two outputs");
        assertOneLine(run("simulate", "--output-dir", fifo.toString()), 2, "not a folder");
        Path plot = fifo("plot.svg");
        assertOneLine(run("evaluate", "--example", "--plot", plot.toString(), "--force"), 2, "is not a regular file");
        try (Stream<Path> files = Files.list(folder)) {
            assertTrue(files.noneMatch(p -> p.getFileName().toString().endsWith(".tmp")), "no temporary files");
        }
    }

    /** The target appears while calibrisk computes (another program, or a second run): it is kept, and the run says so. */
    @Test
    void aReportFileCreatedDuringTheRunIsNotOverwritten() throws IOException {
        Path target = folder.resolve("report.json");
        String creates = "String t = System.getProperty(\"calibrisk.test.target\");\n"
                + "    if (t != null && !java.nio.file.Files.exists(java.nio.file.Path.of(t))) {\n"
                + "      try { java.nio.file.Files.writeString(java.nio.file.Path.of(t), \"theirs\"); }\n"
                + "      catch (java.io.IOException e) { throw new IllegalStateException(e); }\n"
                + "    }";
        Path plugins = plugins("racer", Map.of(Hook.PREPARE, creates));
        System.setProperty("calibrisk.test.target", target.toString());
        try {
            CliTest.Result raced = run("--plugins", plugins.toString(), "evaluate", "--example", "--estimators",
                    "racer,bins", "--quiet", "--output", target.toString());
            assertOneLine(raced, 2, target + ": was created by another program while calibrisk ran; it was left as it "
                    + "is and nothing was written (use --force to overwrite it)");
            assertEquals("theirs", Files.readString(target));
            CliTest.Result forced = run("--plugins", plugins.toString(), "evaluate", "--example", "--estimators",
                    "racer,bins", "--quiet", "--output", target.toString(), "--force");
            assertEquals(0, forced.status(), forced.err());
            assertTrue(Files.readString(target).contains("racer"));
        } finally {
            System.clearProperty("calibrisk.test.target");
        }
    }

    /** Two processes write one file without --force: one writes it, the other fails with status 2; nothing is lost silently. */
    @Test
    void twoConcurrentRunsOnOneFileNeverBothSucceed() throws Exception {
        Path target = folder.resolve("shared.json");
        List<Process> runs = new ArrayList<>();
        List<Path> errors = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            Path err = Files.createTempFile(folder, "err", ".txt");
            errors.add(err);
            runs.add(new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx512m",
                    "-cp", System.getProperty("java.class.path"), CalibriskCommand.class.getName(), "evaluate",
                    "--example", "--estimators", "bins,bins-15", "--quiet", "--format", "json", "--seed",
                    Integer.toString(i), "--output", target.toString()).redirectError(err.toFile()).start());
        }
        List<Integer> statuses = new ArrayList<>();
        for (Process p : runs) {
            assertTrue(p.waitFor(300, TimeUnit.SECONDS));
            statuses.add(p.exitValue());
        }
        assertTrue(statuses.contains(0) && statuses.contains(2), statuses.toString());
        String loser = Files.readString(errors.get(statuses.indexOf(2))).strip();
        assertTrue(loser.startsWith("calibrisk: error: " + target + ": ") && loser.endsWith("--force to overwrite it)")
                || loser.equals("calibrisk: error: " + target + ": exists; use --force to overwrite it"), loser);
        int winner = statuses.indexOf(0);
        assertTrue(Files.readString(target).contains("\"seed\" : " + winner) || Files.readString(target).contains(
                "seed " + winner), "the file is the winner's whole report");
    }

    /**
     * In one fresh JVM: a plugin that prints to System.out and closes it, and one that never
     * returns and ignores interruption. The table is printed whole and alone, the stuck
     * estimator is reported as stopped, and the process ends with status 0 though its thread
     * still spins.
     */
    @Test
    void aClosedStandardOutputAndAThreadThatNeverStopsLoseNothing() throws Exception {
        plugins("closer", Map.of(Hook.PREPARE, "System.out.println(\"chatter\"); System.out.close(); "
                + "System.err.close();"));
        Path plugins = plugins("stuck", Map.of(Hook.VALUE, "c > 0 ? hung(\"never-released\").length() : c"));
        CliTest.Result result = jvm("--plugins", plugins.toString(), "evaluate", "--example", "--estimators",
                "stuck,closer,bins", "--threads", "2", "--estimator-timeout", "1s");
        assertEquals(0, result.status(), result.err());
        assertTrue(result.out().contains("failed: stuck: stopped after 1 s (the time limit per estimator, "
                + "--estimator-timeout)"), result.out());
        assertTrue(result.out().lines().anyMatch(l -> l.contains(" closer ") && l.contains("c=")), result.out());
        assertTrue(result.out().lines().anyMatch(l -> l.contains(" bins ") && l.contains("bins=")), result.out());
        assertTrue(result.err().contains("calibrisk: warning: estimator stuck stopped after 1 s"), result.err());
        assertFalse(result.out().contains("chatter"), "standard output carries the report alone");
        assertTrue(result.err().contains("chatter"), result.err());
    }

    /** Plugins are trusted code: System.exit ends the run, with the plugin's status, and calibrisk says why it stopped. */
    @Test
    void aPluginThatCallsSystemExitEndsTheRunWithALine() throws Exception {
        Path plugins = plugins("quitter", Map.of(Hook.STATIC, "if (true) System.exit(4);"));
        CliTest.Result result = jvm("--plugins", plugins.toString(), "list");
        assertEquals(4, result.status(), result.err());
        assertEquals("calibrisk: stopped before it finished (by a signal, or by a plugin that called System.exit); "
                + "output files not yet written were not written", result.err().strip());
    }

    @Test
    void untrustedTextReachesTheTerminalEscaped() throws IOException {
        // A .npy header with ESC, BEL, CR and a byte that is not UTF-8.
        byte[] npy;
        try (java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream()) {
            Npy.writeDoubles(bytes, new double[] {0.5, 0.5}, 1, 2);
            npy = bytes.toByteArray();
        }
        String header = new String(npy, StandardCharsets.ISO_8859_1).replace("<f8", "\u001b]0;x\u0007\r\u00ff");
        Path probs = Files.write(folder.resolve("probs.npy"), header.getBytes(StandardCharsets.ISO_8859_1));
        assertOneLine(run("evaluate", "--probs", probs.toString(), "--labels", probs.toString()), 2,
                "unsupported dtype '\\x1b]0;x\\x07\\x0d\\xff'");
        // A file name with control characters.
        assertOneLine(run("evaluate", "--input", folder.resolve("\u001b[31mred.csv").toString()), 2, "\\x1b[31mred.csv");
        // A plugin's version, description and exception messages; a jar whose name holds ESC.
        Path plugins = plugins("loud", Map.of(Hook.VERSION, "\"1.0\\r\\u001b[2K\"",
                Hook.DESCRIPTION, "\"\\u001b[5mblinking\\u0007 \\u202eevil\"",
                Hook.VALUE, "c > 0 ? (double) sneaky(new IllegalStateException(\"\\u001b[2Jcleared\")).hashCode() : c"));
        Files.writeString(plugins.resolve("\u001b[31mevil.jar"), "not a jar");
        CliTest.Result list = run("--plugins", plugins.toString(), "list");
        assertEquals(0, list.status(), list.err());
        assertTrue(list.out().contains("  loud 1.0\\x0d\\x1b[2K (SPI " + CalibriskPlugin.SPI_VERSION + ")"), list.out());
        assertTrue(list.out().contains("  loud - \\x1b[5mblinking\\x07 \\u202eevil"), list.out());
        assertTrue(list.out().contains("\\x1b[31mevil.jar skipped: not a jar (zip) file"), list.out());
        assertVisible(list);
        CliTest.Result table = run("--plugins", plugins.toString(), "evaluate", "--example", "--estimators", "loud,bins",
                "--quiet");
        assertEquals(0, table.status(), table.err());
        assertTrue(table.out().contains("failed: loud: fold 0, point c=0.001: \\x1b[2Jcleared"), table.out());
        assertVisible(table);
        CliTest.Result json = run("--plugins", plugins.toString(), "evaluate", "--example", "--estimators", "loud,bins",
                "--quiet", "--format", "json");
        assertEquals(0, json.status(), json.err());
        assertTrue(CliTest.json(json.out()).toString().contains("\\\\x1b[2Jcleared"), json.out());
    }

    @Test
    void unreadableJarsGetOneWarningEachNamingThem() throws Exception {
        Path plugins = plugins("good", Map.of());
        Files.writeString(plugins.resolve("text.jar"), "this is not a zip file");
        Files.createFile(plugins.resolve("empty.jar"));
        Files.createDirectory(plugins.resolve("folder.jar"));
        // Warnings go through the log, to the process's standard error: a fresh JVM shows them.
        CliTest.Result result = jvm("--plugins", plugins.toString(), "evaluate", "--example", "--estimators",
                "good,bins", "--quiet");
        assertEquals(0, result.status(), result.err());
        assertEquals(List.of(
                "calibrisk: warning: plugin jar " + plugins.resolve("empty.jar") + " skipped: the file is empty",
                "calibrisk: warning: plugin jar " + plugins.resolve("folder.jar") + " skipped: it is a folder, not a "
                        + "jar file",
                "calibrisk: warning: plugin jar " + plugins.resolve("text.jar") + " skipped: not a jar (zip) file: zip "
                        + "END header not found"), result.err().lines().toList());
        CliTest.Result list = run("--plugins", plugins.toString(), "list");
        assertTrue(list.out().contains("Skipped (3):"), list.out());
    }

    @Test
    void theSamePluginClassInTwoJarsIsRefusedNamingBoth() throws IOException {
        Files.createDirectories(folder.resolve("plugins"));
        Path first = HostilePlugins.jar(folder, "plugins/a.jar", "twin", Map.of());
        Path second = HostilePlugins.jar(folder, "plugins/b.jar", "twin", Map.of(Hook.VERSION, "\"2.0\""));
        assertOneLine(run("--plugins", folder.resolve("plugins").toString(), "list"), 2,
                "plugin class org.hostile.Ptwin is in two jars: " + first + " and " + second);
    }

    /** A plugin that answers its notions in another order every time: list prints them the same way every time. */
    @Test
    void listOutputIsStable() throws IOException {
        Path plugins = plugins("fickle", Map.of(Hook.MEMBERS, "static Set<Notion> shuffled() {\n"
                + "    List<Notion> all = new ArrayList<>(List.of(Notion.values()));\n"
                + "    Collections.shuffle(all);\n"
                + "    return new LinkedHashSet<>(all); }", Hook.NOTIONS, "shuffled()"));
        String first = run("--plugins", plugins.toString(), "list").out();
        for (int i = 0; i < 4; i++) {
            assertEquals(first, run("--plugins", plugins.toString(), "list").out());
        }
        assertTrue(first.contains("  fickle - a hostile test estimator\n      notions: [top-label, canonical, class-wise]"
                .replace("\n", System.lineSeparator())), first);
    }

    @Test
    void threadsHaveAStatedUpperBound() {
        for (String threads : List.of("0", "1025", "32768")) {
            assertOneLine(run("evaluate", "--example", "--threads", threads), 2, "--threads = " + threads
                    + ": must lie in [1, 1024]");
        }
        assertOneLine(run("evaluate", "--example", "--estimator-timeout", "soon"), 2, "--estimator-timeout = soon");
    }

    /** An internal error (here a kernel whose metadata fails the second time it is asked) is one line without class names. */
    @Test
    void anInternalErrorIsOneLineWithoutClassNamesUnlessVerbose() throws IOException {
        String kernel = "package org.hostile;\n"
                + "import io.calibrisk.api.CalibriskPlugin;\n"
                + "import io.calibrisk.api.kernel.*;\n"
                + "import java.util.List;\n"
                + "public class Flaky implements CalibriskPlugin {\n"
                + "  static int asked;\n"
                + "  public String name() { return \"flaky\"; }\n"
                + "  public String version() { return \"1\"; }\n"
                + "  public String spiVersion() { return SPI_VERSION; }\n"
                + "  public List<DensityKernel> densityKernels() { return List.of(new DensityKernel() {\n"
                + "    public String name() { return \"flaky\"; }\n"
                + "    public String description() { return \"fails the second time\"; }\n"
                + "    public KernelDomain domain() {\n"
                + "      if (asked++ > 0) throw new IllegalStateException(\"java.lang.IllegalStateException: gone\");\n"
                + "      return KernelDomain.UNIT_INTERVAL; }\n"
                + "    public double logDensity(double[] c, double[] x, double b) { return 0; }\n"
                + "  }); }\n"
                + "}\n";
        Files.createDirectories(folder.resolve("plugins"));
        PluginJars.build(folder, "plugins/flaky.jar", Map.of("org.hostile.Flaky", kernel),
                Map.of(HostilePlugins.SERVICE, "org.hostile.Flaky"));
        String[] args = {"--plugins", folder.resolve("plugins").toString(), "evaluate", "--example", "--estimators",
            "kde", "--set", "kde.kernel=flaky"};
        assertOneLine(run(args), 1, "calibrisk: internal error: gone (run with --verbose for details)");
        List<String> verbose = new ArrayList<>(List.of(args));
        verbose.add(0, "--verbose");
        CliTest.Result traced = run(verbose.toArray(new String[0]));
        assertEquals(1, traced.status());
        assertTrue(traced.err().contains("    at calibrisk-plugins//org.hostile.Flaky$1.domain"), "a stack trace with --verbose: " + traced.err());
    }

    @Test
    void aSplitFileWithAByteOrderMarkIsAccepted() throws IOException {
        Path sim = folder.resolve("sim");
        assertEquals(0, run("simulate", "--samples", "60", "--classes", "3", "--output-dir", sim.toString()).status());
        StringBuilder split = new StringBuilder("\uFEFF");
        for (int i = 0; i < 60; i++) {
            split.append(i < 12 ? -1 : i % 3).append("\r\n");
        }
        Path file = Files.writeString(folder.resolve("split.txt"), split.toString());
        CliTest.Result result = run("evaluate", "--probs", sim.resolve("probs.npy").toString(), "--labels",
                sim.resolve("labels.npy").toString(), "--split-file", file.toString(), "--estimators", "bins", "--quiet");
        assertEquals(0, result.status(), result.err());
        assertTrue(result.out().contains("3 folds, 12 test samples"), result.out());
    }
}
