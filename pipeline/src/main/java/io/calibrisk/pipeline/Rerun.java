package io.calibrisk.pipeline;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.calibrisk.api.InvalidInputException;
import io.calibrisk.api.data.Notion;
import io.calibrisk.pipeline.data.Split;
import io.calibrisk.pipeline.discovery.PluginInfo;
import io.calibrisk.pipeline.discovery.Plugins;
import io.calibrisk.pipeline.io.InputFile;
import io.calibrisk.pipeline.io.InputFiles;
import io.calibrisk.pipeline.io.IoMessages;
import io.calibrisk.pipeline.io.LabelledPredictions;
import io.calibrisk.pipeline.io.Scores;
import io.calibrisk.pipeline.report.CalibrationReport;
import io.calibrisk.pipeline.report.Provenance;
import io.calibrisk.pipeline.simulation.DirichletSimulation;
import io.calibrisk.pipeline.simulation.SimulatedData;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A run read back from its JSON report, to be repeated exactly ({@code calibrisk evaluate
 * --from report.json}): the same input files, each checked against the SHA-256 the report
 * recorded, the same split, and every option and setting the report recorded. A repeated run
 * of the same calibrisk and plugins gives the same report, timings aside.
 *
 * <pre>{@code
 * Rerun rerun = Rerun.read(Path.of("report.json"));
 * LabelledPredictions data = rerun.readInput();
 * CalibrationReport again = rerun.evaluate(rerun.builder(data), data);
 * }</pre>
 */
public final class Rerun {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    /**
     * The most a report may take: a class-wise report with every estimator takes about 350 KB, a
     * comparison one such report per model. Without a bound, an endless file ({@code /dev/zero},
     * a pipe) would be read until the heap ran out.
     */
    static final int MAX_REPORT_BYTES = 256 << 20;

    private final String source;
    private final JsonNode report;
    private final JsonNode run;
    private final JsonNode inputs;

    private Rerun(String source, JsonNode report) {
        this.source = source;
        this.report = report;
        this.run = report.path("run");
        this.inputs = report.path("inputs");
        if (!run.isObject() || !inputs.isObject() || !report.path("calibrisk").isObject()) {
            throw new InvalidInputException(source + ": not a calibrisk JSON report with the record of its run "
                    + "(fields calibrisk, run and inputs); write one with --format json");
        }
    }

    /**
     * @param file a JSON report of {@code calibrisk evaluate} over one notion
     * @return the run it records
     * @throws InvalidInputException if the file cannot be read, is larger than any report can be
     *                               (256 MiB), does not record a run, or
     *                               records the runs of several notions (see {@link #readAll})
     */
    public static Rerun read(Path file) {
        List<Rerun> runs = readAll(file);
        if (runs.size() != 1) {
            throw new InvalidInputException(file + ": records the runs of " + runs.size() + " notions, not one");
        }
        return runs.get(0);
    }

    /**
     * @param file a JSON report of {@code calibrisk evaluate}, of one notion or of several
     *             (its {@code reports})
     * @return the run of each notion it records, in order
     * @throws InvalidInputException if the file cannot be read, is larger than 256 MiB,
     *                               or a report does not record its run
     */
    public static List<Rerun> readAll(Path file) {
        JsonNode tree = tree(file);
        JsonNode reports = tree.path("reports");
        if (!reports.isArray()) {
            return List.of(of(file.toString(), tree));
        }
        if (reports.isEmpty()) {
            throw new InvalidInputException(file + ": a JSON report of several notions that holds no report");
        }
        List<Rerun> out = new ArrayList<>();
        for (JsonNode report : reports) {
            out.add(of(file + ", notion " + report.path("notion").asText("?"), report));
        }
        return out;
    }

    private static JsonNode tree(Path file) {
        return tree(file, MAX_REPORT_BYTES);
    }

    /** @param limit the most bytes the file may hold */
    static JsonNode tree(Path file, int limit) {
        byte[] bytes;
        try (InputStream in = Files.newInputStream(file)) {
            bytes = in.readNBytes(limit + 1);
        } catch (NoSuchFileException e) {
            throw new InvalidInputException(file + ": no such file");
        } catch (IOException e) {
            throw new InvalidInputException(file + ": cannot read: " + IoMessages.describe(e));
        }
        if (bytes.length > limit) {
            throw new InvalidInputException(file + ": more than " + limit + " bytes, far more than any calibrisk "
                    + "report; not a JSON report of a run");
        }
        try {
            return MAPPER.readTree(bytes);
        } catch (JsonProcessingException e) {
            throw new InvalidInputException(file + ": not valid JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new InvalidInputException(file + ": cannot read: " + IoMessages.describe(e));
        }
    }

    /**
     * @param source where the report came from, for messages
     * @param report a report's JSON tree: an {@code evaluate} report, or one model's
     *               {@code report} of a {@code compare} report
     * @return the run it records
     * @throws InvalidInputException if it does not record a run
     */
    public static Rerun of(String source, JsonNode report) {
        return new Rerun(source, report);
    }

    /**
     * One model of a comparison, with its run.
     *
     * @param name   the model's name (a column)
     * @param source where its predictions came from
     * @param run    its run
     */
    public record Model(String name, String source, Rerun run) {
    }

    /**
     * @param file a JSON report of {@code calibrisk compare}
     * @return each model with its run, in column order
     * @throws InvalidInputException if the file cannot be read, is larger than 256 MiB,
     *                               or a model does not record its run
     */
    public static List<Model> readComparison(Path file) {
        JsonNode models = tree(file).path("models");
        if (!models.isArray() || models.isEmpty()) {
            throw new InvalidInputException(file + ": not a JSON report of calibrisk compare (no models)");
        }
        List<Model> out = new ArrayList<>();
        for (JsonNode model : models) {
            String name = model.path("name").asText();
            out.add(new Model(name, model.path("source").asText(), of(file + ", model " + name, model.path("report"))));
        }
        return out;
    }

    /** @return the version of calibrisk that made the report */
    public String calibriskVersion() {
        return report.path("calibrisk").path("version").asText();
    }

    /** @return the plugin folders the run was given (besides those always loaded) */
    public List<Path> pluginFolders() {
        List<Path> folders = new ArrayList<>();
        inputs.path("pluginFolders").forEach(folder -> folders.add(Path.of(folder.asText())));
        return folders;
    }

    /**
     * Reads the input again: the files, each checked against its recorded size and SHA-256,
     * or the built-in example.
     *
     * @return the predictions and labels, with their files
     * @throws InvalidInputException if the input was not repeatable (read from a stream or
     *     handed over in memory), a file is missing, or a file changed since the run
     */
    public LabelledPredictions readInput() {
        String origin = inputs.path("origin").asText();
        if (Provenance.Inputs.EXAMPLE.equals(origin)) {
            SimulatedData data = DirichletSimulation.paper(0).generate();
            return new LabelledPredictions(data.predictions(), data.labels());
        }
        if (!Provenance.Inputs.FILES.equals(origin)) {
            throw new InvalidInputException(source + ": the run's input was not read from files (it came from a stream "
                    + "or a program), so it cannot be read again; give calibrisk the files themselves instead of --from");
        }
        Scores scores = Scores.valueOf(text(inputs, "scores").toUpperCase(java.util.Locale.ROOT));
        Path probs = null;
        Path labels = null;
        Path single = null;
        for (JsonNode file : inputs.path("files")) {
            String role = text(file, "role");
            Path path = checked(file);
            switch (role) {
                case "probs", "logits" -> probs = path;
                case "labels" -> labels = path;
                case "input" -> single = path;
                case "split" -> {
                    // read by readSplit
                }
                default -> throw new InvalidInputException(source + ": input file of unknown role '" + role + "'");
            }
        }
        if (single != null) {
            return InputFiles.read(single, scores);
        }
        if (probs == null || labels == null) {
            throw new InvalidInputException(source + ": the report records no predictions and labels to read");
        }
        return InputFiles.readNpy(probs, labels, scores);
    }

    /**
     * @param samples the number of samples the split must cover
     * @return the user-supplied split the run used, checked against its SHA-256, or null when
     *     the run shuffled
     * @throws InvalidInputException if the split file is missing or changed
     */
    public Split readSplit(int samples) {
        if (!"file".equals(run.path("split").path("method").asText())) {
            return null;
        }
        for (JsonNode file : inputs.path("files")) {
            if ("split".equals(file.path("role").asText())) {
                return InputFiles.readSplit(checked(file), samples);
            }
        }
        throw new InvalidInputException(source + ": the run used a split file, but the report records none");
    }

    /**
     * A builder with every option of the recorded run: notion, estimators, search, folds or
     * the split, test fraction, seed, interval, settings and grids, and the threads when the
     * report recorded them (with its timings; they change no result). The caller adds the class
     * loader of the plugin folders and whether to compute curves.
     *
     * @param samples the number of samples of the input (to read the split file)
     * @return the builder
     * @throws InvalidInputException if the report's record of the run is incomplete
     */
    public Calibrisk.Builder builder(int samples) {
        Calibrisk.Builder builder = Calibrisk.builder()
                .notion(Notion.parse(text(run, "notion")))
                .search(text(run, "search"))
                .seed(number(run.path("split"), "seed").longValue())
                .bootstrap(number(run.path("interval"), "resamples").intValue())
                .level(number(run.path("interval"), "level").doubleValue());
        if (run.path("threads").isInt()) {
            builder.threads(run.path("threads").intValue());
        }
        List<String> estimators = new ArrayList<>();
        run.path("estimators").forEach(name -> estimators.add(name.asText()));
        builder.estimators(estimators);
        Split split = readSplit(samples);
        if (split != null) {
            builder.split(split);
        } else {
            builder.folds(number(run.path("split"), "folds").intValue())
                    .testFraction(number(run.path("split"), "testFraction").doubleValue());
        }
        for (Map.Entry<String, JsonNode> set : run.path("set").properties()) {
            String[] key = split(set.getKey());
            builder.setting(key[0], key[1], set.getValue().asText());
        }
        for (Map.Entry<String, JsonNode> grid : run.path("grid").properties()) {
            String[] key = split(grid.getKey());
            double[] values = new double[grid.getValue().size()];
            for (int i = 0; i < values.length; i++) {
                values[i] = grid.getValue().get(i).doubleValue();
            }
            builder.grid(key[0], key[1], values);
        }
        return builder;
    }

    /**
     * The inputs to record in the repeated run's report: those of the original run.
     *
     * @param data the input read again
     * @return the inputs
     */
    public Provenance.Inputs inputs(LabelledPredictions data) {
        if (Provenance.Inputs.EXAMPLE.equals(inputs.path("origin").asText())) {
            return Provenance.Inputs.example(pluginFolders());
        }
        Scores scores = Scores.valueOf(text(inputs, "scores").toUpperCase(java.util.Locale.ROOT));
        InputFile split = null;
        for (JsonNode file : inputs.path("files")) {
            if ("split".equals(file.path("role").asText())) {
                split = InputFiles.describeSplit(Path.of(text(file, "path")), data.predictions().size());
            }
        }
        return Provenance.Inputs.of(data, scores, split, pluginFolders());
    }

    /**
     * What differs between the recorded run and this installation that could change results:
     * the version of calibrisk, and each plugin's version or absence.
     *
     * @param plugins the plugins this installation discovered
     * @return one line per difference; empty when nothing differs
     */
    public List<String> differences(Plugins plugins) {
        List<String> out = new ArrayList<>();
        String version = calibriskVersion();
        if (!version.equals(Provenance.currentVersion())) {
            out.add("the report was made by calibrisk " + version + ", this is " + Provenance.currentVersion());
        }
        for (JsonNode recorded : report.path("plugins")) {
            String name = recorded.path("name").asText();
            String recordedVersion = recorded.path("version").asText();
            PluginInfo now = plugins.plugins().stream().filter(p -> p.name().equals(name)).findFirst().orElse(null);
            if (now == null) {
                out.add("plugin " + name + " " + recordedVersion + " of the report is not installed");
            } else if (!now.version().equals(recordedVersion)) {
                out.add("plugin " + name + " was " + recordedVersion + " in the report, is " + now.version() + " now");
            }
        }
        return out;
    }

    /**
     * @param calibrisk the configured instance ({@link #builder} and the caller's additions)
     * @param data      the input read again
     * @return the report of the repeated run, with the recorded inputs
     */
    public CalibrationReport evaluate(Calibrisk calibrisk, LabelledPredictions data) {
        return calibrisk.evaluate(data.predictions(), data.labels()).withInputs(inputs(data));
    }

    /** Finds a recorded file and checks that it is the file the run read. */
    private Path checked(JsonNode file) {
        String role = text(file, "role");
        Path path = Path.of(text(file, "path"));
        String recorded = text(file, "sha256");
        if (!Files.isRegularFile(path)) {
            throw new InvalidInputException(source + ": input " + role + " " + path + ": no such file");
        }
        String now;
        try {
            now = InputFile.sha256(path);
        } catch (IOException e) {
            throw new InvalidInputException(source + ": input " + role + " " + path + ": cannot read: " + IoMessages.describe(e));
        }
        if (!now.equals(recorded)) {
            throw new InvalidInputException(source + ": input " + role + " " + path + " has changed since the run: "
                    + "its SHA-256 is " + now + ", the report recorded " + recorded);
        }
        return path;
    }

    private String text(JsonNode node, String field) {
        JsonNode value = node.path(field);
        if (!value.isTextual()) {
            throw new InvalidInputException(source + ": the report's record of the run has no " + field);
        }
        return value.asText();
    }

    private Number number(JsonNode node, String field) {
        JsonNode value = node.path(field);
        if (!value.isNumber()) {
            throw new InvalidInputException(source + ": the report's record of the run has no number " + field);
        }
        return value.numberValue();
    }

    /** {@code estimator.name} split at the first dot: an estimator's name has none. */
    private String[] split(String key) {
        int dot = key.indexOf('.');
        if (dot <= 0 || dot == key.length() - 1) {
            throw new InvalidInputException(source + ": '" + key + "' is not ESTIMATOR.NAME");
        }
        return new String[] {key.substring(0, dot), key.substring(dot + 1)};
    }
}
