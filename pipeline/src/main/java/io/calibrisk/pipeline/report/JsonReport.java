package io.calibrisk.pipeline.report;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;

/**
 * Reports as JSON, written by Jackson's streaming generator: two-space indentation, one value
 * per line, {@code "key": value}. A double is written in the shortest form that reads back as
 * the same double ({@link Double#toString}), an integral one without a fraction, and a
 * non-finite one (never produced by the pipeline) as null, so reports are exact.
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
        json.writeArrayFieldStart("notes");
        for (String note : report.notes()) {
            json.writeString(note);
        }
        json.writeEndArray();
        json.writeArrayFieldStart("estimators");
        for (EstimatorResult e : report.estimators()) {
            estimator(e, timings);
        }
        json.writeEndArray();
        json.writeEndObject();
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
        if (!Double.isFinite(v)) {
            json.writeNull();
        } else if (Cells.isWhole(v)) {
            json.writeNumber((long) v);
        } else {
            json.writeNumber(v);
        }
    }
}
