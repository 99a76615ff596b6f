package io.calibrisk.cli;

import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.pipeline.data.Split;
import io.calibrisk.pipeline.Calibrisk;
import io.calibrisk.pipeline.Rerun;
import io.calibrisk.pipeline.discovery.Discovered;
import io.calibrisk.pipeline.discovery.PluginPath;
import io.calibrisk.pipeline.discovery.Plugins;
import io.calibrisk.pipeline.evaluation.EvaluationSettings;
import io.calibrisk.pipeline.io.LabelledPredictions;
import io.calibrisk.pipeline.report.CalibrationReport;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The options of a pipeline run, shared by {@code evaluate} and {@code compare}, and what both
 * do with them: evaluate with a progress display, and repeat a recorded run ({@code --from}).
 */
final class RunOptions {
    /** One term of a duration: an amount and its unit. */
    private static final Pattern DURATION_PART = Pattern.compile("(\\d{1,12})\\s*(ms|min|s|m|h|d)");
    /** Longer than any run; longer limits are a typo. */
    private static final Duration MAX_TIMEOUT = Duration.ofDays(365);

    @Option(names = "--notion", paramLabel = "NOTION", split = ",", description = "top-label, canonical "
            + "or class-wise (default: top-label). For evaluate, several, separated by commas, run in one process on "
            + "the same input and split, each with the estimators that serve it, and make one report; compare takes "
            + "one.")
    List<String> notions = new ArrayList<>(List.of(Notion.TOP_LABEL.id()));

    @Option(names = "--estimators", paramLabel = "NAME", split = ",", description = "Estimators to run, in report order (default: all that support the notion).")
    List<String> estimators = new ArrayList<>();

    @Option(names = "--folds", paramLabel = "K", description = "Number of cross-validation folds (default: 5).")
    Integer folds;

    @Option(names = "--test-fraction", paramLabel = "FRACTION", description = "Held-out fraction of the samples (default: ${DEFAULT-VALUE}).")
    double testFraction = EvaluationSettings.DEFAULT_TEST_FRACTION;

    @Option(names = "--seed", paramLabel = "SEED", description = "Seed of the shuffle that makes the split and of the bootstrap (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--grid", paramLabel = "ESTIMATOR.PARAM=v1,v2,...", description = "Replace an estimator's search space axis with these values, parsed as exact doubles (repeatable), for example --grid bins.bins=5,10,20.")
    List<String> grids = new ArrayList<>();

    @Option(names = "--set", paramLabel = "ESTIMATOR.SETTING=VALUE", description = "An estimator setting (repeatable), for example --set kkr.gamma=0.5; see 'calibrisk list'.")
    List<String> sets = new ArrayList<>();

    @Option(names = "--search", paramLabel = "NAME", description = "How each estimator's hyperparameters are searched: "
            + "grid (default; its grid as published), refine (the grid, then extended beyond an edge and narrowed around the "
            + "minimum), or a strategy plugin; see 'calibrisk list'.")
    String search = "grid";

    @Option(names = "--threads", paramLabel = "N", description = "Size of the thread pool, 1 to " + EvaluationSettings.MAX_THREADS
            + " (default: the number of processors). Results do not depend on it.")
    int threads = Math.min(EvaluationSettings.MAX_THREADS, Runtime.getRuntime().availableProcessors());

    @Option(names = "--estimator-timeout", paramLabel = "DURATION", description = "The most time one estimator's search "
            + "may take, for example 90s, 10m, 2h or 1h30m; an estimator over it is reported as failed and the others run "
            + "(default: none, no limit).")
    String estimatorTimeout = "none";

    @Option(names = "--bootstrap", paramLabel = "N", description = "Bootstrap resamples of the test split for the interval of CE (default: ${DEFAULT-VALUE}; 0 for none).")
    int bootstrap = EvaluationSettings.DEFAULT_RESAMPLES;

    @Option(names = "--level", paramLabel = "LEVEL", description = "Coverage of the bootstrap interval (default: ${DEFAULT-VALUE}).")
    double level = EvaluationSettings.DEFAULT_LEVEL;

    @Option(names = {"-q", "--quiet"}, description = "No progress bar or progress lines.")
    boolean quiet;

    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    /**
     * @return the notions, validated, in the order given
     * @throws InvalidSettingException if one is unknown or named twice
     */
    List<Notion> notions() {
        List<Notion> out = new ArrayList<>();
        for (String text : notions) {
            Notion notion = Notion.parse(text.strip());
            if (out.contains(notion)) {
                throw InvalidSettingException.of("--notion", String.join(",", notions), "names " + notion.id()
                        + " twice");
            }
            out.add(notion);
        }
        return out;
    }

    /**
     * Checks the options that need no plugins, before any input is read.
     *
     * @throws InvalidSettingException naming the option and the value
     */
    void check() {
        notions();
        estimatorTimeout();
        checkThreads();
    }

    private void checkThreads() {
        if (threads < 1 || threads > EvaluationSettings.MAX_THREADS) {
            throw InvalidSettingException.of("--threads", threads, "must lie in [1, " + EvaluationSettings.MAX_THREADS
                    + "]");
        }
    }

    /**
     * @return the time limit per estimator, or null for none
     * @throws InvalidSettingException if the text is not a duration such as 90s, 10m or 2h, or none
     */
    Duration estimatorTimeout() {
        String text = estimatorTimeout.strip().toLowerCase(Locale.ROOT);
        if (text.equals("none")) {
            return null;
        }
        Matcher parts = DURATION_PART.matcher(text);
        Duration total = Duration.ZERO;
        int end = 0;
        while (parts.find() && parts.start() == end) {
            long amount;
            try {
                amount = Long.parseLong(parts.group(1));
                total = total.plus(switch (parts.group(2)) {
                    case "ms" -> Duration.ofMillis(amount);
                    case "s" -> Duration.ofSeconds(amount);
                    case "m", "min" -> Duration.ofMinutes(amount);
                    case "h" -> Duration.ofHours(amount);
                    default -> Duration.ofDays(amount);
                });
            } catch (NumberFormatException | ArithmeticException e) {
                break;
            }
            end = parts.end();
        }
        if (end == 0 || end != text.length() || total.isZero() || total.compareTo(MAX_TIMEOUT) > 0) {
            throw InvalidSettingException.of("--estimator-timeout", estimatorTimeout, "must be a duration from 1ms to "
                    + "365d such as 90s, 10m, 2h or 1h30m (units ms, s, m, h, d), or none");
        }
        return total;
    }

    /**
     * @return the only notion given (what {@code compare} needs)
     * @throws InvalidSettingException if several were given, or one is unknown
     */
    Notion notion() {
        List<Notion> given = notions();
        if (given.size() != 1) {
            throw InvalidSettingException.of("--notion", String.join(",", notions), "must name one notion: compare "
                    + "runs one notion at a time, so run it once per notion");
        }
        return given.get(0);
    }

    /**
     * @param plugins the plugins of the command
     * @param split   a user-supplied split, or null
     * @return a builder with every option applied, for the only notion given
     * @throws InvalidSettingException if several notions were given
     */
    Calibrisk.Builder builder(Plugins plugins, Split split) {
        return builder(plugins, split, notion());
    }

    /**
     * The builder of one notion's run. With several notions, the estimators named by
     * {@code --estimators}, {@code --grid} and {@code --set} that do not serve this notion are
     * left out of its run; each must serve at least one of them.
     *
     * @param plugins the plugins of the command
     * @param split   a user-supplied split, or null
     * @param notion  one of {@link #notions()}
     * @return a builder with every option applied
     * @throws InvalidSettingException if, with several notions, a named estimator serves none of
     *     them, or none of the estimators named serves this one
     */
    Calibrisk.Builder builder(Plugins plugins, Split split, Notion notion) {
        checkThreads();
        List<Notion> all = notions();
        Predicate<String> runs = all.size() == 1 ? name -> true : name -> serves(plugins, name, notion, all);
        List<String> names = estimators.stream().filter(runs).collect(Collectors.toList());
        if (names.isEmpty() && !estimators.isEmpty()) {
            throw InvalidSettingException.of("--estimators", String.join(",", estimators), "has none that serves the "
                    + "notion " + notion.id() + "; add one or leave the notion out");
        }
        Calibrisk.Builder builder = Calibrisk.builder()
                .notion(notion)
                .estimators(names)
                .testFraction(testFraction)
                .seed(seed)
                .threads(threads)
                .bootstrap(bootstrap)
                .level(level)
                .search(search)
                .estimatorTimeout(estimatorTimeout())
                .plugins(plugins);
        if (split != null) {
            if (folds != null && folds != split.folds()) {
                throw InvalidSettingException.of("--folds", folds, "disagrees with the split file, which has "
                        + split.folds() + " folds");
            }
            builder.split(split);
        } else {
            builder.folds(folds == null ? EvaluationSettings.DEFAULT_FOLDS : folds);
        }
        for (String grid : grids) {
            Assignment a = Assignment.parse("--grid", grid);
            if (runs.test(a.estimator())) {
                builder.grid(a.estimator(), a.key(), parseValues(grid, a.value()));
            }
        }
        for (String set : sets) {
            Assignment a = Assignment.parse("--set", set);
            if (runs.test(a.estimator())) {
                builder.setting(a.estimator(), a.key(), a.value());
            }
        }
        return builder;
    }

    /**
     * @return whether the estimator runs for this notion, one of several; an estimator no plugin
     *     provides runs everywhere, so that the run refuses it with the list of those available
     * @throws InvalidSettingException if it serves none of the notions
     */
    private static boolean serves(Plugins plugins, String name, Notion notion, List<Notion> all) {
        Discovered<EstimatorProvider> found = plugins.estimators().get(name);
        if (found == null) {
            return true;
        }
        Set<Notion> served = found.provider().notions();
        if (all.stream().noneMatch(served::contains)) {
            throw InvalidSettingException.of("estimator " + name, all.stream().map(Notion::id)
                    .collect(Collectors.joining(",")), "serves none of these notions; it serves " + served.stream()
                    .map(Notion::id).collect(Collectors.joining(", ")));
        }
        return served.contains(notion);
    }

    /**
     * Evaluates, showing the progress on standard error (nothing with --quiet).
     *
     * @param calibrisk the configured instance
     * @param data      the input
     * @param prefix    what the run is about (a model's name), or empty
     * @return the report, without its inputs
     */
    CalibrationReport evaluate(Calibrisk calibrisk, LabelledPredictions data, String prefix) {
        try (ProgressDisplay progress = ProgressDisplay.create(quiet, command.commandLine().getErr(), prefix)) {
            return calibrisk.evaluate(data.predictions(), data.labels(), progress);
        }
    }

    /**
     * Refuses, with {@code --from}, what the report records: the report repeats its own input
     * and options.
     *
     * @param what     the recorded run's description, e.g. {@code run with its own input and options}
     * @param replayed the options the report records
     * @param given    what else was given that the report records (e.g. the MODELs), or empty
     * @throws CommandLine.ParameterException naming every such option given
     */
    void refuseReplayed(String what, List<String> replayed, List<String> given) {
        List<String> refused = new ArrayList<>(given);
        replayed.stream().filter(option -> command.commandLine().getParseResult().hasMatchedOption(option))
                .forEach(refused::add);
        if (!refused.isEmpty()) {
            throw new CommandLine.ParameterException(command.commandLine(), "--from repeats the recorded " + what
                    + "; leave out " + String.join(", ", refused));
        }
    }

    /**
     * The instance of a repeated run ({@code --from}): the recorded options and settings, the
     * plugins of the recorded folders and of this command's, and {@code --threads} when given
     * here; a warning on standard error for every difference that could change the results.
     *
     * @param rerun   the recorded run
     * @param samples the number of samples of its input
     * @param plugins the plugin folders of this command
     * @param curves  whether to compute calibration curves (for a plot)
     * @return the configured instance
     */
    Calibrisk rerun(Rerun rerun, int samples, PluginPath plugins, boolean curves) {
        Calibrisk.Builder builder = rerun.builder(samples).plugins(plugins.plugins(rerun.pluginFolders()))
                .curves(curves);
        if (command.commandLine().getParseResult().hasMatchedOption("--threads")) {
            builder.threads(threads);
        }
        Calibrisk calibrisk = builder.build();
        for (String difference : rerun.differences(calibrisk.plugins())) {
            command.commandLine().getErr().println("calibrisk: warning: " + difference + "; results may differ");
        }
        return calibrisk;
    }

    private static double[] parseValues(String option, String text) {
        String[] parts = text.split(",");
        double[] values = new double[parts.length];
        for (int i = 0; i < parts.length; i++) {
            try {
                values[i] = Double.parseDouble(parts[i].strip());
            } catch (NumberFormatException e) {
                throw InvalidSettingException.of("--grid " + option, parts[i], "is not a number");
            }
            if (!Double.isFinite(values[i])) {
                throw InvalidSettingException.of("--grid " + option, parts[i], "is not finite");
            }
        }
        return values;
    }

    /** {@code ESTIMATOR.KEY=VALUE}, split at the '=' and at the last '.' before it. */
    record Assignment(String estimator, String key, String value) {
        static Assignment parse(String option, String text) {
            int eq = text.indexOf('=');
            int dot = eq < 0 ? -1 : text.lastIndexOf('.', eq);
            if (eq < 0 || dot <= 0 || dot == eq - 1 || eq == text.length() - 1) {
                throw InvalidSettingException.of(option, text, "expected ESTIMATOR.NAME=VALUE, e.g. "
                        + ("--grid".equals(option) ? "bins.bins=5,10,20" : "kkr.gamma=0.5"));
            }
            return new Assignment(text.substring(0, dot), text.substring(dot + 1, eq), text.substring(eq + 1));
        }
    }
}
