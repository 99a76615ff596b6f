package io.calibrisk.api.search;

import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.setting.ValueType;

import java.util.Arrays;

/**
 * One hyperparameter's values in a search space, with the domain its values must lie in and
 * the scale a search strategy moves on.
 *
 * <p>A value v is what reports show (for kernel ridge regression, the constant c). What the
 * estimator receives is v·n^e, where n is the size of the training set and e the axis's
 * {@link #nExponent()} (0 for an axis that is not scaled by n). That is how the published
 * grids {@code λ = c·n^1.5} are expressed.
 *
 * <p>The {@link #domain()} is checked for every value, including those a user gives with
 * {@code --grid} and those a search strategy proposes, before any work; so an estimator never
 * receives, say, a fractional number of bins. The {@link #scale()} tells a strategy such as
 * {@code refine} how to step beyond or between values: multiplicatively on
 * {@link Scale#LOG} (bandwidths, regularisations; non-positive values are left where they
 * are), additively on {@link Scale#LINEAR} (integer axes such as a number of bins step by
 * their grid's spacing).
 *
 * @param name      the hyperparameter's name, free text, e.g. {@code bins}, {@code bandwidth}, {@code lambda}
 * @param values    the reported values, finite, in the domain, in search order (first wins ties)
 * @param nExponent the power of the training-set size that scales each value
 * @param domain    the values allowed
 * @param scale     the scale the axis is searched on
 * @since 1.0
 */
public record Axis(String name, double[] values, double nExponent, ValueType.Numeric domain, Scale scale) {

    /** How a search strategy steps along an axis. */
    public enum Scale {
        /** Additive steps, e.g. a number of bins. */
        LINEAR,
        /** Multiplicative steps, e.g. a bandwidth or a regularisation constant. */
        LOG
    }

    /**
     * @throws InvalidSettingException if the name is blank, there are no values, a value is
     *     outside the domain, or the exponent is not finite
     */
    public Axis {
        if (name == null || name.isBlank()) {
            throw InvalidSettingException.of("axis name", name, "must not be blank");
        }
        if (domain == null || scale == null) {
            throw InvalidSettingException.of(name + " domain/scale", null, "must be given");
        }
        if (values == null || values.length == 0) {
            throw InvalidSettingException.of(name, "[]", "needs at least one value");
        }
        values = values.clone();
        for (double v : values) {
            domain.check(name, v);
        }
        if (!Double.isFinite(nExponent)) {
            throw InvalidSettingException.of(name + " n-exponent", nExponent, "must be finite");
        }
    }

    /**
     * An explicit list of values.
     *
     * @param name   the hyperparameter
     * @param values the values, in search order
     * @return the axis
     */
    public static Axis list(String name, double... values) {
        return new Axis(name, values, 0, ValueType.anyReal(), Scale.LINEAR);
    }

    /**
     * {@code count} equally spaced values from {@code from} to {@code to} inclusive, computed as
     * {@code from + i·(to − from)/(count − 1)} with the last value exactly {@code to} (as NumPy's
     * {@code linspace}).
     *
     * @param name  the hyperparameter
     * @param from  the first value
     * @param to    the last value
     * @param count the number of values (at least 1)
     * @return the axis
     */
    public static Axis linear(String name, double from, double to, int count) {
        return new Axis(name, linspace(name, from, to, count), 0, ValueType.anyReal(), Scale.LINEAR);
    }

    /**
     * {@code count} values {@code 10^e} with exponents e equally spaced from {@code fromExponent}
     * to {@code toExponent} inclusive (as NumPy's {@code logspace}). Integral exponents give
     * exactly the double nearest to the power of ten, e.g. {@code 1e-3}. The domain is the
     * positive reals and the scale {@link Scale#LOG}.
     *
     * @param name         the hyperparameter
     * @param fromExponent the first exponent
     * @param toExponent   the last exponent
     * @param count        the number of values (at least 1)
     * @return the axis
     */
    public static Axis log10(String name, double fromExponent, double toExponent, int count) {
        double[] exponents = linspace(name, fromExponent, toExponent, count);
        double[] values = new double[count];
        for (int i = 0; i < count; i++) {
            values[i] = powerOfTen(exponents[i]);
        }
        return new Axis(name, values, 0, ValueType.positive(), Scale.LOG);
    }

    /**
     * @param exponent a finite exponent
     * @return 10^exponent; for an integral exponent, the double nearest to it
     */
    public static double powerOfTen(double exponent) {
        if (exponent == Math.rint(exponent) && Math.abs(exponent) < 400) {
            return Double.parseDouble("1e" + (long) exponent);
        }
        return Math.pow(10.0, exponent);
    }

    /**
     * The same values, scaled by a power of the training-set size n when handed to the
     * estimator.
     *
     * @param exponent e in v·n^e
     * @return the scaled axis
     */
    public Axis scaledByPowerOfN(double exponent) {
        return new Axis(name, values, exponent, domain, scale);
    }

    /**
     * The same values in another domain, e.g. {@code ValueType.integerAtLeast(1)} for a number
     * of bins.
     *
     * @param newDomain the domain; every value must lie in it
     * @return the axis
     * @throws InvalidSettingException if a value lies outside the domain
     */
    public Axis withDomain(ValueType.Numeric newDomain) {
        return new Axis(name, values, nExponent, newDomain, scale);
    }

    /**
     * @param newScale the scale a search strategy steps on
     * @return the axis
     */
    public Axis withScale(Scale newScale) {
        return new Axis(name, values, nExponent, domain, newScale);
    }

    /**
     * The same scaling with other values: how a user's grid replaces the default one.
     *
     * @param newValues the values, in search order
     * @return the axis
     */
    public Axis withValues(double... newValues) {
        return new Axis(name, newValues, nExponent, domain, scale);
    }

    /**
     * @param value a reported value, in the domain
     * @param trainingSize the size n of the training set
     * @return the value handed to the estimator, {@code value·n^e}
     */
    public double effectiveValue(double value, int trainingSize) {
        return nExponent == 0 ? value : value * Math.pow(trainingSize, nExponent);
    }

    /** @return a copy of the reported values */
    @Override
    public double[] values() {
        return values.clone();
    }

    /** @return the number of values */
    public int size() {
        return values.length;
    }

    /**
     * @param index        the value's index
     * @param trainingSize the size n of the training set
     * @return the value handed to the estimator, {@code value·n^e}
     */
    public double effectiveValue(int index, int trainingSize) {
        return effectiveValue(values[index], trainingSize);
    }

    private static double[] linspace(String name, double from, double to, int count) {
        if (count < 1) {
            throw InvalidSettingException.of(name + " count", count, "must be at least 1");
        }
        if (!Double.isFinite(from) || !Double.isFinite(to)) {
            throw InvalidSettingException.of(name + " range", from + ".." + to, "must be finite");
        }
        double[] out = new double[count];
        if (count == 1) {
            out[0] = from;
            return out;
        }
        double step = (to - from) / (count - 1);
        for (int i = 0; i < count; i++) {
            out[i] = i * step + from;
        }
        out[count - 1] = to;
        return out;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Axis && ((Axis) o).name.equals(name) && Arrays.equals(((Axis) o).values, values)
                && Double.compare(((Axis) o).nExponent, nExponent) == 0 && ((Axis) o).domain.equals(domain)
                && ((Axis) o).scale == scale;
    }

    @Override
    public int hashCode() {
        return ((name.hashCode() * 31 + Arrays.hashCode(values)) * 31 + Double.hashCode(nExponent)) * 31
                + domain.hashCode();
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(name).append("=[");
        for (int i = 0; i < values.length; i++) {
            sb.append(i == 0 ? "" : ", ").append(Hyperparameters.format(values[i]));
        }
        sb.append(']');
        if (nExponent != 0) {
            sb.append(", used as value × n^").append(Hyperparameters.format(nExponent)).append(" (n = training size)");
        }
        return sb.toString();
    }
}
