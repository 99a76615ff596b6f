package io.calibrisk.pipeline.plot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.pipeline.data.Labels;
import io.calibrisk.api.data.Notion;
import io.calibrisk.pipeline.data.Predictions;
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
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;

import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;

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
    void titleGivesTheEstimateWithItsBootstrapInterval() throws Exception {
        Document doc = parse(ReliabilityDiagram.svg(SampleReports.topLabel(), null, predictions, labels));
        String title = texts(group(doc, "title")).get(0);
        assertTrue(title.startsWith("TCE = 0.0805, 95% bootstrap interval [0.0610, 0.0830] (1000 resamples)"), title);
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
    void classWiseDrawsTenCurvesAndSummarisesTheRest() throws Exception {
        Predictions p = SampleReports.predictions(SampleReports.N, 12, 4);
        Document doc = parse(ReliabilityDiagram.svg(SampleReports.classWise(12), null, p, SampleReports.labels(p, 4)));
        List<Element> curves = byClass(group(doc, "curves"), "curve");
        assertEquals(11, curves.size());
        assertEquals("class 0", tooltip(curves.get(0)));
        assertEquals("mean of all 12", tooltip(curves.get(10)));
        assertTrue(texts(group(doc, "legend")).contains("2 more not drawn"));
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
        List<Element> drawn = byClass(group(doc, "curves"), "curve");
        assertEquals(SampleReports.D, drawn.size());
        int markers = drawn.get(0).getElementsByTagNameNS(SVG_NS, "circle").getLength();
        assertTrue(markers > 5 && markers <= ReliabilityModel.CURVE_BINS, "bin markers: " + markers);
        assertTrue(texts(group(doc, "title")).get(0).startsWith("CCE = "));
    }

    @Test
    void estimatorWithoutCurveGetsANoteInsteadOfACurve() throws Exception {
        Document doc = parse(ReliabilityDiagram.svg(SampleReports.topLabel(), "kkr", predictions, labels));
        assertEquals(0, byClass(group(doc, "curves"), "curve").size());
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
            assertTrue(e.getMessage().contains(name) && e.getMessage().contains(".svg or .png"), e.getMessage());
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
