package io.calibrisk.cli;

import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.data.Notion;
import io.calibrisk.pipeline.discovery.Plugins;
import io.calibrisk.pipeline.data.Split;
import io.calibrisk.pipeline.report.CalibrationReport;
import io.calibrisk.pipeline.simulation.DirichletSimulation;
import io.calibrisk.pipeline.simulation.SimulatedData;
import io.calibrisk.pipeline.io.InputFiles;
import io.calibrisk.pipeline.io.LabelledPredictions;
import io.calibrisk.pipeline.io.OutputFiles;
import io.calibrisk.pipeline.io.Scores;
import io.calibrisk.pipeline.plot.ReliabilityDiagram;
import io.calibrisk.pipeline.Calibrisk;
import io.calibrisk.pipeline.Rerun;
import io.calibrisk.pipeline.report.Provenance;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.IntFunction;

/** {@code calibrisk evaluate}: the pipeline on predictions from files or on the built-in example. */
@Command(name = "evaluate", mixinStandardHelpOptions = true, sortOptions = false, abbreviateSynopsis = true,
        description = {"Score every estimator of the squared calibration error by its cross-validated risk, tune it, "
                + "and report its estimate on the held-out test split.",
            "Input: --probs and --labels (.npy), --input (.csv, .npz or '-'), or --example; or --from a JSON report to "
                + "repeat its run.",
            "CE is the square root of the estimated squared L2 calibration error (not the L1 ECE); the table ends with "
                + "the answer in one line."})
final class EvaluateCommand implements Callable<Integer> {
    private static final String STANDARD_INPUT = "-";
    /** The options that --from takes from the report; giving one as well is a mistake. */
    private static final List<String> REPLAYED_OPTIONS = List.of("--probs", "--labels", "--input", "--logits",
            "--example", "--split-file", "--notion", "--estimators", "--folds", "--test-fraction", "--seed", "--grid",
            "--set", "--search", "--bootstrap", "--level");

    @ParentCommand
    CalibriskCommand root;

    @Spec
    CommandSpec spec;

    @Option(names = "--probs", paramLabel = "FILE.npy", description = "n x d probabilities (float32 or float64), or logits with --logits; '-' reads standard input.")
    Path probs;

    @Option(names = "--labels", paramLabel = "FILE.npy", description = "n labels (int32 or int64, 0-based), or n one-hot rows.")
    Path labels;

    @Option(names = "--input", paramLabel = "FILE", description = "A .csv file (one row per sample: the d class columns, then the label; optional header), "
            + "'-' for CSV on standard input, or an .npz archive with arrays 'probs' (or 'logits') and 'labels'. "
            + "A pipe (the shell's <(command)) is read as an archive or CSV by its first bytes.")
    Path input;

    @Option(names = "--logits", description = "The class columns are logits; a stable softmax turns them into probabilities.")
    boolean logits;

    @Option(names = "--example", description = "Run on the built-in example: the paper's Dirichlet simulation (n = 500, d = 5), seed 0.")
    boolean example;

    @Option(names = "--split-file", paramLabel = "FILE", description = "One integer per sample and line: -1 for the test split, 0..k-1 for the fold. Replaces the shuffle and --folds.")
    Path splitFile;

    @Option(names = "--plot", paramLabel = "FILE.svg|FILE.png|FILE.pdf", description = "Also draw a reliability diagram "
            + "(the fitted calibration curve, or per-bin points with their counts for a binning; the diagonal; a "
            + "histogram of the predictions; CE with its interval) and every estimator's risk over its grid. A .pdf is "
            + "vector graphics for papers.")
    Path plot;

    @Option(names = "--from", paramLabel = "REPORT.json", description = "Repeat the run that a JSON report records: the "
            + "same input files (each checked against its recorded SHA-256), split, options and settings. Only output "
            + "options may be given with it (--format, --output, --force, --no-timings, --plot, --plot-estimator, "
            + "--quiet, --threads).")
    Path from;

    @Option(names = "--plot-estimator", paramLabel = "NAME", description = "The estimator whose curve --plot draws (default: the recommended one).")
    String plotEstimator;

    @Mixin
    RunOptions run;

    @Mixin
    OutputOptions out;

    @Override
    public Integer call() throws IOException {
        out.format();
        run.check();
        // Checked before the input is read; the plots of several notions, and of --from, once the notions are known.
        out.checkWritable(out.output, from == null && run.notions().size() == 1 ? plot : null);
        if (plot != null) {
            ReliabilityDiagram.checkFileName(plot);
        }
        if (from != null) {
            return rerun();
        }
        LabelledPredictions data = readInput();
        Split split = splitFile == null ? null : InputFiles.readSplit(splitFile, data.predictions().size());
        Plugins plugins = root.pluginPath().plugins();
        List<Calibrisk> runs = new ArrayList<>();
        for (Notion notion : run.notions()) {
            runs.add(run.builder(plugins, split, notion).curves(plot != null).build());
        }
        Provenance.Inputs inputs = example ? Provenance.Inputs.example(root.pluginFolders)
                : Provenance.Inputs.of(data, Scores.of(logits), split == null ? null
                        : InputFiles.describeSplit(splitFile, split.size()), root.pluginFolders);
        write(runs, data, i -> inputs);
        return 0;
    }

    /**
     * Evaluates each notion's run (all checked before the first starts), attaches its inputs,
     * draws the plots and writes one report.
     */
    private void write(List<Calibrisk> runs, LabelledPredictions data, IntFunction<Provenance.Inputs> inputs)
            throws IOException {
        boolean several = runs.size() > 1;
        for (Calibrisk calibrisk : runs) {
            if (plotEstimator != null && !calibrisk.estimators().contains(plotEstimator)) {
                throw InvalidSettingException.of("--plot-estimator", plotEstimator, "is not among the estimators of "
                        + (several ? "the " + calibrisk.settings().notion().id() + " run " : "this run ")
                        + calibrisk.estimators());
            }
        }
        List<Path> plots = new ArrayList<>();
        if (plot != null) {
            runs.forEach(calibrisk -> plots.add(several ? notionFile(plot, calibrisk.settings().notion()) : plot));
        }
        List<Path> outputs = new ArrayList<>();
        outputs.add(out.output);
        outputs.addAll(plots);
        out.checkWritable(outputs.toArray(Path[]::new));
        List<CalibrationReport> reports = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            Calibrisk calibrisk = runs.get(i);
            String notion = several ? calibrisk.settings().notion().id() : "";
            reports.add(run.evaluate(calibrisk, data, notion).withInputs(inputs.apply(i)));
        }
        for (int i = 0; i < plots.size(); i++) {
            CalibrationReport report = reports.get(i);
            Path file = plots.get(i);
            OutputFiles.written(file, () -> ReliabilityDiagram.write(report, plotEstimator, data.predictions(),
                    data.labels(), file, out.force));
        }
        out.write(out.format().render(reports, !out.noTimings), spec.commandLine().getOut());
    }

    /** @return {@code diagram-canonical.svg} for {@code diagram.svg}: one notion's plot of several */
    private static Path notionFile(Path plot, Notion notion) {
        String name = plot.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String file = name.substring(0, dot) + "-" + notion.id() + name.substring(dot);
        return plot.resolveSibling(file);
    }

    /**
     * {@code --from}: the recorded run again (each notion's, for a report of several), with only
     * this command's output options.
     */
    private Integer rerun() throws IOException {
        run.refuseReplayed("run with its own input and options", REPLAYED_OPTIONS, List.of());
        List<Rerun> reruns = Rerun.readAll(from);
        LabelledPredictions data = reruns.get(0).readInput();
        List<Calibrisk> runs = new ArrayList<>();
        for (Rerun rerun : reruns) {
            runs.add(run.rerun(rerun, data.predictions().size(), root.pluginPath(), plot != null));
        }
        write(runs, data, i -> reruns.get(i).inputs(data));
        return 0;
    }

    private LabelledPredictions readInput() {
        int modes = (example ? 1 : 0) + (input != null ? 1 : 0) + (probs != null || labels != null ? 1 : 0);
        if (modes != 1) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "give exactly one input: --probs FILE.npy --labels FILE.npy, --input FILE.csv|FILE.npz|-, or --example");
        }
        Scores scores = Scores.of(logits);
        if (example) {
            SimulatedData data = DirichletSimulation.paper(0).generate();
            return new LabelledPredictions(data.predictions(), data.labels());
        }
        if (input != null) {
            return input.toString().equals(STANDARD_INPUT)
                    ? InputFiles.readCsv(new InputStreamReader(System.in, StandardCharsets.UTF_8), "<stdin>", scores)
                    : InputFiles.read(input, scores);
        }
        if (probs == null || labels == null) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--probs and --labels go together: give both files");
        }
        return probs.toString().equals(STANDARD_INPUT)
                ? InputFiles.readNpy(System.in, "<stdin>", labels, scores)
                : InputFiles.readNpy(probs, labels, scores);
    }
}
