package io.calibrisk.cli;

import io.calibrisk.api.InvalidInputException;
import io.calibrisk.pipeline.discovery.PluginFolders;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The plugin folders of a command: the
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
     * @return every plugin jar of the installation's folder and of these, sorted by file name
     *     within each folder, on a class loader over the built-in estimators; a jar that cannot
     *     be opened is left out with one warning naming it
     * @throws InvalidInputException if a named folder does not exist or cannot be listed
     */
    static PluginFolders folders(List<Path> folders) {
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
        return PluginFolders.scan(all, PluginPath.class.getClassLoader());
    }
}
