package io.calibrisk.pipeline.plot;

import io.calibrisk.pipeline.data.Labels;
import io.calibrisk.api.data.Notion;
import io.calibrisk.pipeline.data.Predictions;
import io.calibrisk.pipeline.report.CalibrationCurve;
import io.calibrisk.pipeline.report.CalibrationReport;
import io.calibrisk.pipeline.report.EstimatorResult;
import io.calibrisk.pipeline.io.InputFiles;
import io.calibrisk.pipeline.io.LabelledPredictions;
import io.calibrisk.pipeline.io.Scores;
import io.calibrisk.pipeline.Calibrisk;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Renders sample diagrams for a person to look at: the hand-built reports, and, with
 * {@code real}, runs of the pipeline on the shared CIFAR-10 predictions. Not a test (surefire
 * does not pick it up); run it from {@code pipeline/} with the test class path, plus the
 * estimator jars for {@code real}:
 * {@code java -cp target/classes:target/test-classes:<dependencies> io.calibrisk.pipeline.plot.ReliabilityDiagramDemo
 * /tmp/plots [real [top-label|class-wise|canonical]]}.
 */
public final class ReliabilityDiagramDemo {

    private ReliabilityDiagramDemo() {
    }

    /**
     * @param args the output folder, then optionally {@code real} to run the pipeline on CIFAR-10
     * @throws Exception on any failure
     */
    public static void main(String[] args) throws Exception {
        Path out = Path.of(args[0]);
        Files.createDirectories(out);
        Predictions p = SampleReports.predictions(SampleReports.N, SampleReports.D, 3);
        Labels y = SampleReports.labels(p, 3);
        CalibrationReport top = SampleReports.topLabel();
        ReliabilityDiagram.write(top, null, p, y, out.resolve("sample-top.svg"));
        ReliabilityDiagram.write(top, null, p, y, out.resolve("sample-top.png"));
        ReliabilityDiagram.write(top, "kkr", p, y, out.resolve("sample-kkr.svg"));
        ReliabilityDiagram.write(top, "ukkr", p, y, out.resolve("sample-failed.svg"));
        Predictions p12 = SampleReports.predictions(SampleReports.N, 12, 4);
        ReliabilityDiagram.write(SampleReports.classWise(12), null, p12, SampleReports.labels(p12, 4),
                out.resolve("sample-classwise12.svg"));
        if (args.length > 1 && args[1].equals("real")) {
            // The shared data sit beside the checkout; the demo runs from pipeline/.
            Path data = Path.of(System.getProperty("calibrisk.shared.data", "../../shared/data"), "cifar10-vgg16");
            LabelledPredictions d = InputFiles.readNpy(data.resolve("probs.npy"), data.resolve("labels.npy"),
                    Scores.PROBABILITIES);
            for (Notion notion : List.of(Notion.TOP_LABEL, Notion.CLASS_WISE, Notion.CANONICAL)) {
                if (args.length > 2 && !args[2].equals(notion.id())) {
                    continue;
                }
                long t0 = System.nanoTime();
                CalibrationReport report = Calibrisk.builder().notion(notion).curves(true).bootstrap(200)
                        .build().evaluate(d.predictions(), d.labels());
                if (notion == Notion.CANONICAL && report.recommendedResult().map(r -> r.curves().isEmpty()).orElse(false)) {
                    report = withSmoothedCurves(report, d.predictions(), d.labels());
                }
                System.out.printf("%s: pipeline %.1f s%n", notion, (System.nanoTime() - t0) / 1e9);
                ReliabilityDiagram.write(report, null, d.predictions(), d.labels(), out.resolve("cifar-" + notion.id()
                        + ".svg"));
                ReliabilityDiagram.write(report, null, d.predictions(), d.labels(), out.resolve("cifar-" + notion.id()
                        + ".png"));
            }
        }
    }

    /**
     * Stand-in canonical curves until the estimators give them: for each class, a Gaussian
     * smoother of 1[y = k] against z_k, at the last 2000 rows' points.
     */
    private static CalibrationReport withSmoothedCurves(CalibrationReport report, Predictions p, Labels y) {
        int n = p.size();
        int d = p.classes();
        int m = Math.min(2000, n);
        List<CalibrationCurve> curves = new ArrayList<>();
        for (int k = 0; k < d; k++) {
            double[] z = new double[m];
            for (int r = 0; r < m; r++) {
                z[r] = p.get(n - m + r, k);
            }
            Arrays.sort(z);
            double[] e = new double[m];
            for (int r = 0; r < m; r++) {
                double num = 0;
                double den = 0;
                for (int i = 0; i < n; i++) {
                    double u = (p.get(i, k) - z[r]) / 0.05;
                    double w = Math.exp(-0.5 * u * u);
                    num += w * (y.get(i) == k ? 1 : 0);
                    den += w;
                }
                e[r] = num / den;
            }
            curves.add(new CalibrationCurve("class " + k, z, e));
        }
        List<EstimatorResult> estimators = new ArrayList<>();
        for (EstimatorResult r : report.estimators()) {
            estimators.add(r.name().equals(report.recommended()) ? new EstimatorResult(r.name(), r.source(), r.seconds(),
                    r.grid(), r.bestIndex(), r.failure(), r.interval(), curves) : r);
        }
        return new CalibrationReport(report.notion(), report.samples(), report.classes(), report.folds(),
                report.testSamples(), report.split(), estimators, report.recommended(), report.notes());
    }
}
