package io.calibrisk.pipeline.plot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class ScaleTest {

    private static List<String> labels(Scale s, int target) {
        return s.ticks(target).stream().filter(Scale.Tick::major).map(Scale.Tick::label).toList();
    }

    @Test
    void linearTicksAreRoundNumbersInsideTheRange() {
        assertEquals(List.of("0.0", "0.2", "0.4", "0.6", "0.8", "1.0"), labels(Scale.linear(0, 1, 0, 100), 5));
        assertEquals(List.of("0.00", "0.25", "0.50", "0.75", "1.00"), labels(Scale.linear(-0.02, 1.02, 0, 100), 5));
        assertEquals(List.of("4.90", "4.95", "5.00"), labels(Scale.linear(4.87, 5.03, 0, 100), 4));
        assertEquals(List.of("25", "50", "75"), labels(Scale.linear(5, 90, 0, 100), 4));
        assertEquals(List.of("-1.0", "-0.5", "0.0", "0.5"), labels(Scale.linear(-1, 0.7, 0, 100), 4));
    }

    @Test
    void logTicksArePowersOfTenThinnedOnLongRanges() {
        assertEquals(List.of("10⁻⁵", "10⁻⁴", "10⁻³", "10⁻²", "10⁻¹", "10⁰"), labels(Scale.log(1e-5, 1, 0, 100), 6));
        List<Scale.Tick> ticks = Scale.log(1e-17, 1e-1, 0, 100).ticks(6);
        assertEquals(17, ticks.size());
        assertEquals(List.of("10⁻¹⁷", "10⁻¹⁴", "10⁻¹¹", "10⁻⁸", "10⁻⁵", "10⁻²"), labels(Scale.log(1e-17, 1e-1, 0, 100), 6));
        assertEquals(List.of("1", "10", "100", "1000"), labels(Scale.log(0.7, 3000, 0, 100), 5));
        assertEquals(List.of("0.2", "0.5", "1"), labels(Scale.log(0.15, 1.2, 0, 100), 5));
    }

    @Test
    void mapsEndsToCoordinates() {
        Scale log = Scale.log(1e-4, 1, 10, 110);
        assertEquals(10, log.at(1e-4), 1e-9);
        assertEquals(60, log.at(1e-2), 1e-9);
        Scale y = Scale.linear(0, 2, 300, 100);
        assertEquals(200, y.at(1), 1e-9);
    }

    @Test
    void riskRangeLeavesOutliersOffTheScale() {
        RiskSeries kkr = RiskSeries.of(SampleReports.kkr(), false);
        assertTrue(kkr.logX());
        assertEquals("lambda", kkr.axis());
        double[] range = RiskPanel.yRange(kkr);
        assertTrue(range[1] < 6 && range[0] > 4.5, range[0] + " .. " + range[1]);
        RiskSeries bins = RiskSeries.of(SampleReports.bins(List.of(), null), true);
        assertTrue(!bins.logX() && bins.axis().equals("bins"));
        double[] all = RiskPanel.yRange(bins);
        for (int i = 0; i < bins.y().length; i++) {
            assertTrue(all[0] < bins.y()[i] - bins.se()[i] && all[1] > bins.y()[i] + bins.se()[i]);
        }
    }

    @Test
    void gridWithSeveralVaryingHyperparametersUsesTheIndex() {
        var grid = List.of(SampleReports.point(Map.of("a", 1.0, "b", 1.0), 5, 0.1, 0.1, null),
                SampleReports.point(Map.of("a", 2.0, "b", 3.0), 5, 0.1, 0.1, null));
        RiskSeries s = RiskSeries.of(new io.calibrisk.pipeline.report.EstimatorResult("two", "t", 0, grid, 0, null), false);
        assertEquals("grid point", s.axis());
        assertEquals(1.0, s.x()[1]);
    }

    @Test
    void textsAreEscapedAndFormatted() {
        assertEquals("a &lt;b&gt; &amp; &quot;c&quot; d", SvgCanvas.escape("a <b> & \"c\"\u0001\nd"));
        assertEquals("0.001931", Texts.compact(0.001931));
        assertEquals("10⁻⁹", Texts.compact(1e-9));
        assertEquals("10000", Texts.compact(1e4));
        assertEquals("0.1", Texts.compact(0.1));
        assertEquals("35", Texts.compact(35));
        assertEquals("2.5×10⁻⁵", Texts.compact(2.5e-5));
        assertEquals("0.0725", Texts.significant(0.072531, 3));
        assertEquals("12.5", SvgCanvas.num(12.5));
        assertEquals("0", SvgCanvas.num(-0.001));
    }
}
