package io.calibrisk.pipeline.plot;

/**
 * Colours. The ten category colours are Tableau's, distinguishable by most readers with a
 * colour-vision deficiency when combined with the legend's order.
 */
final class Palette {
    static final String[] CATEGORY = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2",
        "#7f7f7f", "#bcbd22", "#17becf"};
    static final String ACCENT = "#c0392b";
    static final String ACCENT_DARK = "#7b1e14";
    static final String POINT = "#34495e";
    static final String WHISKER = "#9aa9ba";
    static final String UNSTABLE = "#e67e22";
    static final String HISTOGRAM = "#a9c1d9";
    static final String GAP = "#c0392b";
    static final String FAILED_BACKGROUND = "#fdf0ef";

    private Palette() {
    }

    /**
     * @param i a series' index
     * @return its colour
     */
    static String category(int i) {
        return CATEGORY[Math.floorMod(i, CATEGORY.length)];
    }
}
