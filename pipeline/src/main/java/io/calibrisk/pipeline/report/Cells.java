package io.calibrisk.pipeline.report;

import io.calibrisk.api.search.Hyperparameters;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/** How values read in the table, CSV and JSON reports, so that every format words them alike. */
final class Cells {
    private static final long NEGATIVE_ZERO = Double.doubleToRawLongBits(-0.0);

    private Cells() {
    }

    /**
     * @param v a finite double
     * @return whether it is written without a fraction: integral, below 10^15 in magnitude,
     *     and not −0 (whose sign a whole number would lose)
     */
    static boolean isWhole(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 && Double.doubleToRawLongBits(v) != NEGATIVE_ZERO;
    }

    /**
     * @param v a double
     * @return its exact text: the shortest form that reads back as the same double
     *     ({@link Double#toString}), integral values without a fraction; empty for a non-finite
     *     value (never produced)
     */
    static String number(double v) {
        if (!Double.isFinite(v)) {
            return "";
        }
        return isWhole(v) ? Long.toString((long) v) : Double.toString(v);
    }

    /**
     * @param best a grid point
     * @return {@code √risk×100 ± SE} with four decimals, the paper's scale
     */
    static String scaledRisk(GridPointResult best) {
        return String.format(Locale.ROOT, "%.4f ± %.4f", best.scaledRisk(), best.scaledRiskStdError());
    }

    /**
     * @param best     the chosen grid point
     * @param interval its bootstrap interval of CE, or null
     * @return CE with five decimals, then the interval if there is one
     */
    static String estimate(GridPointResult best, EstimateInterval interval) {
        return String.format(Locale.ROOT, "%.5f", best.estimate()) + (interval == null ? ""
                : String.format(Locale.ROOT, " [%.5f, %.5f]", interval.lower(), interval.upper()));
    }

    /**
     * @param results the estimators' results
     * @return the coverage of the first bootstrap interval in percent, e.g. {@code 95}, or null
     *     when no estimator has one
     */
    static String intervalPercent(List<EstimatorResult> results) {
        return results.stream().filter(e -> e.interval() != null).findFirst()
                .map(e -> Hyperparameters.format(e.interval().level() * 100)).orElse(null);
    }

    /** Hyperparameters for people: four significant digits (the JSON report keeps every digit). */
    static String compact(Map<String, Double> hyperparameters) {
        StringBuilder sb = new StringBuilder();
        hyperparameters.forEach((k, v) -> {
            if (sb.length() > 0) {
                sb.append(", ");
            }
            sb.append(k).append('=').append(v == Math.rint(v) && Math.abs(v) < 1e6
                    ? Hyperparameters.format(v) : fourDigits(v));
        });
        return sb.length() == 0 ? "-" : sb.toString();
    }

    /** {@code %.4g} without trailing zeros: 1e-07 rather than 1.000e-07, 0.0019 rather than 0.001900. */
    static String fourDigits(double v) {
        String text = String.format(Locale.ROOT, "%.4g", v);
        int exponent = text.indexOf('e');
        String mantissa = exponent < 0 ? text : text.substring(0, exponent);
        if (mantissa.contains(".")) {
            mantissa = mantissa.replaceAll("0+$", "").replaceAll("\\.$", "");
        }
        return exponent < 0 ? mantissa : mantissa + text.substring(exponent);
    }

    /**
     * Lays out rows as columns two spaces apart, each as wide as its widest cell, without
     * trailing blanks.
     *
     * @param rows         the rows, the header first; every row equally long
     * @param alignedRight whether column i is right-aligned (numbers) or left-aligned (text)
     * @param out          where the lines go, each ending with the platform's line separator
     */
    static void align(List<List<String>> rows, List<Boolean> alignedRight, StringBuilder out) {
        int[] width = new int[rows.get(0).size()];
        for (List<String> row : rows) {
            for (int i = 0; i < row.size(); i++) {
                width[i] = Math.max(width[i], row.get(i).length());
            }
        }
        for (List<String> row : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < row.size(); i++) {
                if (i > 0) {
                    line.append("  ");
                }
                String cell = row.get(i);
                String padding = " ".repeat(width[i] - cell.length());
                line.append(alignedRight.get(i) ? padding + cell : cell + padding);
            }
            out.append(line.toString().stripTrailing()).append(System.lineSeparator());
        }
    }
}
