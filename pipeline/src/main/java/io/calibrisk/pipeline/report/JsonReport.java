package io.calibrisk.pipeline.report;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;

import io.calibrisk.pipeline.io.InputFile;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;

/**
 * Reports as JSON, written by Jackson's streaming generator: two-space indentation, one value
 * per line, {@code "key": value}. A double is written in the shortest form that reads back as
 * the same double ({@link Double#toString}), an integral one without a fraction, and a
 * non-finite one as null (the mean confidence of an empty bin; the pipeline produces no other),
 * so reports are exact.
 */
final class JsonReport {
    private static final JsonFactory FACTORY = JsonFactory.builder().build();
    private static final DefaultIndenter INDENTER = new DefaultIndenter("  ", "\n");
    private static final Separators SEPARATORS = Separators.createDefaultInstance()
            .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
            .withObjectEmptySeparator("")
            .withArrayEmptySeparator("");

    private final JsonGenerator json;

    private JsonReport(JsonGenerator json) {
        this.json = json;
    }

    /** What to write, with the generator's checked exception allowed. */
    @FunctionalInterface
    private interface Content {
        void writeTo(JsonReport json) throws IOException;
    }

    /**
     * @param report  the report
     * @param timings whether to include the seconds each estimator took
     * @return the JSON text, ending with a newline
     */
    static String of(CalibrationReport report, boolean timings) {
        return render(json -> json.report(report, timings));
    }

    /**
     * @param reports the reports of one run's notions, in order
     * @param timings whether to include seconds
     * @return the JSON text: an object whose {@code reports} holds each notion's whole report
     */
    static String ofNotions(List<CalibrationReport> reports, boolean timings) {
        return render(json -> {
            JsonGenerator g = json.json;
            g.writeStartObject();
            g.writeArrayFieldStart("reports");
            for (CalibrationReport report : reports) {
                json.report(report, timings);
            }
            g.writeEndArray();
            g.writeEndObject();
        });
    }

    /**
     * @param models  the models, in order
     * @param timings whether to include seconds
     * @return the JSON text: the notion and, per model, its name, source and report
     */
    static String of(List<Comparison.Model> models, boolean timings) {
        return render(json -> {
            JsonGenerator g = json.json;
            g.writeStartObject();
            g.writeStringField("notion", models.get(0).report().notion().id());
            g.writeArrayFieldStart("models");
            for (Comparison.Model m : models) {
                g.writeStartObject();
                g.writeStringField("name", m.name());
                g.writeStringField("source", m.source());
                g.writeFieldName("report");
                json.report(m.report(), timings);
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        });
    }

    private static String render(Content content) {
        StringWriter text = new StringWriter();
        try (JsonGenerator generator = FACTORY.createGenerator(text)) {
            generator.setPrettyPrinter(new DefaultPrettyPrinter(SEPARATORS)
                    .withObjectIndenter(INDENTER).withArrayIndenter(INDENTER));
            content.writeTo(new JsonReport(generator));
        } catch (IOException e) {
            // A StringWriter does not fail; the generator declares IOException for other targets.
            throw new UncheckedIOException(e);
        }
        return text.append('\n').toString();
    }

    private void report(CalibrationReport report, boolean timings) throws IOException {
        json.writeStartObject();
        json.writeStringField("notion", report.notion().id());
        json.writeNumberField("samples", report.samples());
        json.writeNumberField("classes", report.classes());
        json.writeNumberField("folds", report.folds());
        json.writeNumberField("testSamples", report.testSamples());
        json.writeStringField("split", report.split());
        json.writeStringField("search", report.search());
        json.writeStringField("recommended", report.recommended());
        json.writeStringField("answer", report.answer());
        withinNoise(report);
        if (report.classicEce() != null) {
            json.writeObjectFieldStart("classicEce");
            number("value", report.classicEce().value());
            json.writeStringField("notion", "top-label");
            json.writeStringField("norm", "L1");
            json.writeNumberField("bins", report.classicEce().bins());
            json.writeNumberField("samples", report.classicEce().samples());
            json.writeBooleanField("riskSelected", false);
            json.writeStringField("description", Summary.classicEce(report.classicEce()));
            json.writeEndObject();
        }
        strings("warnings", report.warnings());
        strings("notes", report.notes());
        json.writeArrayFieldStart("estimators");
        for (EstimatorResult e : report.estimators()) {
            estimator(e, timings);
        }
        json.writeEndArray();
        if (report.provenance() != null) {
            provenance(report.provenance(), timings);
        }
        json.writeEndObject();
    }

    private void strings(String name, List<String> values) throws IOException {
        json.writeArrayFieldStart(name);
        for (String value : values) {
            json.writeString(value);
        }
        json.writeEndArray();
    }

    private void withinNoise(CalibrationReport report) throws IOException {
        double[] span = Summary.span(report);
        if (span == null) {
            return;
        }
        json.writeObjectFieldStart("withinNoise");
        json.writeStringField("rule", "tied: " + Summary.tieRule(report.folds()) + " from the recommended estimator");
        json.writeStringField("best", report.recommended());
        json.writeArrayFieldStart("tied");
        for (EstimatorResult e : report.tied()) {
            json.writeString(e.name());
        }
        json.writeEndArray();
        json.writeObjectFieldStart("estimateSpan");
        number("lower", span[0]);
        number("upper", span[1]);
        json.writeEndObject();
        String sentence = Summary.withinNoise(report);
        if (sentence != null) {
            json.writeStringField("summary", sentence);
        }
        json.writeEndObject();
    }

    /**
     * The record of the run. The size of the thread pool changes no result, only the time, so
     * it goes with the timings: reports without timings are byte-identical across machines.
     */
    private void provenance(Provenance p, boolean timings) throws IOException {
        json.writeObjectFieldStart("calibrisk");
        json.writeStringField("version", p.calibriskVersion());
        json.writeStringField("spiVersion", p.spiVersion());
        json.writeEndObject();
        Provenance.Run run = p.run();
        json.writeObjectFieldStart("run");
        json.writeStringField("notion", run.notion());
        strings("estimators", run.estimators());
        json.writeStringField("search", run.search());
        json.writeObjectFieldStart("split");
        json.writeStringField("method", run.userSplit() ? "file" : "shuffle");
        json.writeNumberField("seed", run.seed());
        if (run.userSplit()) {
            for (InputFile file : p.inputs().files()) {
                if (file.role().equals("split")) {
                    json.writeStringField("file", file.path());
                    json.writeStringField("sha256", file.sha256());
                }
            }
        } else {
            number("testFraction", run.testFraction());
        }
        json.writeNumberField("folds", run.folds());
        json.writeNumberField("testSamples", run.testSamples());
        json.writeEndObject();
        json.writeObjectFieldStart("interval");
        json.writeNumberField("resamples", run.bootstrap());
        number("level", run.level());
        json.writeStringField("method", EstimateInterval.METHOD);
        json.writeEndObject();
        if (timings) {
            json.writeNumberField("threads", run.threads());
        }
        json.writeObjectFieldStart("set");
        for (Map.Entry<String, String> e : run.sets().entrySet()) {
            json.writeStringField(e.getKey(), e.getValue());
        }
        json.writeEndObject();
        json.writeObjectFieldStart("grid");
        for (Map.Entry<String, List<Double>> e : run.grids().entrySet()) {
            numberArray(e.getKey(), e.getValue());
        }
        json.writeEndObject();
        json.writeObjectFieldStart("settings");
        for (Map.Entry<String, Map<String, String>> e : run.settings().entrySet()) {
            json.writeObjectFieldStart(e.getKey());
            for (Map.Entry<String, String> setting : e.getValue().entrySet()) {
                json.writeStringField(setting.getKey(), setting.getValue());
            }
            json.writeEndObject();
        }
        json.writeEndObject();
        json.writeObjectFieldStart("searchSpaces");
        for (Map.Entry<String, Map<String, List<Double>>> e : run.searchSpaces().entrySet()) {
            json.writeObjectFieldStart(e.getKey());
            for (Map.Entry<String, List<Double>> axis : e.getValue().entrySet()) {
                numberArray(axis.getKey(), axis.getValue());
            }
            json.writeEndObject();
        }
        json.writeEndObject();
        json.writeEndObject();
        json.writeArrayFieldStart("plugins");
        for (Provenance.Plugin plugin : p.plugins()) {
            json.writeStartObject();
            json.writeStringField("name", plugin.name());
            json.writeStringField("version", plugin.version());
            json.writeStringField("spiVersion", plugin.spiVersion());
            json.writeStringField("jar", plugin.jar());
            strings("provides", plugin.provides());
            json.writeEndObject();
        }
        json.writeEndArray();
        Provenance.Inputs inputs = p.inputs();
        json.writeObjectFieldStart("inputs");
        json.writeStringField("origin", inputs.origin());
        json.writeStringField("scores", inputs.scores());
        json.writeArrayFieldStart("files");
        for (InputFile file : inputs.files()) {
            json.writeStartObject();
            json.writeStringField("role", file.role());
            json.writeStringField("path", file.path());
            if (file.repeatable()) {
                json.writeNumberField("bytes", file.bytes());
                json.writeStringField("sha256", file.sha256());
            }
            json.writeArrayFieldStart("arrays");
            for (InputFile.ArrayShape array : file.arrays()) {
                json.writeStartObject();
                json.writeStringField("name", array.name());
                json.writeStringField("dtype", array.dtype());
                json.writeArrayFieldStart("shape");
                for (int size : array.shape()) {
                    json.writeNumber(size);
                }
                json.writeEndArray();
                json.writeEndObject();
            }
            json.writeEndArray();
            json.writeEndObject();
        }
        json.writeEndArray();
        strings("pluginFolders", inputs.pluginFolders());
        json.writeEndObject();
    }

    private void numberArray(String name, List<Double> values) throws IOException {
        json.writeArrayFieldStart(name);
        for (double v : values) {
            value(v);
        }
        json.writeEndArray();
    }

    private void estimator(EstimatorResult e, boolean timings) throws IOException {
        json.writeStartObject();
        json.writeStringField("name", e.name());
        json.writeStringField("source", e.source());
        if (timings) {
            number("seconds", e.seconds());
        }
        json.writeStringField("failure", e.failure());
        json.writeFieldName("best");
        if (e.best().isPresent()) {
            best(e.best().get(), e.interval());
        } else {
            json.writeNull();
        }
        if (e.difference() != null) {
            json.writeObjectFieldStart("difference");
            json.writeStringField("versus", e.difference().versus());
            number("mean", e.difference().mean());
            number("stdError", e.difference().stdError());
            json.writeEndObject();
            json.writeBooleanField("tied", e.tied());
        }
        if (!e.edges().isEmpty()) {
            json.writeArrayFieldStart("edges");
            for (GridEdge edge : e.edges()) {
                json.writeStartObject();
                json.writeStringField("axis", edge.axis());
                number("value", edge.value());
                json.writeStringField("side", edge.side());
                json.writeEndObject();
            }
            json.writeEndArray();
        }
        if (!e.bins().isEmpty()) {
            json.writeArrayFieldStart("bins");
            for (BinTable table : e.bins()) {
                json.writeStartObject();
                json.writeStringField("of", table.label());
                json.writeStringField("on", "test split");
                json.writeArrayFieldStart("bins");
                for (BinTable.Bin bin : table.bins()) {
                    json.writeStartObject();
                    number("lower", bin.lower());
                    number("upper", bin.upper());
                    json.writeNumberField("count", bin.count());
                    number("confidence", bin.confidence());
                    number("accuracy", bin.accuracy());
                    json.writeEndObject();
                }
                json.writeEndArray();
                json.writeEndObject();
            }
            json.writeEndArray();
        }
        json.writeArrayFieldStart("grid");
        for (GridPointResult g : e.grid()) {
            gridPoint(g);
        }
        json.writeEndArray();
        json.writeEndObject();
    }

    private void best(GridPointResult best, EstimateInterval interval) throws IOException {
        json.writeStartObject();
        numbers("hyperparameters", best.hyperparameters());
        number("risk", best.risk());
        number("riskStdError", best.riskStdError());
        number("sqrtRiskTimes100", best.scaledRisk());
        number("estimateSquared", best.estimateSquared());
        number("estimate", best.estimate());
        if (interval != null) {
            json.writeObjectFieldStart("estimateInterval");
            number("lower", interval.lower());
            number("upper", interval.upper());
            number("level", interval.level());
            json.writeNumberField("resamples", interval.resamples());
            json.writeStringField("method", EstimateInterval.METHOD);
            number("testStdError", interval.testStdError());
            number("foldStdError", interval.foldStdError());
            json.writeEndObject();
        }
        json.writeEndObject();
    }

    private void gridPoint(GridPointResult g) throws IOException {
        json.writeStartObject();
        numbers("hyperparameters", g.hyperparameters());
        number("risk", g.risk());
        number("riskStdError", g.riskStdError());
        number("estimateSquared", g.estimateSquared());
        json.writeBooleanField("stable", g.stable());
        json.writeBooleanField("added", g.added());
        if (!g.stable()) {
            json.writeStringField("instability", g.instability());
        }
        json.writeArrayFieldStart("folds");
        for (FoldResult f : g.folds()) {
            json.writeStartObject();
            number("risk", f.risk());
            number("estimateSquared", f.estimateSquared());
            if (!f.diagnostics().isEmpty()) {
                numbers("diagnostics", f.diagnostics());
            }
            json.writeEndObject();
        }
        json.writeEndArray();
        json.writeEndObject();
    }

    private void numbers(String name, Map<String, Double> values) throws IOException {
        json.writeObjectFieldStart(name);
        for (Map.Entry<String, Double> e : values.entrySet()) {
            number(e.getKey(), e.getValue());
        }
        json.writeEndObject();
    }

    private void number(String name, double v) throws IOException {
        json.writeFieldName(name);
        value(v);
    }

    private void value(double v) throws IOException {
        if (!Double.isFinite(v)) {
            json.writeNull();
        } else if (Cells.isWhole(v)) {
            json.writeNumber((long) v);
        } else {
            json.writeNumber(v);
        }
    }
}
