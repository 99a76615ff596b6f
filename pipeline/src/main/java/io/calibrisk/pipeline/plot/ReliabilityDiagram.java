package io.calibrisk.pipeline.plot;

import io.calibrisk.pipeline.io.OutputFiles;
import io.calibrisk.api.InvalidInputException;
import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.pipeline.data.Labels;
import io.calibrisk.pipeline.data.Predictions;
import io.calibrisk.pipeline.report.CalibrationReport;
import io.calibrisk.pipeline.report.EstimatorResult;
import io.calibrisk.pipeline.plot.Canvas.Anchor;
import io.calibrisk.pipeline.plot.Canvas.Font;
import io.calibrisk.pipeline.plot.Canvas.Pen;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import javax.imageio.ImageIO;

/**
 * The reliability diagram of a calibration report, as SVG, PNG or PDF.
 *
 * <p>Panel 1 shows one estimator (the recommended one unless another is named) against the
 * diagonal: its fitted calibration curve {@code E[t | z]}, clamped to [0, 1], with the gap to
 * the diagonal shaded in proportion to the share of samples; or, for a binning estimator, one
 * point per bin (mean confidence, accuracy on the test split) whose area is in proportion to
 * the bin's samples. Below it, a histogram of the predictions (a binning: its bins' counts).
 * Top-label calibration has one plot whose axis starts at 1/d, the least a top-label
 * confidence can be; class-wise and canonical calibration one small plot per class, at most
 * {@value ReliabilityModel#MAX_PANELS}, the others listed by name. Canonical curves, given at
 * the test points, are drawn as bin means. An estimator without a curve (Kronecker kernel
 * ridge regression estimates only {@code h(z, z')}) gets a note instead. The title gives the
 * estimate of the calibration error with its interval, or the fold standard error when the
 * report has no interval.
 *
 * <p>Panel 2 shows, for every estimator, {@code √R̂ × 100 ± s.e.} over its hyperparameter
 * grid (log axis for bandwidths and regularisation constants), the chosen point marked,
 * unstable points hollow, failed estimators named with their failure.
 *
 * <p>The SVG is standalone SVG 1.1 (no scripts, fonts or external resources). The PNG is
 * {@link #PNG_SCALE} pixels per SVG unit, drawn by Java2D without a display. The PDF is vector
 * graphics written by Apache PDFBox, with DejaVu Sans embedded.
 */
public final class ReliabilityDiagram {
    /** The figure's width in SVG units. */
    public static final int WIDTH = 1340;
    /** PNG pixels per SVG unit: sharp on high-density screens, still small as a file. */
    public static final double PNG_SCALE = 2;

    private static final double MARGIN = 24;
    private static final double HEADER = 96;
    private static final double PANEL_ONE = 650;
    private static final double BOTTOM = 16;

    /** The output format, chosen by the file's extension. */
    private enum Format {
        SVG, PNG, PDF
    }

    private ReliabilityDiagram() {
    }

    /**
     * Draws the diagram into a file, SVG, PNG or PDF by the file's extension. The file is written
     * to a temporary file in the same folder and moved into place when complete.
     *
     * @param report      the report
     * @param estimator   the estimator for panel 1, or null (or blank) for the recommended one
     * @param predictions the predictions the report was computed from (for the histogram)
     * @param labels      their labels
     * @param file        the target, ending in {@code .svg}, {@code .png} or {@code .pdf} (any case)
     * @throws InvalidSettingException if the extension is neither, or the estimator is not in
     *     the report
     * @throws InvalidInputException   if predictions and labels do not match
     * @throws IOException             if the file cannot be written; it is then left as it was
     */
    public static void write(CalibrationReport report, String estimator, Predictions predictions, Labels labels,
                             Path file) throws IOException {
        write(report, estimator, predictions, labels, file, true);
    }

    /**
     * As {@link #write(CalibrationReport, String, Predictions, Labels, Path)}, replacing an
     * existing file only if asked to ({@link OutputFiles#write(Path, boolean, OutputFiles.Content)}).
     *
     * @param report      the report
     * @param estimator   the estimator for panel 1, or null (or blank) for the recommended one
     * @param predictions the predictions the report was computed from (for the histogram)
     * @param labels      their labels
     * @param file        the target, ending in {@code .svg} or {@code .png} (any case)
     * @param replace     whether an existing regular file may be replaced ({@code --force})
     * @throws IOException if the file cannot be written, or exists and may not be replaced; it
     *     is then left as it was
     */
    public static void write(CalibrationReport report, String estimator, Predictions predictions, Labels labels,
                             Path file, boolean replace) throws IOException {
        Format format = format(file);
        if (format == Format.SVG) {
            byte[] bytes = svg(report, estimator, predictions, labels).getBytes(StandardCharsets.UTF_8);
            OutputFiles.write(file, replace, out -> out.write(bytes));
        } else if (format == Format.PDF) {
            byte[] bytes = pdf(report, estimator, predictions, labels);
            OutputFiles.write(file, replace, out -> out.write(bytes));
        } else {
            BufferedImage image = image(report, estimator, predictions, labels);
            OutputFiles.write(file, replace, out -> {
                if (!ImageIO.write(image, "png", out)) {
                    throw new IOException(file + ": this Java runtime has no PNG writer");
                }
            });
        }
    }

    /**
     * @param report      the report
     * @param estimator   the estimator for panel 1, or null for the recommended one
     * @param predictions the predictions the report was computed from
     * @param labels      their labels
     * @return the diagram as a standalone SVG 1.1 document
     * @throws InvalidSettingException if the estimator is not in the report
     * @throws InvalidInputException   if predictions and labels do not match
     */
    public static String svg(CalibrationReport report, String estimator, Predictions predictions, Labels labels) {
        Figure figure = Figure.of(report, estimator, predictions, labels);
        SvgCanvas canvas = new SvgCanvas(WIDTH, figure.height, "calibrisk reliability diagram: " + figure.model.title,
                "Left: fitted calibration curve with the diagonal and a histogram of the predictions. Right: "
                        + "validation risk of every estimator over its hyperparameter grid.");
        figure.draw(canvas);
        return canvas.finish();
    }

    /**
     * @param report      the report
     * @param estimator   the estimator for panel 1, or null for the recommended one
     * @param predictions the predictions the report was computed from
     * @param labels      their labels
     * @return the diagram as a one-page vector PDF (Apache PDFBox; DejaVu Sans embedded), the
     *     same drawing as the SVG at half a point per SVG unit
     * @throws InvalidSettingException if the estimator is not in the report
     * @throws InvalidInputException   if predictions and labels do not match
     */
    public static byte[] pdf(CalibrationReport report, String estimator, Predictions predictions, Labels labels) {
        Figure figure = Figure.of(report, estimator, predictions, labels);
        PdfCanvas canvas = new PdfCanvas(WIDTH, figure.height, "calibrisk reliability diagram: " + figure.model.title);
        figure.draw(canvas);
        return canvas.finish();
    }

    /**
     * @param report      the report
     * @param estimator   the estimator for panel 1, or null for the recommended one
     * @param predictions the predictions the report was computed from
     * @param labels      their labels
     * @return the diagram as an image, {@link #PNG_SCALE} pixels per SVG unit
     * @throws InvalidSettingException if the estimator is not in the report
     * @throws InvalidInputException   if predictions and labels do not match
     */
    public static BufferedImage image(CalibrationReport report, String estimator, Predictions predictions,
                                      Labels labels) {
        // A command-line tool never opens a window; without this, a stray DISPLAY could make
        // Java2D try to reach an X server.
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
        Figure figure = Figure.of(report, estimator, predictions, labels);
        ImageCanvas canvas = new ImageCanvas(WIDTH, figure.height, PNG_SCALE);
        figure.draw(canvas);
        return canvas.finish();
    }

    /**
     * @param report the report
     * @return the height in SVG units of the report's diagram (it grows with the number of
     *     estimators)
     */
    public static int height(CalibrationReport report) {
        return Figure.height(report.estimators().size());
    }

    /**
     * Checks a plot file's name before a run, so that a typo fails before the work.
     *
     * @param file the intended plot file
     * @throws InvalidSettingException if the name ends in none of {@code .svg}, {@code .png}, {@code .pdf}
     */
    public static void checkFileName(Path file) {
        format(file);
    }

    private static Format format(Path file) {
        Path name = file.getFileName();
        String text = name == null ? "" : name.toString().toLowerCase(Locale.ROOT);
        if (text.endsWith(".svg")) {
            return Format.SVG;
        }
        if (text.endsWith(".png")) {
            return Format.PNG;
        }
        if (text.endsWith(".pdf")) {
            return Format.PDF;
        }
        throw InvalidSettingException.of("plot file", file, "the name must end in .svg, .png or .pdf");
    }

    /** The laid-out figure: header and the two panels. */
    private static final class Figure {
        final ReliabilityModel model;
        final List<RiskSeries> series;
        final double reference;
        final int height;

        private Figure(ReliabilityModel model, List<RiskSeries> series, double reference, int height) {
            this.model = model;
            this.series = series;
            this.reference = reference;
            this.height = height;
        }

        static Figure of(CalibrationReport report, String estimator, Predictions predictions, Labels labels) {
            ReliabilityModel model = ReliabilityModel.of(report, estimator, predictions, labels);
            List<RiskSeries> series = report.estimators().stream()
                    .map(e -> RiskSeries.of(e, e.name().equals(report.recommended()))).toList();
            double reference = report.recommendedResult().flatMap(EstimatorResult::best)
                    .map(b -> b.scaledRisk()).orElse(Double.NaN);
            return new Figure(model, series, reference, height(series.size()));
        }

        static int height(int estimators) {
            double body = Math.max(ReliabilityPanel.HEIGHT, RiskPanel.height(estimators));
            return (int) Math.ceil(HEADER + body + BOTTOM);
        }

        void draw(Canvas c) {
            double width = WIDTH - 2 * MARGIN;
            double size = Texts.width(model.title, 18, true) <= width ? 18 : 15.5;
            c.begin("title", "title", null);
            c.text(MARGIN, 36, Texts.fit(model.title, size, true, width), Font.of(size, Axes.INK, Anchor.START).inBold());
            c.text(MARGIN, 62, Texts.fit(model.subtitle, 12.5, false, width), Font.of(12.5, Axes.MUTED, Anchor.START));
            c.end();
            c.line(MARGIN, 78, WIDTH - MARGIN, 78, Pen.solid("#dddddd", 1));
            double body = height - HEADER - BOTTOM;
            ReliabilityPanel.draw(c, model, new Box(MARGIN, HEADER, PANEL_ONE - MARGIN, body));
            double x = PANEL_ONE + 20;
            RiskPanel.draw(c, series, reference, new Box(x, HEADER, WIDTH - MARGIN - x, body));
        }
    }
}
