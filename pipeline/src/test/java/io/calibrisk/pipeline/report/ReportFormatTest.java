package io.calibrisk.pipeline.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.data.Notion;
import io.calibrisk.testsupport.Seeds;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.generators.SourceDSL.longs;

/**
 * The three report formats on a report built by hand: the exact text of each (the layout is a
 * contract that scripts parse), and every double in JSON and CSV reading back bit for bit.
 */
class ReportFormatTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path folder;

    /** Two folds; bins with two grid points (the second unstable), a failed kde; a note. */
    static CalibrationReport report(double risk, double estimateSquared) {
        GridPointResult five = new GridPointResult(Map.of("bins", 5.0), risk, 7.5e-5, estimateSquared,
                List.of(new FoldResult(0.0024, 0.0021, Map.of("emptyBins", 1.0)), new FoldResult(0.0027, 0.0024, Map.of())),
                null);
        GridPointResult ten = new GridPointResult(Map.of("bins", 10.0), 0.5, 0.25, 0.125,
                List.of(new FoldResult(1, 0, Map.of()), new FoldResult(0, 0, Map.of())), "rounding decides it");
        EstimatorResult bins = new EstimatorResult("bins", "binning.jar", 1.5, List.of(five, ten), 0, null,
                new EstimateInterval(0.04, 0.06, 0.95, 1000, 0, 0.001, 0.0005), List.of());
        EstimatorResult kde = EstimatorResult.failed("kde", "kernel.jar", 0.25, "fold 1: \"NaN\", at z = 0.5");
        return new CalibrationReport(Notion.TOP_LABEL, 100, 3, 2, 20, "seed 0, test fraction 0.2", List.of(bins, kde),
                "bins", List.of("one class only"));
    }

    @Test
    void jsonHasTheDocumentedLayout() {
        assertEquals("""
                {
                  "notion": "top-label",
                  "samples": 100,
                  "classes": 3,
                  "folds": 2,
                  "testSamples": 20,
                  "split": "seed 0, test fraction 0.2",
                  "search": "grid",
                  "recommended": "bins",
                  "answer": "top-label CE = 0.125 [0.040, 0.060] (95%; √ of the squared L2 error) by bins, lowest validation risk",
                  "withinNoise": {
                    "rule": "tied: |paired fold-risk difference| < 12.71 SE (not significant at 5%) from the recommended estimator",
                    "best": "bins",
                    "tied": [],
                    "estimateSpan": {
                      "lower": 0.125,
                      "upper": 0.125
                    }
                  },
                  "warnings": [],
                  "notes": [
                    "one class only"
                  ],
                  "estimators": [
                    {
                      "name": "bins",
                      "source": "binning.jar",
                      "seconds": 1.5,
                      "failure": null,
                      "best": {
                        "hyperparameters": {
                          "bins": 5
                        },
                        "risk": 0.0625,
                        "riskStdError": 7.5E-5,
                        "sqrtRiskTimes100": 25,
                        "estimateSquared": 0.015625,
                        "estimate": 0.125,
                        "estimateInterval": {
                          "lower": 0.04,
                          "upper": 0.06,
                          "level": 0.95,
                          "resamples": 1000,
                          "method": "test-split bootstrap plus the fold models' jackknife variance",
                          "testStdError": 0.001,
                          "foldStdError": 5.0E-4
                        }
                      },
                      "grid": [
                        {
                          "hyperparameters": {
                            "bins": 5
                          },
                          "risk": 0.0625,
                          "riskStdError": 7.5E-5,
                          "estimateSquared": 0.015625,
                          "stable": true,
                          "added": false,
                          "folds": [
                            {
                              "risk": 0.0024,
                              "estimateSquared": 0.0021,
                              "diagnostics": {
                                "emptyBins": 1
                              }
                            },
                            {
                              "risk": 0.0027,
                              "estimateSquared": 0.0024
                            }
                          ]
                        },
                        {
                          "hyperparameters": {
                            "bins": 10
                          },
                          "risk": 0.5,
                          "riskStdError": 0.25,
                          "estimateSquared": 0.125,
                          "stable": false,
                          "added": false,
                          "instability": "rounding decides it",
                          "folds": [
                            {
                              "risk": 1,
                              "estimateSquared": 0
                            },
                            {
                              "risk": 0,
                              "estimateSquared": 0
                            }
                          ]
                        }
                      ]
                    },
                    {
                      "name": "kde",
                      "source": "kernel.jar",
                      "seconds": 0.25,
                      "failure": "fold 1: \\"NaN\\", at z = 0.5",
                      "best": null,
                      "grid": []
                    }
                  ]
                }
                """, ReportFormat.JSON.render(report(0.0625, 0.015625), true));
    }

    @Test
    void jsonCarriesEveryDoubleExactly() {
        Seeds.qt(300).forAll(longs().all(), longs().all()).checkAssert((a, b) -> {
            double risk = Math.abs(Double.longBitsToDouble(a));
            double estimate = Double.longBitsToDouble(b);
            if (!Double.isFinite(risk) || !Double.isFinite(estimate)) {
                return;
            }
            CalibrationReport report = report(risk, estimate);
            GridPointResult best = report.estimators().get(0).best().orElseThrow();
            JsonNode json = read(ReportFormat.JSON.render(report, false));
            JsonNode chosen = json.at("/estimators/0/best");
            assertEquals(risk, chosen.get("risk").doubleValue(), "risk " + risk);
            assertEquals(estimate, chosen.get("estimateSquared").doubleValue(), "estimate " + estimate);
            assertEquals(best.scaledRisk(), chosen.get("sqrtRiskTimes100").doubleValue());
            assertEquals(best.estimate(), chosen.get("estimate").doubleValue());
            assertEquals(risk, json.at("/estimators/0/grid/0/risk").doubleValue());
            assertTrue(json.at("/estimators/0/seconds").isMissingNode(), "no timings");
        });
    }

    @Test
    void csvHasOneRowPerGridPointAndEveryDigit() throws IOException {
        String csv = ReportFormat.CSV.render(report(0.0625, 0.015625), true);
        assertEquals("""
                estimator,hyperparameters,risk,risk_std_error,sqrt_risk_x100,estimate_squared,estimate,estimate_lower,\
                estimate_upper,stable,chosen,recommended,seconds,fold0_risk,fold0_estimate_squared,fold1_risk,\
                fold1_estimate_squared
                bins,bins=5,0.0625,7.5E-5,25,0.015625,0.125,0.04,0.06,true,true,true,1.5,0.0024,0.0021,0.0027,0.0024
                bins,bins=10,0.5,0.25,70.71067811865476,0.125,0.3535533905932738,,,false,false,false,1.5,1,0,0,0
                kde,,,,,,,,,,,,0.25,,,,
                """, csv);
        assertEquals(List.of("estimator", "hyperparameters", "risk", "risk_std_error", "sqrt_risk_x100",
                "estimate_squared", "estimate", "estimate_lower", "estimate_upper", "stable", "chosen", "recommended",
                "fold0_risk", "fold0_estimate_squared", "fold1_risk", "fold1_estimate_squared"),
                records(ReportFormat.CSV.render(report(0.0625, 0.015625), false)).get(0).toList());
        Seeds.qt(200).forAll(longs().all()).checkAssert(bits -> {
            double risk = Math.abs(Double.longBitsToDouble(bits));
            if (Double.isFinite(risk)) {
                CSVRecord row = records(ReportFormat.CSV.render(report(risk, 0.015625), false)).get(1);
                assertEquals(risk, Double.parseDouble(row.get(2)), "risk " + risk);
            }
        });
    }

    @Test
    void tableRoundsForPeopleAndMarksTheRecommendation() {
        String nl = System.lineSeparator();
        String expected = String.join(nl,
                "top-label calibration: n = 100, d = 3; 2 folds, 20 test samples (seed 0, test fraction 0.2)",
                "   estimator  sqrt(risk)x100 ± SE  vs * (paired)                 CE [95% CI]  hyperparameters  seconds",
                "*  bins          25.0000 ± 0.0150  best           0.12500 [0.04000, 0.06000]  bins=5              1.50",
                "   kde                     failed  -                                       -  -                   0.25",
                "sqrt(risk)x100 ± SE: √(validation risk)×100 ± its SE over folds, lower is better; * recommended "
                        + "(lowest risk); tied: paired risk difference from * under 12.71 SE (not significant at 5%)",
                "CE: √ of the estimated squared L2 calibration error on the test split (not the L1 ECE); 95% CI: "
                        + "test-split bootstrap + fold-model jackknife; (edge): chosen at an edge of its grid",
                "failed: kde: fold 1: \"NaN\", at z = 0.5",
                "note: one class only",
                "top-label CE = 0.125 [0.040, 0.060] (95%; √ of the squared L2 error) by bins, lowest validation risk",
                "");
        assertEquals(expected, ReportFormat.TABLE.render(report(0.0625, 0.015625), true));
        String withoutSeconds = ReportFormat.TABLE.render(report(0.0625, 0.015625), false);
        assertTrue(withoutSeconds.contains("  bins=5" + nl), withoutSeconds);
        assertTrue(!withoutSeconds.contains("seconds"), withoutSeconds);
    }

    @Test
    void comparisonsInTheThreeFormats() {
        List<Comparison.Model> models = List.of(new Comparison.Model("net, big", "a.npz", report(0.0625, 0.015625)),
                new Comparison.Model("small", "b.csv", report(0.25, 0.0016)));
        String table = Comparison.render(models, ReportFormat.TABLE, true);
        assertTrue(table.startsWith("top-label calibration of 2 models; 2 folds (seed 0, test fraction 0.2)"), table);
        assertTrue(table.contains("bins       25.0000 ± 0.0150 *  50.0000 ± 0.0075 *"), table);
        assertTrue(table.contains("CE (√ of the squared L2 error) [95% CI]"), table);
        assertTrue(table.contains("failed: small: kde: fold 1"), table);
        assertTrue(table.contains("small     bins         0.04000 [0.04000, 0.06000]             0  [0.04, 0.04]"),
                table);
        assertTrue(table.endsWith("small: top-label CE = 0.040 [0.040, 0.060] (95%; √ of the squared L2 error) by "
                + "bins, lowest validation risk" + System.lineSeparator()), table);

        JsonNode json = read(Comparison.render(models, ReportFormat.JSON, false));
        assertEquals("top-label", json.get("notion").textValue());
        assertEquals("net, big", json.at("/models/0/name").textValue());
        assertEquals(0.25, json.at("/models/1/report/estimators/0/best/risk").doubleValue());

        List<CSVRecord> csv = records(Comparison.render(models, ReportFormat.CSV, false));
        assertEquals(5, csv.size());
        assertEquals(List.of("net, big", "bins", "bins=5", "25", "0.015", "0.0625", "7.5E-5", "0.125", "0.04", "0.06",
                "true", ""), csv.get(1).toList());
        assertEquals("fold 1: \"NaN\", at z = 0.5", csv.get(4).get(11));
    }

    /** A run over several notions: each notion's whole report, in order, in each format. */
    @Test
    void severalNotionsInTheThreeFormats() throws IOException {
        CalibrationReport top = report(0.0625, 0.015625);
        CalibrationReport c = report(0.25, 0.0016);
        CalibrationReport canonical = new CalibrationReport(Notion.CANONICAL, c.samples(), c.classes(), c.folds(),
                c.testSamples(), c.split(), c.estimators(), c.recommended(), c.notes());
        List<CalibrationReport> both = List.of(top, canonical);
        assertEquals(ReportFormat.TABLE.render(top, true) + System.lineSeparator()
                + ReportFormat.TABLE.render(canonical, true), ReportFormat.TABLE.render(both, true));

        JsonNode json = read(ReportFormat.JSON.render(both, false));
        assertEquals(1, json.size(), json.toString());
        assertEquals(2, json.path("reports").size(), json.toString());
        assertEquals(read(ReportFormat.JSON.render(top, false)), json.at("/reports/0"));
        assertEquals(read(ReportFormat.JSON.render(canonical, false)), json.at("/reports/1"));

        List<CSVRecord> rows = records(ReportFormat.CSV.render(both, true));
        List<CSVRecord> topRows = records(ReportFormat.CSV.render(top, true));
        List<CSVRecord> canonicalRows = records(ReportFormat.CSV.render(canonical, true));
        assertEquals(1 + 3 + 3, rows.size());
        assertEquals(prefixed("notion", topRows.get(0)), rows.get(0).toList());
        for (int i = 1; i <= 3; i++) {
            assertEquals(prefixed("top-label", topRows.get(i)), rows.get(i).toList());
            assertEquals(prefixed("canonical", canonicalRows.get(i)), rows.get(3 + i).toList());
        }

        for (ReportFormat format : ReportFormat.values()) {
            assertEquals(format.render(top, true), format.render(List.of(top), true), format + ": one notion");
        }
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
                () -> ReportFormat.JSON.render(List.of(), true));
        assertEquals("reports: none to render", none.getMessage());
    }

    private static List<String> prefixed(String first, CSVRecord row) {
        List<String> out = new java.util.ArrayList<>(List.of(first));
        out.addAll(row.toList());
        return out;
    }

    @Test
    void writeReplacesAFileWhole() throws IOException {
        Path file = folder.resolve("out/report.json");
        ReportFormat.JSON.write(report(0.0625, 0.015625), true, file);
        assertEquals(ReportFormat.JSON.render(report(0.0625, 0.015625), true), Files.readString(file));
        ReportFormat.CSV.write(report(0.0625, 0.015625), false, file);
        assertEquals(ReportFormat.CSV.render(report(0.0625, 0.015625), false), Files.readString(file));
        assertThrows(IOException.class, () -> ReportFormat.CSV.write(report(0.0625, 0.015625), false, folder));
    }

    @Test
    void formatsAreParsedByName() {
        assertEquals(ReportFormat.JSON, ReportFormat.parse("Json"));
        InvalidSettingException e = assertThrows(InvalidSettingException.class, () -> ReportFormat.parse("xml"));
        assertEquals("format = xml: expected table, json or csv", e.getMessage());
    }

    private static JsonNode read(String text) {
        try {
            return JSON.readTree(text);
        } catch (IOException e) {
            throw new AssertionError(text, e);
        }
    }

    /** The records of a CSV text, the header first. */
    private static List<CSVRecord> records(String text) {
        try (CSVParser parser = CSVParser.parse(text, CSVFormat.DEFAULT)) {
            return parser.getRecords();
        } catch (IOException e) {
            throw new AssertionError(text, e);
        }
    }
}
