package io.calibrisk.pipeline.report;

import io.calibrisk.api.CalibriskPlugin;
import io.calibrisk.pipeline.io.InputFile;
import io.calibrisk.pipeline.io.LabelledPredictions;
import io.calibrisk.pipeline.io.Scores;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;

/**
 * Everything needed to repeat a run and to recognise its input: the versions of calibrisk and
 * its SPI, every option with its default resolved, each estimator's settings and search space,
 * the plugins that took part, and the input files with their checksums. A JSON report carries
 * it, and {@code calibrisk evaluate --from report.json} runs it again.
 *
 * @param calibriskVersion the version of calibrisk that made the report
 * @param spiVersion       the version of its plugin SPI
 * @param run              the options of the run
 * @param plugins          the plugins whose estimators, kernels or search strategy took part
 * @param inputs           where the data came from, as the caller gave them; {@link Inputs#NONE}
 *                         for data handed over in memory
 */
public record Provenance(String calibriskVersion, String spiVersion, Run run, List<Plugin> plugins, Inputs inputs) {

    private static final String VERSION = readVersion();

    /** Copies the list. */
    public Provenance {
        plugins = List.copyOf(plugins);
    }

    /**
     * @param run     the options of the run
     * @param plugins the plugins that took part
     * @return the provenance of a run of this calibrisk, without inputs
     */
    public static Provenance of(Run run, List<Plugin> plugins) {
        return new Provenance(VERSION, CalibriskPlugin.SPI_VERSION, run, plugins, Inputs.NONE);
    }

    /** @return the version of this calibrisk, from the build */
    public static String currentVersion() {
        return VERSION;
    }

    /**
     * @param value where the data came from
     * @return this provenance with those inputs
     */
    public Provenance withInputs(Inputs value) {
        return new Provenance(calibriskVersion, spiVersion, run, plugins, value);
    }

    /**
     * The options of a run, with every default resolved.
     *
     * @param notion       the notion's id
     * @param estimators   the estimators, in report order
     * @param search       the search strategy
     * @param folds        the number of folds k
     * @param testFraction the held-out fraction when shuffling
     * @param seed         the seed of the shuffle and of the interval's resampling
     * @param userSplit    whether a user-supplied split replaced the shuffle (its file is among
     *                     the inputs, role {@code split})
     * @param testSamples  the size of the test split
     * @param bootstrap    the replicates of the interval (0: none)
     * @param level        the interval's coverage
     * @param threads      the size of the thread pool (results do not depend on it)
     * @param sets         the settings the user gave, {@code estimator.setting} → value as text
     * @param grids        the axes the user gave, {@code estimator.axis} → values
     * @param settings     per estimator, every setting it declares with its value (defaults
     *                     resolved), as text
     * @param searchSpaces per estimator, every axis of its search space with its values
     */
    public record Run(String notion, List<String> estimators, String search, int folds, double testFraction,
                      long seed, boolean userSplit, int testSamples, int bootstrap, double level, int threads,
                      Map<String, String> sets, Map<String, List<Double>> grids,
                      Map<String, Map<String, String>> settings, Map<String, Map<String, List<Double>>> searchSpaces) {

        /** Copies the collections, keeping their order. */
        public Run {
            estimators = List.copyOf(estimators);
            sets = copy(sets);
            grids = copy(grids);
            settings = copy(settings);
            searchSpaces = copy(searchSpaces);
        }

        private static <V> Map<String, V> copy(Map<String, V> map) {
            return Collections.unmodifiableMap(new LinkedHashMap<>(map));
        }
    }

    /**
     * A plugin that took part in a run.
     *
     * @param name       its name
     * @param version    its own version
     * @param spiVersion the SPI version it was compiled against
     * @param jar        the jar or class folder it came from
     * @param provides   what it contributed to the run: estimators, kernels, the search strategy
     */
    public record Plugin(String name, String version, String spiVersion, String jar, List<String> provides) {

        /** Copies the list. */
        public Plugin {
            provides = List.copyOf(provides);
        }
    }

    /**
     * Where a run's data came from.
     *
     * @param origin        {@value #FILES} (read from the files listed), {@value #EXAMPLE} (the
     *                      built-in example, generated again on demand) or {@value #MEMORY}
     *                      (handed over by a program, or read from a stream: not repeatable)
     * @param scores        {@code probabilities} or {@code logits}: what the class columns held
     * @param files         the input files: predictions and labels, and a split file if any
     * @param pluginFolders folders of plugin jars given for the run (besides those always loaded)
     */
    public record Inputs(String origin, String scores, List<InputFile> files, List<String> pluginFolders) {
        /** Data read from files. */
        public static final String FILES = "files";
        /** The built-in example. */
        public static final String EXAMPLE = "example";
        /** Data handed over in memory or read from a stream. */
        public static final String MEMORY = "memory";
        /** Data handed over in memory. */
        public static final Inputs NONE = new Inputs(MEMORY, "probabilities", List.of(), List.of());

        /** Copies the lists. */
        public Inputs {
            files = List.copyOf(files);
            pluginFolders = List.copyOf(pluginFolders);
        }

        /**
         * @param data          what was read, with its files
         * @param scores        what the class columns held
         * @param split         the split file, or null
         * @param pluginFolders the plugin folders given for the run
         * @return the inputs: from files if every input came from a file with a checksum
         */
        public static Inputs of(LabelledPredictions data, Scores scores, InputFile split, List<Path> pluginFolders) {
            List<InputFile> files = new ArrayList<>(data.files());
            if (split != null) {
                files.add(split);
            }
            boolean repeatable = !data.files().isEmpty() && files.stream().allMatch(InputFile::repeatable);
            List<String> folders = new ArrayList<>();
            pluginFolders.forEach(folder -> folders.add(folder.toAbsolutePath().normalize().toString()));
            return new Inputs(repeatable ? FILES : MEMORY, scores.name().toLowerCase(Locale.ROOT), files, folders);
        }

        /**
         * @param pluginFolders the plugin folders given for the run
         * @return the inputs of a run on the built-in example
         */
        public static Inputs example(List<Path> pluginFolders) {
            List<String> folders = new ArrayList<>();
            pluginFolders.forEach(folder -> folders.add(folder.toAbsolutePath().normalize().toString()));
            return new Inputs(EXAMPLE, "probabilities", List.of(), folders);
        }
    }

    private static String readVersion() {
        Properties properties = new Properties();
        try (InputStream in = Provenance.class.getResourceAsStream("/io/calibrisk/pipeline/calibrisk.properties")) {
            if (in != null) {
                properties.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return properties.getProperty("version", "unknown");
    }
}
