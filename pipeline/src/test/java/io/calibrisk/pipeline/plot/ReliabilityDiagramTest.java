package io.calibrisk.pipeline.plot;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.pipeline.data.Labels;
import io.calibrisk.api.data.Notion;
import io.calibrisk.pipeline.data.Predictions;
import io.calibrisk.pipeline.report.BinTable;
import io.calibrisk.pipeline.report.CalibrationCurve;
import io.calibrisk.pipeline.report.CalibrationReport;
import io.calibrisk.pipeline.report.EstimatorResult;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;

import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;

import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

class ReliabilityDiagramTest {
    private static final String SVG_NS = "http://www.w3.org/2000/svg";
    private static final Set<String> SVG_ELEMENTS = Set.of("svg", "title", "desc", "g", "rect", "line", "polyline",
            "polygon", "circle", "text");

    private static Predictions predictions;
    private static Labels labels;

    @TempDir
    Path folder;

    @BeforeAll
    static void data() {
        predictions = SampleReports.predictions(SampleReports.N, SampleReports.D, 3);
        labels = SampleReports.labels(predictions, 3);
    }

    @Test
    void svgIsStandaloneXmlWithSizeAndOnlyPlainElements() throws Exception {
        Document doc = parse(ReliabilityDiagram.svg(SampleReports.topLabel(), null, predictions, labels));
        Element root = doc.getDocumentElement();
        assertEquals("svg", root.getLocalName());
        assertEquals(SVG_NS, root.getNamespaceURI());
        assertEquals("1.1", root.getAttribute("version"));
        assertEquals(Integer.toString(ReliabilityDiagram.WIDTH), root.getAttribute("width"));
        int height = ReliabilityDiagram.height(SampleReports.topLabel());
        assertEquals(Integer.toString(height), root.getAttribute("height"));
        assertEquals("0 0 " + ReliabilityDiagram.WIDTH + " " + height, root.getAttribute("viewBox"));
        NodeList all = doc.getElementsByTagNameNS("*", "*");
        for (int i = 0; i < all.getLength(); i++) {
            Element e = (Element) all.item(i);
            assertEquals(SVG_NS, e.getNamespaceURI(), e.getTagName());
            assertTrue(SVG_ELEMENTS.contains(e.getLocalName()), "unexpected element " + e.getLocalName());
            assertFalse(e.hasAttribute("href") || e.hasAttributeNS("http://www.w3.org/1999/xlink", "href"),
                    "external reference in " + e.getLocalName());
        }
    }

    @Test
    void titleGivesTheEstimateWithItsInterval() throws Exception {
        Document doc = parse(ReliabilityDiagram.svg(SampleReports.topLabel(), null, predictions, labels));
        String title = texts(group(doc, "title")).get(0);
        assertTrue(title.startsWith("TCE = 0.0805, 95% interval [0.0610, 0.0830]"), title);
        assertTrue(title.contains("estimator bins (bins = 35)"), title);
    }

    @Test
    void titleFallsBackToTheFoldStandardError() throws Exception {
        Predictions p = SampleReports.predictions(SampleReports.N, 12, 4);
        Document doc = parse(ReliabilityDiagram.svg(SampleReports.classWise(12), null, p, SampleReports.labels(p, 4)));
        // Fold estimates of CE² are ce²·(1 + 0.05·(f − 2)): s.e. of CE² = ce²·0.05·√2.5/√5, halved over ce.
        double ce = 0.07 + 0.0003 * 35;
        double expected = ce * 0.05 * Math.sqrt(2.5) / Math.sqrt(5) / 2;
        assertEquals(expected, ReliabilityModel.foldStandardError(SampleReports.classWise(12).estimators().get(0)
                .best().orElseThrow()), 1e-12);
        String title = texts(group(doc, "title")).get(0);
        assertTrue(title.startsWith("CWCE = 0.0805 ± " + Texts.significant(expected, 2) + " (fold s.e.)"), title);
    }

    @Test
    void riskPanelHasOneGroupPerEstimatorInReportOrder() throws Exception {
        CalibrationReport report = SampleReports.topLabel();
        Document doc = parse(ReliabilityDiagram.svg(report, null, predictions, labels));
        List<Element> estimators = byClass(group(doc, "risk"), "estimator");
        List<String> names = new ArrayList<>();
        for (Element e : estimators) {
            names.add(tooltip(e));
        }
        assertEquals(report.estimators().stream().map(EstimatorResult::name).toList(), names);
        Element failed = estimators.get(4);
        assertEquals("estimator failed", failed.getAttribute("class"));
        String text = String.join(" ", texts(failed));
        assertTrue(text.contains("failed") && text.contains("<&>"), text);
    }

    @Test
    void eachSuccessfulEstimatorMarksExactlyItsChosenPoint() throws Exception {
        CalibrationReport report = SampleReports.topLabel();
        Document doc = parse(ReliabilityDiagram.svg(report, null, predictions, labels));
        List<Element> estimators = byClass(group(doc, "risk"), "estimator");
        for (int i = 0; i < report.estimators().size(); i++) {
            EstimatorResult result = report.estimators().get(i);
            List<Element> chosen = byClass(estimators.get(i), "chosen");
            if (result.failed()) {
                assertEquals(0, chosen.size());
                continue;
            }
            assertEquals(1, chosen.size(), result.name());
            String expected = RiskSeries.hyperparameters(result.best().orElseThrow().hyperparameters()) + ":";
            assertTrue(tooltip(chosen.get(0)).startsWith(expected), tooltip(chosen.get(0)) + " vs " + expected);
            assertEquals(1, chosen.get(0).getElementsByTagNameNS(SVG_NS, "circle").getLength());
            int points = byClass(estimators.get(i), "point").size();
            assertEquals(result.grid().size() - 1, points, result.name());
        }
        assertEquals(1, byClass(estimators.get(2), "unstable").size());
        assertEquals(2, byClass(estimators.get(3), "unstable").size());
    }

    @Test
    void chosenPointLiesLowestAmongStablePointsOnItsAxis() throws Exception {
        Document doc = parse(ReliabilityDiagram.svg(SampleReports.topLabel(), null, predictions, labels));
        Element bins = byClass(group(doc, "risk"), "estimator").get(0);
        double chosen = cy(byClass(bins, "chosen").get(0));
        List<Element> points = byClass(bins, "point");
        assertEquals(17, points.size());
        for (Element point : points) {
            assertTrue(cy(point) <= chosen + 1e-9, "a point lies below the chosen one (higher y = lower risk)");
        }
    }

    @Test
    void classWiseDrawsAtMostTwelveSmallMultiplesAndListsTheRest() throws Exception {
        Predictions p = SampleReports.predictions(SampleReports.N, 15, 4);
        Document doc = parse(ReliabilityDiagram.svg(SampleReports.classWise(15), null, p, SampleReports.labels(p, 4)));
        List<Element> plots = byClass(group(doc, "reliability"), "plot");
        assertEquals(ReliabilityModel.MAX_PANELS, plots.size());
        for (int k = 0; k < plots.size(); k++) {
            assertEquals("class " + k, tooltip(plots.get(k)));
            assertEquals(1, byClass(plots.get(k), "curve").size(), "one curve per small plot");
        }
        assertTrue(texts(group(doc, "legend")).contains("not shown (3): classes 12–14"), texts(group(doc, "legend"))
                .toString());
        assertEquals("classes 3, 5–7, 10", ReliabilityPanel.ranges(List.of("class 3", "class 5", "class 6", "class 7",
                "class 10")));
    }

    @Test
    void tenClassesAreAllShown() throws Exception {
        Predictions p = SampleReports.predictions(SampleReports.N, 10, 4);
        Document doc = parse(ReliabilityDiagram.svg(SampleReports.classWise(10), null, p, SampleReports.labels(p, 4)));
        assertEquals(10, byClass(group(doc, "reliability"), "plot").size());
        assertTrue(texts(group(doc, "legend")).stream().noneMatch(t -> t.startsWith("not shown")));
    }

    @Test
    void canonicalCurvesAtScatteredPointsAreDrawnAsBinMeans() throws Exception {
        Random random = new Random(5);
        List<CalibrationCurve> curves = new ArrayList<>();
        for (int k = 0; k < SampleReports.D; k++) {
            double[] z = random.doubles(120).sorted().toArray();
            double[] y = new double[z.length];
            for (int i = 0; i < z.length; i++) {
                y[i] = Math.max(0, Math.min(1, z[i] * z[i] + 0.1 * random.nextGaussian()));
            }
            curves.add(new CalibrationCurve("class " + k, z, y));
        }
        CalibrationReport report = new CalibrationReport(Notion.CANONICAL, SampleReports.N, SampleReports.D, 5, 120,
                "seed 0", List.of(SampleReports.kde(curves)), "kde", List.of());
        Document doc = parse(ReliabilityDiagram.svg(report, null, predictions, labels));
        List<Element> drawn = byClass(group(doc, "reliability"), "curve");
        assertEquals(SampleReports.D, drawn.size());
        int markers = drawn.get(0).getElementsByTagNameNS(SVG_NS, "circle").getLength();
        assertTrue(markers > 5 && markers <= ReliabilityModel.CURVE_BINS, "bin markers: " + markers);
        assertTrue(texts(group(doc, "title")).get(0).startsWith("CCE = "));
    }

    /** The frame of a plot group: the rect of its "frame" group, as {x, y, width, height}. */
    private static double[] frame(Element plot) {
        Element rect = (Element) byClass(plot, "frame").get(0).getElementsByTagNameNS(SVG_NS, "rect").item(0);
        return new double[] {num(rect, "x"), num(rect, "y"), num(rect, "width"), num(rect, "height")};
    }

    private static double num(Element e, String attribute) {
        return Double.parseDouble(e.getAttribute(attribute));
    }

    /** Every vertex of the polylines and circles in a group, as {x, y}. */
    private static List<double[]> vertices(Element within) {
        List<double[]> out = new ArrayList<>();
        NodeList lines = within.getElementsByTagNameNS(SVG_NS, "polyline");
        for (int i = 0; i < lines.getLength(); i++) {
            for (String xy : ((Element) lines.item(i)).getAttribute("points").split(" ")) {
                String[] parts = xy.split(",");
                out.add(new double[] {Double.parseDouble(parts[0]), Double.parseDouble(parts[1])});
            }
        }
        NodeList circles = within.getElementsByTagNameNS(SVG_NS, "circle");
        for (int i = 0; i < circles.getLength(); i++) {
            Element c = (Element) circles.item(i);
            out.add(new double[] {num(c, "cx"), num(c, "cy")});
        }
        return out;
    }

    /** A curve from −0.35 to 1.25, and curves of class-wise calibration, all drawn inside the frame's [0, 1]. */
    @Test
    void curvesAreClampedToTheUnitInterval() throws Exception {
        Document doc = parse(ReliabilityDiagram.svg(SampleReports.topLabelBinned(3, 5, 8), "kde", predictions, labels));
        Element plot = byClass(group(doc, "reliability"), "plot").get(0);
        double[] f = frame(plot);
        List<double[]> points = vertices(byClass(plot, "curve").get(0));
        assertTrue(points.size() > 100, "the curve is drawn");
        boolean atZero = false;
        boolean atOne = false;
        for (double[] xy : points) {
            assertTrue(xy[1] >= f[1] - 1e-9 && xy[1] <= f[1] + f[3] + 1e-9, "y " + xy[1] + " outside the frame "
                    + Arrays.toString(f));
            atZero |= Math.abs(xy[1] - (f[1] + f[3])) < 0.01;
            atOne |= Math.abs(xy[1] - f[1]) < 0.01;
        }
        assertTrue(atZero && atOne, "the curve meets 0 and 1, clamped");
        Predictions p = SampleReports.predictions(SampleReports.N, 3, 4);
        List<CalibrationCurve> wild = new ArrayList<>();
        for (int k = 0; k < 3; k++) {
            wild.add(SampleReports.gridCurve("class " + k, z -> 1.4 * z - 0.2));
        }
        CalibrationReport classWise = new CalibrationReport(Notion.CLASS_WISE, SampleReports.N, 3, 5, 120, "seed 0",
                List.of(SampleReports.kde(wild)), "kde", List.of());
        Document multiples = parse(ReliabilityDiagram.svg(classWise, null, p, SampleReports.labels(p, 4)));
        for (Element small : byClass(group(multiples, "reliability"), "plot")) {
            double[] g = frame(small);
            for (double[] xy : vertices(byClass(small, "curve").get(0))) {
                assertTrue(xy[1] >= g[1] - 1e-9 && xy[1] <= g[1] + g[3] + 1e-9, tooltip(small) + ": y " + xy[1]);
            }
        }
    }

    /**
     * The top-label axis starts at 1/d: the diagonal starts at the frame's left edge at height
     * 1/d of the frame (whose y axis is exactly [0, 1]) and ends in its top right corner; the
     * class-wise axis starts at 0, the diagonal in the bottom left corner.
     */
    @Test
    void theTopLabelAxisStartsAtOneOverD() throws Exception {
        Document doc = parse(ReliabilityDiagram.svg(SampleReports.topLabel(), null, predictions, labels));
        Element plot = byClass(group(doc, "reliability"), "plot").get(0);
        double[] f = frame(plot);
        Element diagonal = (Element) byClass(plot, "diagonal").get(0).getElementsByTagNameNS(SVG_NS, "line").item(0);
        assertEquals(f[0], num(diagonal, "x1"), 0.01);
        assertEquals(1.0 / SampleReports.D, (f[1] + f[3] - num(diagonal, "y1")) / f[3], 1e-4);
        assertEquals(f[0] + f[2], num(diagonal, "x2"), 0.01);
        assertEquals(f[1], num(diagonal, "y2"), 0.01);
        Element strip = group(doc, "histogram");
        NodeList bars = strip.getElementsByTagNameNS(SVG_NS, "rect");
        for (int i = 0; i < bars.getLength(); i++) {
            Element bar = (Element) bars.item(i);
            assertTrue(num(bar, "x") >= f[0] - 0.01 && num(bar, "x") + num(bar, "width") <= f[0] + f[2] + 0.01);
        }
        Predictions p = SampleReports.predictions(SampleReports.N, 3, 4);
        Document classWise = parse(ReliabilityDiagram.svg(SampleReports.classWise(3), null, p,
                SampleReports.labels(p, 4)));
        Element small = byClass(group(classWise, "reliability"), "plot").get(0);
        double[] g = frame(small);
        Element line = (Element) byClass(small, "diagonal").get(0).getElementsByTagNameNS(SVG_NS, "line").item(0);
        assertEquals(g[0], num(line, "x1"), 0.01);
        assertEquals(g[1] + g[3], num(line, "y1"), 0.01);
    }

    /** A binning draws one point per non-empty bin, its area in proportion to its count, and the counts as bars. */
    @Test
    void binningDrawsOnePointPerBinWithItsCount() throws Exception {
        int[] counts = {0, 3, 12, 48, 0, 192, 27};
        CalibrationReport report = SampleReports.topLabelBinned(counts);
        Document doc = parse(ReliabilityDiagram.svg(report, null, predictions, labels));
        Element plot = byClass(group(doc, "reliability"), "plot").get(0);
        assertEquals(0, byClass(plot, "curve").size(), "no sawtooth curve");
        List<Element> bins = byClass(plot, "bin");
        List<BinTable.Bin> table = report.estimators().get(0).bins().get(0).bins().stream()
                .filter(b -> b.count() > 0).toList();
        assertEquals(table.size(), bins.size());
        double[] f = frame(plot);
        double largest = num((Element) bins.get(3).getElementsByTagNameNS(SVG_NS, "circle").item(0), "r");
        for (int i = 0; i < bins.size(); i++) {
            BinTable.Bin bin = table.get(i);
            assertTrue(tooltip(bins.get(i)).contains(": " + bin.count() + " test samples"), tooltip(bins.get(i)));
            Element circle = (Element) bins.get(i).getElementsByTagNameNS(SVG_NS, "circle").item(0);
            double x = (num(circle, "cx") - f[0]) / f[2] * (1 - 1.0 / SampleReports.D) + 1.0 / SampleReports.D;
            double y = (f[1] + f[3] - num(circle, "cy")) / f[3];
            assertEquals(bin.confidence(), x, 1e-3, "the point is at the mean confidence");
            assertEquals(bin.accuracy(), y, 1e-3, "and at the accuracy");
            double r = num(circle, "r");
            if (r > 2.01) {
                assertEquals(Math.sqrt(bin.count() / 192.0), r / largest, 0.02, "area in proportion to the count");
            }
        }
        List<Element> bars = byClass(group(doc, "histogram"), "bin-count");
        assertEquals(table.stream().map(b -> b.count() + " test samples").toList(),
                bars.stream().map(b -> tooltip(b).replaceAll(".*: (\\d+ test samples).*", "$1")).toList());
        assertTrue(String.join(" ", texts(group(doc, "legend"))).contains("test samples per bin (log)"));
    }

    /** The gap is shaded per histogram bin, as dark as the bin's share of the samples. */
    @Test
    void theGapIsShadedInProportionToTheSamples() throws Exception {
        Document doc = parse(ReliabilityDiagram.svg(SampleReports.topLabel(), "kde", predictions, labels));
        NodeList shades = group(doc, "gap").getElementsByTagNameNS(SVG_NS, "polygon");
        int[] histogram = new int[ReliabilityModel.HISTOGRAM_BINS];
        double lo = 1.0 / SampleReports.D;
        for (int i = 0; i < predictions.size(); i++) {
            double top = 0;
            for (int k = 0; k < SampleReports.D; k++) {
                top = Math.max(top, predictions.get(i, k));
            }
            histogram[Math.min(histogram.length - 1, (int) Math.floor((top - lo) / (1 - lo) * histogram.length))]++;
        }
        int max = Arrays.stream(histogram).max().orElseThrow();
        List<Double> expected = new ArrayList<>();
        for (int count : histogram) {
            if (count > 0) {
                expected.add(Math.round(0.42 * count / max * 1e4) / 1e4);
            }
        }
        List<Double> drawn = new ArrayList<>();
        for (int i = 0; i < shades.getLength(); i++) {
            drawn.add(Double.parseDouble(((Element) shades.item(i)).getAttribute("fill-opacity")));
        }
        assertEquals(expected, drawn);
    }

    @Test
    void pdfIsOneVectorPageWithTheTextsAndTheSameBytesEachTime() throws Exception {
        byte[] pdf = ReliabilityDiagram.pdf(SampleReports.topLabel(), null, predictions, labels);
        assertEquals("%PDF-", new String(pdf, 0, 5, StandardCharsets.US_ASCII));
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            assertEquals(1, doc.getNumberOfPages());
            PDPage page = doc.getPage(0);
            assertEquals(ReliabilityDiagram.WIDTH * 0.5, page.getMediaBox().getWidth(), 0.01);
            assertEquals(ReliabilityDiagram.height(SampleReports.topLabel()) * 0.5, page.getMediaBox().getHeight(), 0.01);
            String text = new PDFTextStripper().getText(doc);
            assertTrue(text.contains("TCE = 0.0805, 95% interval [0.0610, 0.0830]"), text);
            assertTrue(text.contains("√"), "DejaVu Sans draws √");
            List<String> fonts = new ArrayList<>();
            for (COSName name : page.getResources().getFontNames()) {
                PDFont font = page.getResources().getFont(name);
                fonts.add(font.getName());
                assertTrue(font.isEmbedded(), font.getName());
            }
            assertTrue(fonts.stream().anyMatch(f -> f.endsWith("DejaVuSans")), fonts.toString());
            assertTrue(doc.getDocumentInformation().getTitle().startsWith("calibrisk reliability diagram: TCE"));
        }
        assertArrayEquals(pdf, ReliabilityDiagram.pdf(SampleReports.topLabel(), null, predictions, labels),
                "the same report gives the same bytes");
        Path file = folder.resolve("plot.PDF");
        ReliabilityDiagram.write(SampleReports.topLabel(), null, predictions, labels, file);
        assertArrayEquals(pdf, Files.readAllBytes(file));
    }

    @Test
    void estimatorWithoutCurveGetsANoteInsteadOfACurve() throws Exception {
        Document doc = parse(ReliabilityDiagram.svg(SampleReports.topLabel(), "kkr", predictions, labels));
        assertEquals(0, byClass(group(doc, "reliability"), "curve").size());
        assertEquals(List.of("kkr estimates h(z, z′) only; no calibration curve"), texts(group(doc, "note")));
        assertTrue(texts(group(doc, "title")).get(0).startsWith("TCE = 0.065"));
        assertTrue(group(doc, "histogram").getElementsByTagNameNS(SVG_NS, "rect").getLength() > 3);
    }

    @Test
    void unknownEstimatorIsRejectedWithTheKnownNames() {
        InvalidSettingException e = assertThrows(InvalidSettingException.class,
                () -> ReliabilityDiagram.svg(SampleReports.topLabel(), "nope", predictions, labels));
        assertTrue(e.getMessage().contains("nope") && e.getMessage().contains("bins, bins-15, kde, kkr, ukkr"),
                e.getMessage());
    }

    @Test
    void pngDecodesWithTheExpectedSizeAndIsNotBlank() throws Exception {
        Path file = folder.resolve("plot.PNG");
        ReliabilityDiagram.write(SampleReports.topLabel(), null, predictions, labels, file);
        byte[] bytes = Files.readAllBytes(file);
        assertEquals((byte) 0x89, bytes[0]);
        assertEquals("PNG", new String(bytes, 1, 3, StandardCharsets.US_ASCII));
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(bytes));
        assertEquals((int) Math.round(ReliabilityDiagram.WIDTH * ReliabilityDiagram.PNG_SCALE), image.getWidth());
        assertEquals((int) Math.round(ReliabilityDiagram.height(SampleReports.topLabel()) * ReliabilityDiagram.PNG_SCALE),
                image.getHeight());
        long ink = 0;
        Set<Integer> colours = new HashSet<>();
        boolean red = false;
        for (int y = 0; y < image.getHeight(); y += 2) {
            for (int x = 0; x < image.getWidth(); x += 2) {
                int rgb = image.getRGB(x, y) & 0xffffff;
                colours.add(rgb);
                ink += rgb != 0xffffff ? 1 : 0;
                red |= rgb == 0xc0392b;
            }
        }
        double share = ink / (image.getWidth() / 2.0 * image.getHeight() / 2.0);
        assertTrue(share > 0.03 && share < 0.5, "share of non-white pixels " + share);
        assertTrue(colours.size() > 50, "colours " + colours.size());
        assertTrue(red, "the chosen points' colour is missing");
    }

    @Test
    void svgFileHoldsTheSameDocumentAsTheString() throws Exception {
        Path file = folder.resolve("sub/plot.svg");
        ReliabilityDiagram.write(SampleReports.topLabel(), "kde", predictions, labels, file);
        assertEquals(ReliabilityDiagram.svg(SampleReports.topLabel(), "kde", predictions, labels),
                Files.readString(file, StandardCharsets.UTF_8));
        try (Stream<Path> files = Files.list(file.getParent())) {
            assertEquals(List.of(file), files.toList());
        }
    }

    @Test
    void unknownExtensionFailsClearlyAndWritesNothing() throws Exception {
        for (String name : List.of("plot.jpg", "plot", "plot.svg.txt")) {
            InvalidSettingException e = assertThrows(InvalidSettingException.class, () -> ReliabilityDiagram.write(
                    SampleReports.topLabel(), null, predictions, labels, folder.resolve(name)));
            assertTrue(e.getMessage().contains(name) && e.getMessage().contains(".svg, .png or .pdf"), e.getMessage());
        }
        try (Stream<Path> files = Files.list(folder)) {
            assertEquals(0, files.count());
        }
    }

    @Test
    void failureLeavesNoFileAndNoTemporaryFile() throws Exception {
        Path file = folder.resolve("plot.svg");
        assertThrows(InvalidSettingException.class, () -> ReliabilityDiagram.write(SampleReports.topLabel(), "nope",
                predictions, labels, file));
        IOException e = assertThrows(IOException.class, () -> io.calibrisk.pipeline.io.OutputFiles.write(file, out -> {
            out.write(new byte[10_000]);
            throw new IOException("disk full");
        }));
        assertEquals("disk full", e.getMessage());
        try (Stream<Path> files = Files.list(folder)) {
            assertEquals(0, files.count());
        }
        Files.writeString(file, "before");
        assertThrows(IOException.class, () -> io.calibrisk.pipeline.io.OutputFiles.write(file, out -> {
            out.write(1);
            throw new IOException("disk full");
        }));
        assertEquals("before", Files.readString(file));
        try (Stream<Path> files = Files.list(folder)) {
            assertEquals(1, files.count());
        }
    }

    @Test
    void folderAsTargetIsRefused() throws Exception {
        Path dir = Files.createDirectory(folder.resolve("x.svg"));
        assertThrows(IOException.class, () -> ReliabilityDiagram.write(SampleReports.topLabel(), null, predictions,
                labels, dir));
        assertTrue(Files.isDirectory(dir));
    }

    @Test
    void everyEstimatorFailedStillDraws() throws Exception {
        CalibrationReport report = new CalibrationReport(Notion.TOP_LABEL, 10, 2, 5, 2, "seed 0",
                List.of(SampleReports.failed()), null, List.of());
        Document doc = parse(ReliabilityDiagram.svg(report, null, predictions, labels));
        assertEquals("TCE: no estimate, every estimator failed", texts(group(doc, "title")).get(0));
        assertEquals(1, byClass(group(doc, "risk"), "failed").size());
    }

    @Test
    void outputIsDeterministic() {
        assertEquals(ReliabilityDiagram.svg(SampleReports.topLabel(), null, predictions, labels),
                ReliabilityDiagram.svg(SampleReports.topLabel(), null, predictions, labels));
    }

    private static Document parse(String svg) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return factory.newDocumentBuilder().parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
    }

    private static Element group(Document doc, String id) {
        NodeList groups = doc.getElementsByTagNameNS(SVG_NS, "g");
        for (int i = 0; i < groups.getLength(); i++) {
            Element g = (Element) groups.item(i);
            if (id.equals(g.getAttribute("id"))) {
                return g;
            }
        }
        throw new AssertionError("no group " + id);
    }

    /** The groups whose class list includes kind. */
    private static List<Element> byClass(Element within, String kind) {
        List<Element> out = new ArrayList<>();
        NodeList groups = within.getElementsByTagNameNS(SVG_NS, "g");
        for (int i = 0; i < groups.getLength(); i++) {
            Element g = (Element) groups.item(i);
            if (List.of(g.getAttribute("class").split(" ")).contains(kind)) {
                out.add(g);
            }
        }
        return out;
    }

    private static String tooltip(Element g) {
        for (Node n = g.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getLocalName().equals("title")) {
                return e.getTextContent();
            }
        }
        throw new AssertionError("group without title");
    }

    private static List<String> texts(Element within) {
        List<String> out = new ArrayList<>();
        NodeList texts = within.getElementsByTagNameNS(SVG_NS, "text");
        for (int i = 0; i < texts.getLength(); i++) {
            out.add(texts.item(i).getTextContent());
        }
        return out;
    }

    private static double cy(Element g) {
        return Double.parseDouble(((Element) g.getElementsByTagNameNS(SVG_NS, "circle").item(0)).getAttribute("cy"));
    }
}
