package io.calibrisk.pipeline.discovery;

import io.calibrisk.api.PluginException;
import io.calibrisk.api.data.Notion;
import io.calibrisk.pipeline.Calibrisk;
import io.calibrisk.pipeline.TestData;
import io.calibrisk.pipeline.data.Labels;
import io.calibrisk.pipeline.data.Predictions;
import io.calibrisk.testsupport.Generators;
import io.calibrisk.testsupport.HostilePlugins;
import io.calibrisk.testsupport.HostilePlugins.Hook;
import io.calibrisk.testsupport.PluginJars;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Plugin jars written to break discovery: every Throwable from a constructor, a static
 * initialiser or a metadata method, a constructor that never returns, service files that list
 * what cannot be loaded, one class in two jars, metadata that changes from call to call. Each is
 * skipped (or refused) in one escaped line naming its jar, and the others load.
 */
class HostilePluginsTest {
    private static final Generators.Dataset DATA = Generators.dataset(200, 3, Generators.RowStyle.SPREAD, 4);
    private static final Predictions PREDICTIONS = TestData.predictions(DATA.samples());
    private static final Labels LABELS = TestData.labels(DATA.samples());

    @TempDir
    Path folder;

    private Path jar(String name, Map<Hook, String> hooks) throws IOException {
        return HostilePlugins.jar(folder, name + ".jar", name, hooks);
    }

    private static URLClassLoader loader(Path... jars) throws IOException {
        URL[] urls = new URL[jars.length];
        for (int i = 0; i < jars.length; i++) {
            urls[i] = jars[i].toUri().toURL();
        }
        return new URLClassLoader(urls, HostilePluginsTest.class.getClassLoader());
    }

    private static String where(String name, Path jar) {
        return "plugin org.hostile." + HostilePlugins.className(name) + " (" + jar + ")";
    }

    private static void assertVisible(List<String> lines) {
        for (String line : lines) {
            assertTrue(line.codePoints().noneMatch(c -> c < 0x20 || (c >= 0x7f && c <= 0x9f)), line);
            assertFalse(line.contains("java.lang") || line.contains("Exception") || line.contains("Error:"), line);
        }
    }

    @Test
    void everyThrowableFromAPluginIsContainedAndNamedWithItsJar() throws IOException {
        Path overflow = jar("overflow", Map.of(Hook.CONSTRUCTOR, "deep(0);"));
        Path initialiser = jar("initialiser", Map.of(Hook.STATIC,
                "if (true) throw new InternalError(\"\\u001b[31mred\\u0007 alert\\rfake line\");"));
        Path sneaky = jar("sneaky", Map.of(Hook.CONSTRUCTOR, "throw sneaky(new java.io.IOException(\"no network\"));"));
        Path metadata = jar("metadata", Map.of(Hook.DESCRIPTION, "\"x\" + deep(0)"));
        Path custom = jar("custom", Map.of(Hook.MEMBERS, "static final class Boom extends Error { }",
                Hook.CONSTRUCTOR, "throw new Boom();"));
        Path fine = jar("fine", Map.of());
        try (URLClassLoader loader = loader(overflow, initialiser, sneaky, metadata, custom, fine)) {
            Plugins plugins = Calibrisk.discover(loader);
            assertEquals(Set.of("fine"), plugins.estimators().keySet());
            assertEquals(List.of(
                    where("overflow", overflow) + " skipped: it could not be created: ran out of stack (too deep a "
                            + "recursion)",
                    where("initialiser", initialiser) + " skipped: it could not be created: \\x1b[31mred\\x07 "
                            + "alert\\x0dfake line",
                    where("sneaky", sneaky) + " skipped: it could not be created: no network",
                    where("metadata", metadata) + " skipped: ran out of stack (too deep a recursion)",
                    where("custom", custom) + " skipped: it could not be created: failed with an unexplained boom "
                            + "(run with --verbose for the stack trace)"),
                    plugins.skipped());
            assertVisible(plugins.skipped());
            assertFalse(Calibrisk.builder().classLoader(loader).estimators("fine").build().evaluate(PREDICTIONS, LABELS)
                    .estimators().get(0).failed());
        }
    }

    @Test
    void aPluginThatNeverReturnsIsSkippedAfterTheTimeLimit() throws IOException {
        Path constructor = jar("stuck-constructor", Map.of(Hook.CONSTRUCTOR, "hang(\"discovery-constructor\");"));
        Path description = jar("stuck-description", Map.of(Hook.DESCRIPTION, "hung(\"discovery-description\")"));
        Path fine = jar("fine", Map.of());
        try (URLClassLoader loader = loader(constructor, description, fine)) {
            Plugins plugins = PluginDiscovery.discover(loader, List.of(), Duration.ofMillis(300));
            assertEquals(Set.of("fine"), plugins.estimators().keySet());
            assertEquals(List.of(
                    where("stuck-constructor", constructor) + " skipped: it did not finish loading within 300 ms (its "
                            + "constructor or metadata never returned)",
                    where("stuck-description", description) + " skipped: it did not finish loading within 300 ms (its "
                            + "constructor or metadata never returned)"), plugins.skipped());
        } finally {
            System.setProperty("calibrisk.hostile.discovery-constructor", "true");
            System.setProperty("calibrisk.hostile.discovery-description", "true");
        }
    }

    /** Copies a jar with one more entry: bytes no compiler would write. */
    private static Path withEntry(Path jar, String name, byte[] bytes) throws IOException {
        Path copy = jar.resolveSibling("with-" + jar.getFileName());
        try (JarFile in = new JarFile(jar.toFile()); OutputStream file = Files.newOutputStream(copy);
             JarOutputStream out = new JarOutputStream(file)) {
            Enumeration<JarEntry> entries = in.entries();
            while (entries.hasMoreElements()) {
                JarEntry entry = entries.nextElement();
                out.putNextEntry(new JarEntry(entry.getName()));
                try (InputStream data = in.getInputStream(entry)) {
                    data.transferTo(out);
                }
                out.closeEntry();
            }
            out.putNextEntry(new JarEntry(name));
            out.write(bytes);
            out.closeEntry();
        }
        return copy;
    }

    @Test
    void everyBrokenServiceEntryIsSkippedWithItsJar() throws IOException {
        String service = String.join("\n", "# plugins of a broken jar", "org.hostile.Missing",
                "org.hostile.NotAPlugin  # a comment", "org.hostile.Garbage", "1nvalid-name\u001b[31m",
                "org.hostile.Abstract", "org.hostile.NoDefault", "org.hostile.Missing");
        String plugin = "implements io.calibrisk.api.CalibriskPlugin {\n"
                + "  public String name() { return \"x\"; }\n  public String version() { return \"1\"; }\n"
                + "  public String spiVersion() { return SPI_VERSION; }\n";
        Path built = PluginJars.build(folder, "broken.jar", Map.of(
                "org.hostile.NotAPlugin", "package org.hostile;\npublic class NotAPlugin { }\n",
                "org.hostile.Abstract", "package org.hostile;\npublic abstract class Abstract " + plugin + "}\n",
                "org.hostile.NoDefault", "package org.hostile;\npublic class NoDefault " + plugin
                        + "  public NoDefault(int x) { }\n}\n"),
                Map.of(HostilePlugins.SERVICE, service));
        Path jar = withEntry(built, "org/hostile/Garbage.class", "not a class file".getBytes(StandardCharsets.UTF_8));
        Path fine = jar("fine", Map.of());
        try (URLClassLoader loader = loader(jar, fine)) {
            Plugins plugins = Calibrisk.discover(loader);
            assertEquals(Set.of("fine"), plugins.estimators().keySet());
            List<String> skipped = plugins.skipped();
            assertEquals(6, skipped.size(), skipped.toString());
            assertEquals("plugin service file of " + jar + ", line 5: '1nvalid-name\\x1b[31m' is not a class name; "
                    + "skipped", skipped.get(0));
            assertEquals("plugin org.hostile.Missing (" + jar + ") skipped: its class is not in the jar", skipped.get(1));
            assertEquals("plugin org.hostile.NotAPlugin (" + jar + ") skipped: its class does not implement the plugin "
                    + "interface of this SPI", skipped.get(2));
            assertTrue(skipped.get(3).startsWith("plugin org.hostile.Garbage (" + jar + ") skipped: its class cannot be "
                    + "loaded: "), skipped.get(3));
            assertEquals("plugin org.hostile.Abstract (" + jar + ") skipped: its class is abstract", skipped.get(4));
            assertEquals("plugin org.hostile.NoDefault (" + jar + ") skipped: it has no public constructor without "
                    + "arguments (a public class with one is needed)", skipped.get(5));
            assertVisible(skipped);
        }
    }

    /** The class loader would take the first and ignore the other silently: whichever the user meant, it is refused. */
    @Test
    void oneClassInTwoJarsIsRefusedLikeADuplicateName() throws IOException {
        Path first = HostilePlugins.jar(folder, "first.jar", "twin", Map.of(Hook.VERSION, "\"1.0\""));
        Path second = HostilePlugins.jar(folder, "second.jar", "twin", Map.of(Hook.VERSION, "\"2.0\""));
        try (URLClassLoader loader = loader(first, second)) {
            PluginException e = assertThrows(PluginException.class, () -> Calibrisk.discover(loader));
            assertEquals("plugin class org.hostile.Ptwin is in two jars: " + first + " and " + second
                    + " (calibrisk would use the first); remove one of them", e.getMessage());
        }
        // The same jar listed twice is one jar, not two.
        try (URLClassLoader loader = loader(first, first)) {
            assertEquals("1.0", Calibrisk.discover(loader).plugins().stream().filter(p -> p.name().equals("twin"))
                    .findFirst().orElseThrow().version());
        }
    }

    /**
     * Metadata is asked once, at discovery, and kept: a plugin whose answers change from call to
     * call (notions in another order every time) is seen the same by planning, every run and
     * {@code list}; and discovery creates no estimator.
     */
    @Test
    void metadataIsAskedOnceAndKeptInTheNotionsOrder() throws Exception {
        String members = "public static int asked; public static int created;\n"
                + "  static Set<Notion> shuffled() {\n"
                + "    asked++;\n"
                + "    List<Notion> all = new ArrayList<>(List.of(Notion.values()));\n"
                + "    Collections.shuffle(all);\n"
                + "    return new LinkedHashSet<>(all);\n"
                + "  }";
        Path jar = jar("fickle", Map.of(Hook.MEMBERS, members, Hook.NOTIONS, "shuffled()", Hook.CREATE, "created++;"));
        try (URLClassLoader loader = loader(jar)) {
            Plugins plugins = Calibrisk.discover(loader);
            Class<?> type = loader.loadClass("org.hostile." + HostilePlugins.className("fickle"));
            assertEquals(1, type.getField("asked").getInt(null));
            assertEquals(0, type.getField("created").getInt(null), "discovery creates no estimator");
            List<List<Notion>> seen = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                seen.add(List.copyOf(plugins.estimators().get("fickle").provider().notions()));
            }
            Calibrisk calibrisk = Calibrisk.builder().plugins(plugins).estimators("fickle").build();
            calibrisk.evaluate(PREDICTIONS, LABELS);
            assertEquals(1, type.getField("asked").getInt(null), "planning and a run ask nothing more");
            assertEquals(1, type.getField("created").getInt(null));
            for (List<Notion> notions : seen) {
                assertEquals(List.of(Notion.values()), notions);
            }
            assertEquals("org.hostile.Pfickle$Estimator", plugins.estimators().get("fickle").className());
            assertEquals(jar.toString(), calibrisk.plan().estimators().get(0).source());
        }
    }
}
