package io.calibrisk.testsupport;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/**
 * Builds plugin jars during a test, outside the reactor's compile path: Java sources are
 * compiled with the system compiler against the test's class path, and packed with their
 * {@code META-INF/services} files.
 */
public final class PluginJars {

    private PluginJars() {
    }

    /**
     * @param folder   a scratch folder (the jar goes into it)
     * @param jarName  the jar's file name
     * @param sources  fully qualified class name → Java source
     * @param services service interface → provider class names, one per line
     * @return the jar
     * @throws IOException if writing fails
     */
    public static Path build(Path folder, String jarName, Map<String, String> sources, Map<String, String> services)
            throws IOException {
        return build(folder, jarName, sources, services, java.util.Set.of());
    }

    /**
     * Builds a jar, leaving some compiled classes out of it: compile a provider against a
     * stand-in of an SPI type (another version of it) and ship only the provider, to get a
     * plugin built against an incompatible SPI.
     *
     * @param folder      a scratch folder (the jar goes into it)
     * @param jarName     the jar's file name
     * @param sources     fully qualified class name → Java source
     * @param services    service interface → provider class names, one per line
     * @param compileOnly fully qualified names of classes compiled but not packed
     * @return the jar
     * @throws IOException if writing fails
     */
    public static Path build(Path folder, String jarName, Map<String, String> sources, Map<String, String> services,
                             java.util.Set<String> compileOnly) throws IOException {
        Path src = Files.createTempDirectory(folder, "src");
        Path classes = Files.createTempDirectory(folder, "classes");
        List<String> arguments = new ArrayList<>(List.of("-d", classes.toString(), "-classpath",
                compileOnly.isEmpty() ? System.getProperty("java.class.path") : classes.toString(),
                "--release", "17", "-nowarn"));
        for (Map.Entry<String, String> e : sources.entrySet()) {
            Path file = src.resolve(e.getKey().replace('.', '/') + ".java");
            Files.createDirectories(file.getParent());
            Files.writeString(file, e.getValue());
            arguments.add(file.toString());
        }
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        if (compiler == null) {
            throw new IllegalStateException("no system Java compiler; run the tests on a JDK, not a JRE");
        }
        ByteArrayOutputStream errors = new ByteArrayOutputStream();
        int status = compiler.run(null, errors, errors, arguments.toArray(new String[0]));
        if (status != 0) {
            throw new IllegalStateException("plugin sources do not compile:\n" + errors.toString(StandardCharsets.UTF_8));
        }
        Path jar = folder.resolve(jarName);
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file)) {
            try (Stream<Path> walk = Files.walk(classes)) {
                for (Path p : walk.filter(Files::isRegularFile).sorted().toList()) {
                    String className = classes.relativize(p).toString().replace('\\', '/').replace('/', '.')
                            .replaceAll("\\.class$", "").replaceAll("\\$.*$", "");
                    if (compileOnly.contains(className)) {
                        continue;
                    }
                    out.putNextEntry(new JarEntry(classes.relativize(p).toString().replace('\\', '/')));
                    out.write(Files.readAllBytes(p));
                    out.closeEntry();
                }
            }
            for (Map.Entry<String, String> e : services.entrySet()) {
                out.putNextEntry(new JarEntry("META-INF/services/" + e.getKey()));
                out.write((e.getValue() + "\n").getBytes(StandardCharsets.UTF_8));
                out.closeEntry();
            }
        }
        return jar;
    }

    /**
     * @param jar a jar file
     * @return its entries, for diagnostics
     * @throws IOException if reading fails
     */
    public static List<String> entries(Path jar) throws IOException {
        List<String> names = new ArrayList<>();
        try (java.util.jar.JarFile file = new java.util.jar.JarFile(jar.toFile())) {
            file.stream().forEach(e -> names.add(e.getName()));
        }
        return names;
    }

    /**
     * A map with one entry, for {@link #build}'s arguments.
     *
     * @param key   the key
     * @param value the value
     * @return the map
     */
    public static Map<String, String> one(String key, String value) {
        return Map.of(key, value);
    }
}
