package io.calibrisk.cli;

import io.calibrisk.api.InvalidInputException;
import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.data.Split;
import io.calibrisk.api.report.CalibrationReport;
import io.calibrisk.api.simulation.DirichletSimulation;
import io.calibrisk.api.simulation.SimulatedData;
import io.calibrisk.cli.io.InputFiles;
import io.calibrisk.cli.report.ReportFormat;
import io.calibrisk.pipeline.Calibrisk;
import io.calibrisk.pipeline.evaluation.EvaluationSettings;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/** {@code calibrisk evaluate}: the pipeline on predictions from files or on the built-in example. */
@Command(name = "evaluate", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Score every estimator of the squared calibration error by its cross-validated risk,",
            "tune it, and report its estimate on the held-out test split. Input: --probs and --labels",
            "(.npy), or --input (.csv: the d class columns then the label, optional header), or --example."})
final class EvaluateCommand implements Callable<Integer> {

    @ParentCommand
    CalibriskCommand root;

    @Spec
    CommandSpec spec;

    @Option(names = "--probs", paramLabel = "FILE.npy", description = "n x d probabilities (float32 or float64), or logits with --logits; '-' reads standard input.")
    Path probs;

    @Option(names = "--labels", paramLabel = "FILE.npy", description = "n labels (int32 or int64, 0-based), or n one-hot rows.")
    Path labels;

    @Option(names = "--input", paramLabel = "FILE", description = "A .csv file (one row per sample: the d class columns, then the label; optional header), "
            + "'-' for CSV on standard input, or an .npz archive with arrays 'probs' (or 'logits') and 'labels'.")
    Path input;

    @Option(names = "--logits", description = "The class columns are logits; a stable softmax turns them into probabilities.")
    boolean logits;

    @Option(names = "--example", description = "Run on the built-in example: the paper's Dirichlet simulation (n = 500, d = 5), seed 0.")
    boolean example;

    @Option(names = "--notion", paramLabel = "NOTION", description = "top-label, canonical or class-wise (default: top-label).")
    String notion = Notion.TOP_LABEL.id();

    @Option(names = "--estimators", paramLabel = "a,b,...", split = ",", description = "Estimators to run, in report order (default: all that support the notion).")
    List<String> estimators = new ArrayList<>();

    @Option(names = "--folds", description = "Number of cross-validation folds (default: ${DEFAULT-VALUE}).")
    Integer folds;

    @Option(names = "--test-fraction", description = "Held-out fraction of the samples (default: ${DEFAULT-VALUE}).")
    double testFraction = EvaluationSettings.DEFAULT_TEST_FRACTION;

    @Option(names = "--seed", description = "Seed of the shuffle that makes the split (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--split-file", paramLabel = "FILE", description = "One integer per sample and line: -1 for the test split, 0..k-1 for the fold. Replaces the shuffle and --folds.")
    Path splitFile;

    @Option(names = "--grid", paramLabel = "ESTIMATOR.PARAM=v1,v2,...", description = "Replace an estimator's search space axis with these values, parsed as exact doubles (repeatable), e.g. --grid bins.bins=5,10,20.")
    List<String> grids = new ArrayList<>();

    @Option(names = "--set", paramLabel = "ESTIMATOR.SETTING=VALUE", description = "An estimator setting (repeatable), e.g. --set kkr.gamma=0.5; see 'calibrisk list'.")
    List<String> sets = new ArrayList<>();

    @Option(names = "--format", paramLabel = "FORMAT", description = "table, json or csv (default: table).")
    String format = "table";

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Write the report to FILE instead of standard output.")
    Path output;

    @Option(names = "--force", description = "Overwrite an existing --output file.")
    boolean force;

    @Option(names = "--threads", description = "Size of the thread pool (default: the number of processors). Results do not depend on it.")
    int threads = Runtime.getRuntime().availableProcessors();

    @Option(names = "--bootstrap", paramLabel = "N", description = "Bootstrap resamples of the test split for the interval of CE (default: ${DEFAULT-VALUE}; 0 for none).")
    int bootstrap = EvaluationSettings.DEFAULT_RESAMPLES;

    @Option(names = "--level", description = "Coverage of the bootstrap interval (default: ${DEFAULT-VALUE}).")
    double level = EvaluationSettings.DEFAULT_LEVEL;

    @Option(names = "--no-timings", description = "Leave the seconds out of the report, so that reports of the same input are byte-identical.")
    boolean noTimings;

    @Override
    public Integer call() throws IOException {
        ReportFormat reportFormat = ReportFormat.parse(format);
        Notion chosen = Notion.parse(notion);
        if (output != null && Files.exists(output) && !force) {
            throw new InvalidInputException(output + ": exists; use --force to overwrite it");
        }
        InputFiles.Data data = readInput();
        Calibrisk.Builder builder = Calibrisk.builder()
                .notion(chosen)
                .estimators(estimators)
                .testFraction(testFraction)
                .seed(seed)
                .threads(threads)
                .bootstrap(bootstrap)
                .level(level)
                .classLoader(PluginPath.loader(root.pluginFolders));
        if (splitFile != null) {
            Split split = InputFiles.readSplit(splitFile, data.predictions().size());
            if (folds != null && folds != split.folds()) {
                throw InvalidSettingException.of("--folds", folds, "disagrees with " + splitFile + ", which has "
                        + split.folds() + " folds");
            }
            builder.split(split);
        } else {
            builder.folds(folds == null ? EvaluationSettings.DEFAULT_FOLDS : folds);
        }
        for (String grid : grids) {
            Assignment a = Assignment.parse("--grid", grid);
            builder.grid(a.estimator(), a.key(), parseValues(grid, a.value()));
        }
        for (String set : sets) {
            Assignment a = Assignment.parse("--set", set);
            builder.setting(a.estimator(), a.key(), a.value());
        }
        CalibrationReport report = builder.build().evaluate(data.predictions(), data.labels());
        String text = reportFormat.render(report, !noTimings);
        if (output == null) {
            spec.commandLine().getOut().print(text);
            spec.commandLine().getOut().flush();
        } else {
            OutputFiles.write(output, out -> out.write(text.getBytes(StandardCharsets.UTF_8)));
        }
        return 0;
    }

    private InputFiles.Data readInput() {
        int modes = (example ? 1 : 0) + (input != null ? 1 : 0) + (probs != null || labels != null ? 1 : 0);
        if (modes != 1) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "give exactly one input: --probs FILE.npy --labels FILE.npy, --input FILE.csv, or --example");
        }
        if (example) {
            SimulatedData data = DirichletSimulation.paper(0).generate();
            return new InputFiles.Data(data.predictions(), data.labels());
        }
        if (input != null) {
            if (input.toString().equals("-")) {
                return InputFiles.readCsv(new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)),
                        "<stdin>", logits);
            }
            if (input.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".npz")) {
                return InputFiles.readNpz(input);
            }
            return InputFiles.readCsv(input, logits);
        }
        if (probs == null || labels == null) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--probs and --labels go together: give both files");
        }
        if (probs.toString().equals("-")) {
            return InputFiles.readNpy(System.in, labels, logits);
        }
        return InputFiles.readNpy(probs, labels, logits);
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
