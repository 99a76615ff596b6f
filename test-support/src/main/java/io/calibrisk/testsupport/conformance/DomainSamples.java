package io.calibrisk.testsupport.conformance;

import io.calibrisk.api.setting.ValueType;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Values at the edges of a {@link ValueType}'s domain, as a user would type them: some inside,
 * which an estimator that declares the domain must accept, and some outside, which calibrisk
 * must refuse. Unbounded sides are probed at ±1000 from the bound (or from 0), far enough to
 * matter and near enough to stay meaningful for a bandwidth or a regularisation.
 */
final class DomainSamples {
    private static final double FAR = 1e3;
    private static final double NEAR = 1e-6;

    private DomainSamples() {
    }

    /**
     * @param type    a type
     * @param kernels for a kernel name, the kernels that serve the notion
     * @return values inside the domain, as text
     */
    static List<String> inside(ValueType type, List<String> kernels) {
        Set<String> out = new LinkedHashSet<>();
        if (type instanceof ValueType.IntegerRange) {
            ValueType.IntegerRange range = (ValueType.IntegerRange) type;
            out.add(Long.toString(range.min()));
            out.add(Long.toString(range.max() - range.min() <= 1_000_000 ? range.max() : range.min() + (long) FAR));
        } else if (type instanceof ValueType.RealRange) {
            ValueType.RealRange range = (ValueType.RealRange) type;
            double low = lowest(range);
            double high = highest(range);
            out.add(text(low));
            out.add(text(high));
        } else if (type instanceof ValueType.Choice) {
            out.addAll(((ValueType.Choice) type).options());
        } else {
            out.addAll(kernels);
        }
        return new ArrayList<>(out);
    }

    /**
     * @param type    a type
     * @param kernels for a kernel name, kernels of its kind that do not serve the notion
     * @return values outside the domain, as text
     */
    static List<String> outside(ValueType type, List<String> kernels) {
        List<String> out = new ArrayList<>();
        if (type instanceof ValueType.IntegerRange) {
            ValueType.IntegerRange range = (ValueType.IntegerRange) type;
            if (range.min() > Long.MIN_VALUE / 2) {
                out.add(Long.toString(range.min() - 1));
            }
            if (range.max() < Long.MAX_VALUE / 2) {
                out.add(Long.toString(range.max() + 1));
            }
            if (range.max() > range.min()) {
                out.add(text(range.min() + 0.5));
            }
            out.add("many");
        } else if (type instanceof ValueType.RealRange) {
            ValueType.RealRange range = (ValueType.RealRange) type;
            if (Double.isFinite(range.min())) {
                out.add(text(range.minInclusive() ? range.min() - Math.max(NEAR, Math.abs(range.min()) * NEAR) : range.min()));
            }
            if (Double.isFinite(range.max())) {
                out.add(text(range.maxInclusive() ? range.max() + Math.max(NEAR, Math.abs(range.max()) * NEAR) : range.max()));
            }
            out.add("NaN");
            out.add("Infinity");
            out.add("large");
        } else if (type instanceof ValueType.Choice) {
            out.add("no-such-choice");
            for (String option : ((ValueType.Choice) type).options()) {
                String upper = option.toUpperCase(Locale.ROOT);
                if (!upper.equals(option)) {
                    out.add(upper);
                    break;
                }
            }
        } else {
            out.add("no-such-kernel");
            out.addAll(kernels);
        }
        return out;
    }

    private static double lowest(ValueType.RealRange range) {
        if (!Double.isFinite(range.min())) {
            return Double.isFinite(range.max()) ? range.max() - FAR : -FAR;
        }
        if (range.minInclusive()) {
            return range.min();
        }
        double width = Double.isFinite(range.max()) ? range.max() - range.min() : 1;
        return range.min() + Math.max(NEAR * width, Math.ulp(range.min()) * 4);
    }

    private static double highest(ValueType.RealRange range) {
        if (!Double.isFinite(range.max())) {
            return Math.max(range.min(), 0) + FAR;
        }
        if (range.maxInclusive()) {
            return range.max();
        }
        double width = Double.isFinite(range.min()) ? range.max() - range.min() : 1;
        return range.max() - Math.max(NEAR * width, Math.ulp(range.max()) * 4);
    }

    /** As calibrisk echoes a number in its messages. */
    static String text(double value) {
        return ValueType.format(value);
    }
}
