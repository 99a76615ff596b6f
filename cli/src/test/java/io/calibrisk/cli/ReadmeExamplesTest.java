package io.calibrisk.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.calibrisk.pipeline.io.Npy;
import io.calibrisk.pipeline.simulation.DirichletSimulation;
import io.calibrisk.pipeline.simulation.SimulatedData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Java programs in README.md compile and run as printed, as an embedding application would
 * run them: on a class path without the command line, picocli, the progress bar or Logback.
 */
class ReadmeExamplesTest {
    private static final Pattern JAVA_BLOCK = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL);
    private static final Pattern CLASS_NAME = Pattern.compile("public class (\\w+)");
    /** Class-path entries only the command line needs: its own classes and its libraries. */
    private static final Pattern CLI_ONLY = Pattern.compile(
            ".*(/cli/target/(test-)?classes/?|/picocli-[^/]*\\.jar|/progressbar-[^/]*\\.jar|/jline-[^/]*\\.jar"
                    + "|/logback-[^/]*\\.jar)$");
    /** The README program that reads an .npy pair and writes a JSON report. */
    private static final String NPY_TO_JSON = "NpyToJson";

    @TempDir
    Path folder;

    static Path readme() {
        return Path.of(System.getProperty("calibrisk.root", ".."), "README.md");
    }

    /** The test's class path less what only the command line needs. */
    static List<Path> embeddingClassPath() {
        List<Path> kept = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (!entry.isEmpty() && !CLI_ONLY.matcher(entry.replace('\\', '/')).matches()) {
                kept.add(Path.of(entry));
            }
        }
        return kept;
    }

    @Test
    void theEmbeddingClassPathHasNeitherTheCommandLineNorItsLibraries() throws Exception {
        List<String> cliOnly = List.of("picocli.CommandLine", "me.tongfei.progressbar.ProgressBar",
                "ch.qos.logback.classic.Logger", CalibriskCommand.class.getName());
        for (String name : cliOnly) {
            // the test's own class path has them: the filter below has something to remove
            Class.forName(name, false, ReadmeExamplesTest.class.getClassLoader());
        }
        try (URLClassLoader embedding = isolated(List.of())) {
            for (String name : cliOnly) {
                assertThrows(ClassNotFoundException.class, () -> Class.forName(name, false, embedding), name);
            }
            Class.forName("io.calibrisk.pipeline.io.InputFiles", false, embedding);
            Class.forName("com.fasterxml.jackson.core.JsonGenerator", false, embedding);
        }
    }

    @Test
    void everyCompleteProgramInTheReadmeCompilesAndRunsWithoutTheCommandLine() throws Exception {
        String text = Files.readString(readme(), StandardCharsets.UTF_8);
        Matcher blocks = JAVA_BLOCK.matcher(text);
        Map<String, String> programs = new LinkedHashMap<>();
        while (blocks.find()) {
            if (blocks.group(1).contains("public static void main")) {
                Matcher name = CLASS_NAME.matcher(blocks.group(1));
                assertTrue(name.find(), blocks.group(1));
                programs.put(name.group(1), blocks.group(1));
            }
        }
        assertTrue(programs.containsKey(NPY_TO_JSON), "the .npy-to-JSON example: " + programs.keySet());
        Path[] input = simulatedNpyPair();
        Path report = folder.resolve("report.json");
        String[] args = {input[0].toString(), input[1].toString(), report.toString()};
        for (Map.Entry<String, String> program : programs.entrySet()) {
            String output = compileAndRun(program.getKey(), program.getValue(), args);
            assertFalse(output.isBlank(), program.getKey());
            assertFalse(output.contains("NaN"), output);
        }

        // The program's report is the command's report on the same files, but for the timings.
        CliTest.Result cli = CliTest.run("evaluate", "--probs", args[0], "--labels", args[1], "--format", "json",
                "--no-timings", "--quiet");
        assertEquals(0, cli.status(), cli.err());
        JsonNode embedded = CliTest.json(Files.readString(report));
        assertTrue(embedded.at("/estimators/0/seconds").isNumber(), "the program asked for timings");
        embedded.get("estimators").forEach(e -> ((ObjectNode) e).remove("seconds"));
        ((ObjectNode) embedded.get("run")).remove("threads");
        JsonNode command = CliTest.json(cli.out());
        assertEquals("files", command.at("/inputs/origin").textValue());
        assertEquals("memory", embedded.at("/inputs/origin").textValue(), "the program handed its arrays over");
        ((ObjectNode) command).remove("inputs");
        ((ObjectNode) embedded).remove("inputs");
        assertEquals(command, embedded);
    }

    /** The paper's simulation as probs.npy and labels.npy, as {@code calibrisk simulate} writes them. */
    private Path[] simulatedNpyPair() throws IOException {
        SimulatedData data = DirichletSimulation.paper(3).generate();
        int n = data.predictions().size();
        Path probs = folder.resolve("probs.npy");
        Path labels = folder.resolve("labels.npy");
        try (OutputStream out = Files.newOutputStream(probs)) {
            Npy.writeDoubles(out, data.predictions().points().toArray(), n, data.predictions().classes());
        }
        try (OutputStream out = Files.newOutputStream(labels)) {
            Npy.writeLongs(out, Arrays.stream(data.labels().toArray()).asLongStream().toArray(), n);
        }
        return new Path[] {probs, labels};
    }

    private URLClassLoader isolated(List<Path> extra) throws IOException {
        List<URL> urls = new ArrayList<>();
        for (Path p : extra) {
            urls.add(p.toUri().toURL());
        }
        for (Path p : embeddingClassPath()) {
            urls.add(p.toUri().toURL());
        }
        // The platform loader as parent: nothing leaks in from the test's own class path.
        return new URLClassLoader("embedding", urls.toArray(new URL[0]), ClassLoader.getPlatformClassLoader());
    }

    private String compileAndRun(String className, String source, String[] args) throws Exception {
        Path src = folder.resolve(className + ".java");
        Files.writeString(src, source);
        Path classes = Files.createDirectories(folder.resolve("classes-" + className));
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream errors = new ByteArrayOutputStream();
        String classPath = String.join(File.pathSeparator, embeddingClassPath().stream().map(Path::toString).toList());
        int status = compiler.run(null, errors, errors, "-d", classes.toString(), "-classpath", classPath,
                "-Xlint:all", "-Werror", src.toString());
        assertEquals(0, status, errors.toString(StandardCharsets.UTF_8));
        PrintStream original = System.out;
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        try (URLClassLoader loader = isolated(List.of(classes))) {
            System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
            Thread.currentThread().setContextClassLoader(loader);
            loader.loadClass(className).getMethod("main", String[].class).invoke(null, (Object) args.clone());
        } finally {
            Thread.currentThread().setContextClassLoader(context);
            System.setOut(original);
        }
        return captured.toString(StandardCharsets.UTF_8);
    }
}
