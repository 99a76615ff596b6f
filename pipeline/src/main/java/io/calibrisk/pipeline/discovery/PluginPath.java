package io.calibrisk.pipeline.discovery;

import io.calibrisk.api.InvalidInputException;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The plugin folders of a run: the {@code plugins/} folder of the installation (when it exists)
 * and every folder named with {@code --plugins}, discovered on a class loader over calibrisk's
 * own plugins. An embedding program that loads the plugin jars of some folders does the same:
 *
 * <pre>{@code
 * Plugins plugins = new PluginPath(List.of(Path.of("my-plugins"))).plugins();
 * Calibrisk calibrisk = Calibrisk.builder().plugins(plugins).build();
 * }</pre>
 */
public final class PluginPath {
    /**
     * The system property that names the installation's folder; the launcher sets it from the
     * environment variable {@code CALIBRISK_HOME}, by default the distribution's own folder.
     */
    public static final String HOME_PROPERTY = "calibrisk.home";

    private final List<Path> folders;
    private Plugins plugins;

    /**
     * @param folders the folders named with {@code --plugins}, besides the installation's; each
     *                must exist when the plugins are discovered
     */
    public PluginPath(List<Path> folders) {
        this.folders = List.copyOf(folders);
    }

    /**
     * @return the installation's {@code plugins/} folder, from the {@value #HOME_PROPERTY}
     *     system property, or null
     */
    public static Path installationFolder() {
        String home = System.getProperty(HOME_PROPERTY);
        if (home == null || home.isBlank()) {
            return null;
        }
        Path folder = Path.of(home, "plugins");
        return Files.isDirectory(folder) ? folder : null;
    }

    /**
     * The plugins of these folders, discovered once: the installation's {@code plugins/}
     * folder, every named folder, and calibrisk's own.
     *
     * @return what discovery found, with a line for every jar that could not be opened first among the skipped
     * @throws InvalidInputException if a named folder does not exist or cannot be listed
     */
    public synchronized Plugins plugins() {
        if (plugins == null) {
            plugins = discover(folders);
        }
        return plugins;
    }

    /**
     * The plugins of a repeated run: the folders its report records, then these.
     *
     * @param recorded the plugin folders of the recorded run
     * @return what discovery found in both (a folder named twice is searched once)
     * @throws InvalidInputException if a folder does not exist or cannot be listed
     */
    public Plugins plugins(List<Path> recorded) {
        if (normalised(recorded).equals(normalised(folders))) {
            return plugins();
        }
        List<Path> all = new ArrayList<>();
        Set<Path> seen = new HashSet<>();
        for (List<Path> list : List.of(recorded, folders)) {
            for (Path folder : list) {
                if (seen.add(folder.toAbsolutePath().normalize())) {
                    all.add(folder);
                }
            }
        }
        return discover(all);
    }

    private static Set<Path> normalised(List<Path> folders) {
        Set<Path> set = new HashSet<>();
        folders.forEach(folder -> set.add(folder.toAbsolutePath().normalize()));
        return set;
    }

    /**
     * @param named folders named with {@code --plugins}; each must exist
     * @return every plugin jar of the installation's folder and of these, sorted by file name
     *     within each folder, on a class loader over the built-in estimators; a jar that cannot
     *     be opened is left out with one warning naming it
     * @throws InvalidInputException if a named folder does not exist or cannot be listed
     */
    private static Plugins discover(List<Path> named) {
        List<Path> all = new ArrayList<>();
        Path home = installationFolder();
        if (home != null) {
            all.add(home);
        }
        for (Path folder : named) {
            if (!Files.isDirectory(folder)) {
                throw new InvalidInputException("--plugins " + folder + ": not a folder");
            }
            all.add(folder);
        }
        PluginFolders scanned = PluginFolders.scan(all, PluginPath.class.getClassLoader());
        return PluginDiscovery.discover(scanned.loader()).withSkipped(scanned.skipped());
    }
}
