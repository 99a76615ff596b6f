package io.calibrisk.cli;

import io.calibrisk.api.InvalidInputException;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The class loader that puts every jar of the plugin folders on the class path: the
 * {@code plugins/} folder of the installation (when it exists) and every folder given with
 * {@code --plugins}.
 */
final class PluginPath {

    private PluginPath() {
    }

    /**
     * @return the installation's {@code plugins/} folder, from the {@code calibrisk.home}
     *     system property the launcher sets, or null
     */
    static Path defaultFolder() {
        String home = System.getProperty("calibrisk.home");
        if (home == null || home.isBlank()) {
            return null;
        }
        Path folder = Path.of(home, "plugins");
        return Files.isDirectory(folder) ? folder : null;
    }

    /**
     * @param folders the folders named with {@code --plugins}; each must exist
     * @return a loader over the built-in estimators and every plugin jar, sorted by file name
     *     within each folder
     * @throws InvalidInputException if a named folder does not exist or cannot be listed
     */
    static ClassLoader loader(List<Path> folders) {
        List<Path> all = new ArrayList<>();
        Path home = defaultFolder();
        if (home != null) {
            all.add(home);
        }
        for (Path folder : folders) {
            if (!Files.isDirectory(folder)) {
                throw new InvalidInputException("--plugins " + folder + ": not a folder");
            }
            all.add(folder);
        }
        List<URL> jars = new ArrayList<>();
        for (Path folder : all) {
            try (Stream<Path> files = Files.list(folder)) {
                for (Path jar : files.filter(p -> p.getFileName().toString().endsWith(".jar")).sorted().toList()) {
                    jars.add(jar.toAbsolutePath().toUri().toURL());
                }
            } catch (IOException e) {
                throw new InvalidInputException(folder + ": cannot list plugin folder: " + e.getMessage());
            }
        }
        ClassLoader parent = PluginPath.class.getClassLoader();
        if (jars.isEmpty()) {
            return parent;
        }
        return new URLClassLoader("calibrisk-plugins", jars.toArray(new URL[0]), parent);
    }
}
