package io.calibrisk.cli;

import io.calibrisk.api.InvalidInputException;
import io.calibrisk.pipeline.io.InputFiles;
import io.calibrisk.pipeline.io.LabelledPredictions;
import io.calibrisk.pipeline.io.Scores;
import io.calibrisk.pipeline.report.Comparison;
import io.calibrisk.pipeline.Calibrisk;
import io.calibrisk.pipeline.Rerun;
import io.calibrisk.pipeline.report.Provenance;
import io.calibrisk.pipeline.discovery.Plugins;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import java.util.stream.Stream;

/** {@code calibrisk compare}: several models' predictions, one table. */
@Command(name = "compare", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Evaluate several models and print one table: rows are estimators, columns are models, each cell "
                + "sqrt(risk)x100 ± SE; then a table of CE estimates; then, per model, the recommended CE and the span of "
                + "the CE estimates within noise of it.",
            "A MODEL is an .npz archive (probs or logits, and labels), a .csv file, a folder holding probs.npy (or "
                + "logits.npy) and labels.npy, an .npy file of probabilities with --labels, or a folder of any of these."})
final class CompareCommand implements Callable<Integer> {
    /** The options that --from takes from the report; giving one as well is a mistake. */
    private static final List<String> REPLAYED_OPTIONS = List.of("--labels", "--logits", "--notion", "--estimators",
            "--folds", "--test-fraction", "--seed", "--grid", "--set", "--search", "--bootstrap", "--level");

    @ParentCommand
    CalibriskCommand root;

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "MODEL", arity = "0..*", description = "Prediction files or folders (see above).")
    List<Path> paths = new ArrayList<>();

    @Option(names = "--from", paramLabel = "REPORT.json", description = "Repeat the comparison that a JSON report of "
            + "compare records: every model's input files (checked against their SHA-256) and options. Only output "
            + "options may be given with it (--format, --output, --force, --no-timings, --quiet, --threads).")
    Path from;

    @Option(names = "--labels", paramLabel = "FILE.npy", description = "Labels shared by every .npy probability file given.")
    Path labels;

    @Option(names = "--logits", description = "The .npy and .csv inputs hold logits.")
    boolean logits;

    @Mixin
    RunOptions run;

    @Mixin
    OutputOptions out;

    /** A model to evaluate: its column name, where it came from, and how to read it. */
    private record Model(String name, String source, Supplier<LabelledPredictions> reader) {
    }

    @Override
    public Integer call() throws IOException {
        out.format();
        run.check();
        out.checkWritable(out.output);
        if (from != null) {
            return rerun();
        }
        if (paths.isEmpty()) {
            throw new CommandLine.ParameterException(spec.commandLine(), "give at least one MODEL, or --from a report");
        }
        List<Model> models = new ArrayList<>();
        for (Path path : paths) {
            resolve(path, true, models);
        }
        if (models.isEmpty()) {
            throw new InvalidInputException(paths + ": no predictions found (.npz, .csv, probs.npy with labels.npy, "
                    + "or .npy with --labels)");
        }
        Set<String> names = new HashSet<>();
        for (Model m : models) {
            if (!names.add(m.name())) {
                throw new InvalidInputException(m.source() + ": a second model named '" + m.name()
                        + "'; rename one of the files or folders");
            }
        }
        // Every model is read and checked before any is evaluated, so bad input fails fast.
        List<LabelledPredictions> data = new ArrayList<>();
        for (Model m : models) {
            data.add(m.reader().get());
        }
        Plugins plugins = root.plugins();
        List<Comparison.Model> results = new ArrayList<>();
        for (int i = 0; i < models.size(); i++) {
            Model m = models.get(i);
            Calibrisk calibrisk = run.builder(plugins, null).build();
            try (ProgressDisplay progress = ProgressDisplay.create(run.quiet, spec.commandLine().getErr(), m.name())) {
                results.add(new Comparison.Model(m.name(), m.source(),
                        calibrisk.evaluate(data.get(i).predictions(), data.get(i).labels(), progress)
                                .withInputs(Provenance.Inputs.of(data.get(i), Scores.of(logits), null,
                                        root.pluginFolders))));
            }
        }
        out.write(Comparison.render(results, out.format(), !out.noTimings), spec.commandLine().getOut());
        return 0;
    }

    /** {@code --from}: every model's recorded run again. */
    private Integer rerun() throws IOException {
        List<String> replayed = REPLAYED_OPTIONS.stream()
                .filter(option -> spec.commandLine().getParseResult().hasMatchedOption(option)).toList();
        if (!paths.isEmpty() || !replayed.isEmpty()) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--from repeats the recorded comparison with "
                    + "its own models and options; leave out " + (paths.isEmpty() ? "" : "the MODELs")
                    + (!paths.isEmpty() && !replayed.isEmpty() ? ", " : "") + String.join(", ", replayed));
        }
        List<Rerun.Model> runs = Rerun.readComparison(from);
        List<LabelledPredictions> data = new ArrayList<>();
        for (Rerun.Model model : runs) {
            data.add(model.run().readInput());
        }
        List<Comparison.Model> results = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            Rerun rerun = runs.get(i).run();
            Calibrisk.Builder builder = rerun.builder(data.get(i).predictions().size())
                    .plugins(root.plugins(rerun.pluginFolders()));
            if (spec.commandLine().getParseResult().hasMatchedOption("--threads")) {
                builder.threads(run.threads);
            }
            Calibrisk calibrisk = builder.build();
            for (String difference : rerun.differences(calibrisk.plugins())) {
                spec.commandLine().getErr().println("calibrisk: warning: " + difference + "; results may differ");
            }
            String name = runs.get(i).name();
            try (ProgressDisplay progress = ProgressDisplay.create(run.quiet, spec.commandLine().getErr(), name)) {
                results.add(new Comparison.Model(name, runs.get(i).source(), calibrisk.evaluate(data.get(i).predictions(),
                        data.get(i).labels(), progress).withInputs(rerun.inputs(data.get(i)))));
            }
        }
        out.write(Comparison.render(results, out.format(), !out.noTimings), spec.commandLine().getOut());
        return 0;
    }

    private void resolve(Path path, boolean named, List<Model> models) throws IOException {
        String file = path.getFileName() == null ? path.toString() : path.getFileName().toString();
        String lower = file.toLowerCase(Locale.ROOT);
        if (Files.isDirectory(path)) {
            Path probs = Files.exists(path.resolve("probs.npy")) ? path.resolve("probs.npy") : path.resolve("logits.npy");
            Path folderLabels = path.resolve("labels.npy");
            if (Files.exists(probs) && Files.exists(folderLabels)) {
                Scores scores = Scores.of(probs.getFileName().toString().equals("logits.npy") || logits);
                models.add(new Model(file, path.toString(), () -> InputFiles.readNpy(probs, folderLabels, scores)));
                return;
            }
            if (!named) {
                return;
            }
            List<Path> entries;
            try (Stream<Path> list = Files.list(path)) {
                entries = list.sorted().toList();
            }
            for (Path entry : entries) {
                resolve(entry, false, models);
            }
            return;
        }
        if (!Files.exists(path)) {
            throw new InvalidInputException(path + ": no such file or folder");
        }
        if (lower.endsWith(".npz") || lower.endsWith(".csv")) {
            models.add(new Model(stem(file), path.toString(), () -> InputFiles.read(path, Scores.of(logits))));
        } else if (lower.endsWith(".npy")) {
            if (labels != null && path.toAbsolutePath().equals(labels.toAbsolutePath())) {
                return;
            }
            if (labels == null) {
                if (named) {
                    throw new CommandLine.ParameterException(spec.commandLine(), path
                            + ": an .npy file of probabilities needs --labels FILE.npy");
                }
                return;
            }
            models.add(new Model(stem(file), path.toString(), () -> InputFiles.readNpy(path, labels, Scores.of(logits))));
        } else if (named) {
            throw new InvalidInputException(path + ": not a model (expected .npz, .csv, .npy or a folder)");
        }
    }

    private static String stem(String file) {
        int dot = file.lastIndexOf('.');
        return dot > 0 ? file.substring(0, dot) : file;
    }
}
