package io.calibrisk.cli;

import io.calibrisk.pipeline.io.LabelledPredictions;
import io.calibrisk.pipeline.io.ModelFiles;
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
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code calibrisk compare}: several models' predictions, one table. */
@Command(name = "compare", mixinStandardHelpOptions = true, sortOptions = false, abbreviateSynopsis = true,
        description = {"Evaluate several models with the same estimators and settings, and print them side by side.",
            "First a table whose rows are estimators and columns models, each cell 100 times the square root of "
                + "the estimator's validation risk, ± its standard error; then a table of CE estimates; then, per "
                + "model, the recommended CE and the span of the CE estimates within noise of it.",
            "A MODEL is an .npz archive (probs or logits, and labels), a .csv file, a folder holding probs.npy (or "
                + "logits.npy) and labels.npy, an .npy file of probabilities with --labels, or a folder of any of these; "
                + "or a pipe (the shell's <(command)), read as an .npz archive or CSV by its first bytes and named by "
                + "its path."})
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

    @Override
    public Integer call() throws IOException {
        out.format();
        run.check();
        run.notion();
        out.checkWritable(out.output);
        if (from != null) {
            return rerun();
        }
        if (paths.isEmpty()) {
            throw new CommandLine.ParameterException(spec.commandLine(), "give at least one MODEL, or --from a report");
        }
        List<ModelFiles.Model> found = new ArrayList<>();
        for (Path path : paths) {
            if (labels == null && ModelFiles.isNpyFile(path)) {
                throw new CommandLine.ParameterException(spec.commandLine(), path
                        + ": an .npy file of probabilities needs --labels FILE.npy");
            }
            ModelFiles.find(path, labels, logits, found);
        }
        List<ModelFiles.Model> models = ModelFiles.checked(paths, found);
        // Every model is read and checked before any is evaluated, so bad input fails fast.
        List<LabelledPredictions> data = new ArrayList<>();
        for (ModelFiles.Model m : models) {
            data.add(m.reader().get());
        }
        Plugins plugins = root.pluginPath().plugins();
        List<Comparison.Model> results = new ArrayList<>();
        for (int i = 0; i < models.size(); i++) {
            ModelFiles.Model m = models.get(i);
            Calibrisk calibrisk = run.builder(plugins, null).build();
            results.add(new Comparison.Model(m.name(), m.source(), run.evaluate(calibrisk, data.get(i), m.name())
                    .withInputs(Provenance.Inputs.of(data.get(i), Scores.of(logits), null, root.pluginFolders))));
        }
        out.write(Comparison.render(results, out.format(), !out.noTimings), spec.commandLine().getOut());
        return 0;
    }

    /** {@code --from}: every model's recorded run again. */
    private Integer rerun() throws IOException {
        run.refuseReplayed("comparison with its own models and options", REPLAYED_OPTIONS,
                paths.isEmpty() ? List.of() : List.of("the MODELs"));
        List<Rerun.Model> runs = Rerun.readComparison(from);
        List<LabelledPredictions> data = new ArrayList<>();
        for (Rerun.Model model : runs) {
            data.add(model.run().readInput());
        }
        List<Comparison.Model> results = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            Rerun rerun = runs.get(i).run();
            Calibrisk calibrisk = run.rerun(rerun, data.get(i).predictions().size(), root.pluginPath(), false);
            String name = runs.get(i).name();
            results.add(new Comparison.Model(name, runs.get(i).source(), run.evaluate(calibrisk, data.get(i), name)
                    .withInputs(rerun.inputs(data.get(i)))));
        }
        out.write(Comparison.render(results, out.format(), !out.noTimings), spec.commandLine().getOut());
        return 0;
    }
}
