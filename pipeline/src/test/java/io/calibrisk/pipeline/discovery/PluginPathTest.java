package io.calibrisk.pipeline.discovery;

import io.calibrisk.api.InvalidInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The plugin folders of a run: the installation's {@code plugins/} folder and the named ones,
 * and for a repeated run the recorded folders first. A jar that cannot be opened stands for a
 * plugin here: its one skipped line shows which folders were searched, in which order.
 */
class PluginPathTest {

    @TempDir
    Path root;

    private Path folder(String name, String jar, String content) throws IOException {
        Path folder = Files.createDirectories(root.resolve(name));
        Files.writeString(folder.resolve(jar), content);
        return folder;
    }

    /** @return the lines of the jars left out (discovery may add lines of its own after them) */
    private static List<String> jarLines(Plugins plugins) {
        return plugins.skipped().stream().filter(line -> line.startsWith("plugin jar ")).toList();
    }

    private static String skipped(Path folder, String jar, String problem) {
        return "plugin jar " + folder.resolve(jar) + " skipped: " + problem;
    }

    @Test
    void aNamedFolderThatDoesNotExistIsNamedWithItsOption() {
        Path missing = root.resolve("missing");
        InvalidInputException e = assertThrows(InvalidInputException.class,
                () -> new PluginPath(List.of(missing)).plugins());
        assertEquals("--plugins " + missing + ": not a folder", e.getMessage());
    }

    @Test
    void theFoldersAreDiscoveredOnce() throws IOException {
        Path named = folder("named", "empty.jar", "");
        PluginPath path = new PluginPath(List.of(named));
        Plugins plugins = path.plugins();
        assertEquals(List.of(skipped(named, "empty.jar", "the file is empty")), jarLines(plugins));
        assertSame(plugins, path.plugins());
        // A repeated run that recorded the same folder (spelled another way) needs no second discovery.
        assertSame(plugins, path.plugins(List.of(named.resolve("..").resolve("named"))));
    }

    @Test
    void aRepeatedRunSearchesTheRecordedFoldersFirstAndEachOnce() throws IOException {
        Path named = folder("named", "empty.jar", "");
        Path recorded = folder("recorded", "text.jar", "not a zip");
        PluginPath path = new PluginPath(List.of(named));
        Plugins plugins = path.plugins(List.of(recorded, named, recorded));
        assertNotSame(path.plugins(), plugins);
        List<String> lines = jarLines(plugins);
        assertEquals(2, lines.size(), lines.toString());
        assertTrue(lines.get(0).startsWith(skipped(recorded, "text.jar", "not a jar (zip) file")), lines.get(0));
        assertEquals(skipped(named, "empty.jar", "the file is empty"), lines.get(1));
    }

    @Test
    void theInstallationFolderIsSearchedFirst() throws IOException {
        Path home = root.resolve("home");
        Path installed = folder("home/plugins", "empty.jar", "");
        Path named = folder("named", "text.jar", "not a zip");
        String before = System.getProperty(PluginPath.HOME_PROPERTY);
        System.setProperty(PluginPath.HOME_PROPERTY, home.toString());
        try {
            assertEquals(installed, PluginPath.installationFolder());
            List<String> skipped = jarLines(new PluginPath(List.of(named)).plugins());
            assertEquals(skipped(installed, "empty.jar", "the file is empty"), skipped.get(0));
            assertEquals(2, skipped.size(), skipped.toString());
        } finally {
            if (before == null) {
                System.clearProperty(PluginPath.HOME_PROPERTY);
            } else {
                System.setProperty(PluginPath.HOME_PROPERTY, before);
            }
        }
    }
}
