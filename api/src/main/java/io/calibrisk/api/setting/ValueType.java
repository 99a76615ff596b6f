package io.calibrisk.api.setting;

import io.calibrisk.api.InvalidSettingException;

import java.util.List;
import java.util.Locale;

/**
 * The type and domain of a setting's or a hyperparameter's value. {@link #describe()} says what
 * is allowed in words ("an integer from 1 to 1000"), and {@link #parse} turns text into a value
 * of the type or refuses it with a message that names the parameter, the value and the domain.
 *
 * @since 1.0
 */
public sealed interface ValueType permits ValueType.Numeric, ValueType.Choice, ValueType.KernelName {

    /** @return what is allowed, e.g. {@code an integer from 1 to 1000} */
    String describe();

    /**
     * @param parameter the parameter's full name for the message, e.g. {@code kkr.max-rank}
     * @param text      the value as text
     * @return the value: a {@link Long} for integers, a {@link Double} for reals, the
     *     {@link String} for choices and kernel names
     * @throws InvalidSettingException {@code "<parameter> = <text>: must be <describe()>"}
     */
    Object parse(String parameter, String text);

    /**
     * @param min the smallest value
     * @param max the largest value
     * @return integers in [min, max]
     */
    static IntegerRange integer(long min, long max) {
        return new IntegerRange(min, max);
    }

    /**
     * @param min the smallest value
     * @return integers from min up (to {@link Integer#MAX_VALUE})
     */
    static IntegerRange integerAtLeast(long min) {
        return new IntegerRange(min, Integer.MAX_VALUE);
    }

    /** @return finite reals greater than 0 */
    static RealRange positive() {
        return new RealRange(0, false, Double.POSITIVE_INFINITY, false);
    }

    /** @return finite reals at least 0 */
    static RealRange nonNegative() {
        return new RealRange(0, true, Double.POSITIVE_INFINITY, false);
    }

    /** @return every finite real */
    static RealRange anyReal() {
        return new RealRange(Double.NEGATIVE_INFINITY, false, Double.POSITIVE_INFINITY, false);
    }

    /**
     * @param min          the lower bound (may be −∞)
     * @param minInclusive whether the lower bound is allowed
     * @param max          the upper bound (may be +∞)
     * @param maxInclusive whether the upper bound is allowed
     * @return finite reals in the interval
     */
    static RealRange real(double min, boolean minInclusive, double max, boolean maxInclusive) {
        return new RealRange(min, minInclusive, max, maxInclusive);
    }

    /**
     * @param options the allowed names
     * @return one of the names, exactly
     */
    static Choice choice(String... options) {
        return new Choice(List.of(options));
    }

    /** @return the name of a discovered density kernel whose domain serves the run's notion */
    static KernelName densityKernel() {
        return new KernelName(KernelName.Kind.DENSITY);
    }

    /** @return the name of a discovered positive-definite kernel whose domain serves the run's notion */
    static KernelName positiveDefiniteKernel() {
        return new KernelName(KernelName.Kind.POSITIVE_DEFINITE);
    }

    /** A numeric type: the domain of a hyperparameter axis, or a numeric setting. */
    sealed interface Numeric extends ValueType permits IntegerRange, RealRange {
        /**
         * @param value a value
         * @return whether it lies in the domain
         */
        boolean contains(double value);

        /**
         * @param parameter the parameter's full name for the message
         * @param value     a value
         * @return the value
         * @throws InvalidSettingException if it is outside the domain
         */
        default double check(String parameter, double value) {
            if (!contains(value)) {
                throw InvalidSettingException.of(parameter, format(value), "must be " + describe());
            }
            return value;
        }

        @Override
        default Object parse(String parameter, String text) {
            double value;
            try {
                value = Double.parseDouble(text == null ? "" : text.strip());
            } catch (NumberFormatException e) {
                throw InvalidSettingException.of(parameter, text, "must be " + describe());
            }
            check(parameter, value);
            return this instanceof IntegerRange ? (Object) (long) value : (Object) value;
        }
    }

    /**
     * Integers in [min, max].
     *
     * @param min the smallest value
     * @param max the largest value, at least min
     */
    record IntegerRange(long min, long max) implements Numeric {
        /**
         * @throws InvalidSettingException if max &lt; min
         */
        public IntegerRange {
            if (max < min) {
                throw InvalidSettingException.of("integer range", "[" + min + ", " + max + "]", "must not be empty");
            }
        }

        @Override
        public boolean contains(double value) {
            return value == Math.rint(value) && value >= min && value <= max;
        }

        @Override
        public String describe() {
            if (max >= Integer.MAX_VALUE) {
                return "an integer ≥ " + min;
            }
            return "an integer from " + min + " to " + max;
        }
    }

    /**
     * Finite reals in an interval.
     *
     * @param min          the lower bound, or −∞
     * @param minInclusive whether min itself is allowed
     * @param max          the upper bound, or +∞
     * @param maxInclusive whether max itself is allowed
     */
    record RealRange(double min, boolean minInclusive, double max, boolean maxInclusive) implements Numeric {
        /**
         * @throws InvalidSettingException if a bound is NaN or the interval is empty
         */
        public RealRange {
            if (Double.isNaN(min) || Double.isNaN(max) || max < min) {
                throw InvalidSettingException.of("real range", "[" + min + ", " + max + "]", "must not be empty");
            }
        }

        @Override
        public boolean contains(double value) {
            return Double.isFinite(value) && (minInclusive ? value >= min : value > min)
                    && (maxInclusive ? value <= max : value < max);
        }

        @Override
        public String describe() {
            boolean below = Double.isInfinite(min);
            boolean above = Double.isInfinite(max);
            if (below && above) {
                return "a finite number";
            }
            if (above) {
                return "a finite number " + (minInclusive ? "≥ " : "> ") + format(min);
            }
            if (below) {
                return "a number " + (maxInclusive ? "≤ " : "< ") + format(max);
            }
            return "a number in " + (minInclusive ? "[" : "(") + format(min) + ", " + format(max)
                    + (maxInclusive ? "]" : ")");
        }
    }

    /**
     * One of a list of names.
     *
     * @param options the allowed names, at least one
     */
    record Choice(List<String> options) implements ValueType {
        /**
         * @throws InvalidSettingException if there is no option
         */
        public Choice {
            options = List.copyOf(options);
            if (options.isEmpty()) {
                throw InvalidSettingException.of("choice", "[]", "needs at least one option");
            }
        }

        @Override
        public String describe() {
            return options.size() == 1 ? options.get(0) : "one of " + String.join(", ", options);
        }

        @Override
        public Object parse(String parameter, String text) {
            String value = text == null ? "" : text.strip();
            if (!options.contains(value)) {
                throw InvalidSettingException.of(parameter, text, "must be " + describe());
            }
            return value;
        }
    }

    /**
     * The name of a kernel plugin of one kind. Parsing checks only that the text is a name;
     * calibrisk then checks that such a kernel was discovered and that its domain serves the
     * notion, and hands the estimator the kernel itself
     * ({@link SettingValues#densityKernel}, {@link SettingValues#positiveDefiniteKernel}).
     *
     * @param kind the kind of kernel
     */
    record KernelName(Kind kind) implements ValueType {
        /** The two kinds of kernels. */
        public enum Kind {
            /** A density kernel k(c; x), {@link io.calibrisk.api.kernel.DensityKernel}. */
            DENSITY,
            /** A positive-definite kernel k(x, y), {@link io.calibrisk.api.kernel.PositiveDefiniteKernel}. */
            POSITIVE_DEFINITE
        }

        @Override
        public String describe() {
            return kind == Kind.DENSITY ? "the name of a density kernel plugin" : "the name of a positive-definite kernel plugin";
        }

        @Override
        public Object parse(String parameter, String text) {
            String value = text == null ? "" : text.strip();
            if (value.isEmpty()) {
                throw InvalidSettingException.of(parameter, text, "must be " + describe());
            }
            return value;
        }
    }

    /**
     * @param value a number
     * @return integers without a fraction, others in the shortest form that reads back
     */
    static String format(double value) {
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return Long.toString((long) value);
        }
        return Double.toString(value).toLowerCase(Locale.ROOT);
    }
}
