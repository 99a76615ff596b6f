package io.calibrisk.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The Java programs in README.md compile and run as printed. */
class ReadmeExamplesTest {
    private static final Pattern JAVA_BLOCK = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL);
    private static final Pattern CLASS_NAME = Pattern.compile("public class (\\w+)");

    @TempDir
    Path folder;

    static Path readme() {
        return Path.of(System.getProperty("calibrisk.root", ".."), "README.md");
    }

    @Test
    void everyCompleteProgramInTheReadmeCompilesAndRuns() throws Exception {
        String text = Files.readString(readme(), StandardCharsets.UTF_8);
        Matcher blocks = JAVA_BLOCK.matcher(text);
        List<String> programs = new ArrayList<>();
        while (blocks.find()) {
            if (blocks.group(1).contains("public static void main")) {
                programs.add(blocks.group(1));
            }
        }
        assertEquals(2, programs.size(), "the facade example and the Guice example");
        for (String program : programs) {
            Matcher name = CLASS_NAME.matcher(program);
            assertTrue(name.find(), program);
            String output = compileAndRun(name.group(1), program);
            assertTrue(output.contains("recommended: ") || output.contains("class-wise CE by bins: "), output);
            assertTrue(!output.contains("NaN"), output);
        }
    }

    private String compileAndRun(String className, String source) throws Exception {
        Path src = folder.resolve(className + ".java");
        Files.writeString(src, source);
        Path classes = Files.createDirectories(folder.resolve("classes-" + className));
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream errors = new ByteArrayOutputStream();
        int status = compiler.run(null, errors, errors, "-d", classes.toString(), "-classpath",
                System.getProperty("java.class.path"), "-Xlint:all", "-Werror", src.toString());
        assertEquals(0, status, errors.toString(StandardCharsets.UTF_8));
        PrintStream original = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()},
                ReadmeExamplesTest.class.getClassLoader())) {
            System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
            loader.loadClass(className).getMethod("main", String[].class).invoke(null, (Object) new String[0]);
        } catch (IOException e) {
            throw new AssertionError(e);
        } finally {
            System.setOut(original);
        }
        return captured.toString(StandardCharsets.UTF_8);
    }
}
