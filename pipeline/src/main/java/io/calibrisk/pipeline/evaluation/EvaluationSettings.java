package io.calibrisk.pipeline.evaluation;

import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.data.Notion;
import io.calibrisk.pipeline.data.Split;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one run of the pipeline is asked to do, as the caller said it: ranges are checked here,
 * names and values against the discovered plugins by {@link RunPlanner}, which turns these
 * settings into a {@link RunPlan}. Build them with {@link #builder(Notion)} (or through
 * {@link io.calibrisk.pipeline.Calibrisk#builder()}).
 *
 * @param notion     the notion of calibration
 * @param estimators the estimators to run, in report order; empty for every estimator that
 *                   serves the notion, by name
 * @param options    per estimator, the user's settings and search-space axes
 * @param search     the name of the search strategy, e.g. {@code grid} or {@code refine}
 * @param sampling   how the samples are split into folds and a test split
 * @param interval   the bootstrap interval of CE
 * @param curves     whether to compute every estimator's calibration curve at its chosen point
 * @param threads    the size of the thread pool, 1 to {@value #MAX_THREADS}; results do not depend on it
 * @param estimatorTimeout the most time one estimator's search may take (and, separately, its
 *                   creation), or null for no limit: an estimator over it is reported as failed
 *                   and the run goes on with the others
 */
public record EvaluationSettings(Notion notion, List<String> estimators, Map<String, EstimatorOptions> options,
                                 String search, Sampling sampling, Interval interval, boolean curves, int threads,
                                 Duration estimatorTimeout) {

    /** The paper's number of folds. */
    public static final int DEFAULT_FOLDS = 5;
    /** The paper's held-out fraction. */
    public static final double DEFAULT_TEST_FRACTION = 0.2;
    /** Bootstrap resamples for the interval of CE. */
    public static final int DEFAULT_RESAMPLES = 1000;
    /** Coverage of the bootstrap interval. */
    public static final double DEFAULT_LEVEL = 0.95;
    /** The search strategy that evaluates each estimator's grid as published. */
    public static final String DEFAULT_SEARCH = "grid";
    /**
     * The most threads a run may use: far beyond the cores of any machine a run is worth
     * splitting over (each thread holds one fold's working memory, so more threads than cores
     * only cost memory), and far below the limit of a fork-join pool (32767).
     */
    public static final int MAX_THREADS = 1024;

    /**
     * @throws InvalidSettingException if a value is missing or out of range
     */
    public EvaluationSettings {
        if (notion == null) {
            throw InvalidSettingException.of("notion", null, "must be given");
        }
        estimators = List.copyOf(estimators);
        options = Collections.unmodifiableMap(new LinkedHashMap<>(options));
        if (search == null || search.isBlank()) {
            throw InvalidSettingException.of("--search", search, "must name a search strategy, e.g. " + DEFAULT_SEARCH);
        }
        if (sampling == null || interval == null) {
            throw InvalidSettingException.of("sampling/interval", null, "must be given");
        }
        if (threads < 1 || threads > MAX_THREADS) {
            throw InvalidSettingException.of("threads", threads, "must lie in [1, " + MAX_THREADS + "]");
        }
        if (estimatorTimeout != null && (estimatorTimeout.isNegative() || estimatorTimeout.isZero())) {
            throw InvalidSettingException.of("estimator-timeout", estimatorTimeout, "must be positive, or none");
        }
    }

    /**
     * The settings without a time limit per estimator.
     *
     * @param notion     the notion of calibration
     * @param estimators the estimators to run, in report order
     * @param options    per estimator, the user's settings and search-space axes
     * @param search     the name of the search strategy
     * @param sampling   how the samples are split
     * @param interval   the bootstrap interval of CE
     * @param curves     whether to compute calibration curves
     * @param threads    the size of the thread pool
     */
    public EvaluationSettings(Notion notion, List<String> estimators, Map<String, EstimatorOptions> options,
                              String search, Sampling sampling, Interval interval, boolean curves, int threads) {
        this(notion, estimators, options, search, sampling, interval, curves, threads, null);
    }

    /**
     * The paper's defaults: every estimator that serves the notion, the {@code grid} search,
     * 5 folds, test fraction 0.2, seed 0, 1000 bootstrap resamples at 95 %, no curves, one
     * thread per processor.
     *
     * @param notion the notion of calibration
     * @return the settings
     */
    public static EvaluationSettings defaults(Notion notion) {
        return builder(notion).build();
    }

    /**
     * @param notion the notion of calibration
     * @return a builder with the paper's defaults
     */
    public static Builder builder(Notion notion) {
        return new Builder().notion(notion);
    }

    /**
     * @param names the estimators to run, in report order
     * @return these settings with only those estimators
     */
    public EvaluationSettings withEstimators(String... names) {
        return new EvaluationSettings(notion, List.of(names), options, search, sampling, interval, curves, threads,
                estimatorTimeout);
    }

    /**
     * @param estimator an estimator's name
     * @return the user's options for it; none if the user gave none
     */
    public EstimatorOptions optionsFor(String estimator) {
        return options.getOrDefault(estimator, EstimatorOptions.NONE);
    }

    /**
     * One estimator's options as the user gave them: settings as text (parsed against their
     * declared types by {@link RunPlanner}) and values that replace axes of its search space.
     *
     * @param settings setting name → value as text, e.g. {@code mode} → {@code fast}
     * @param grid     axis name → values, in search order, e.g. {@code bins} → [5, 10, 20]
     */
    public record EstimatorOptions(Map<String, String> settings, Map<String, List<Double>> grid) {
        /** No options. */
        public static final EstimatorOptions NONE = new EstimatorOptions(Map.of(), Map.of());

        /** Copies the maps, keeping their order. */
        public EstimatorOptions {
            settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
            Map<String, List<Double>> copy = new LinkedHashMap<>();
            grid.forEach((axis, values) -> copy.put(axis, List.copyOf(values)));
            grid = Collections.unmodifiableMap(copy);
        }

        EstimatorOptions withSetting(String name, String value) {
            Map<String, String> out = new LinkedHashMap<>(settings);
            out.put(name, value);
            return new EstimatorOptions(out, grid);
        }

        EstimatorOptions withAxis(String axis, double... values) {
            List<Double> list = new ArrayList<>(values.length);
            for (double v : values) {
                list.add(v);
            }
            Map<String, List<Double>> out = new LinkedHashMap<>(grid);
            out.put(axis, list);
            return new EstimatorOptions(settings, out);
        }
    }

    /**
     * How the samples are split (steps 1 and 2 of Algorithm 1): shuffled with the seed into k
     * folds and a held-out test split, or a user-supplied {@link Split}. The seed also seeds the
     * bootstrap.
     *
     * @param split        a user-supplied split, or null to shuffle
     * @param folds        the number of folds k when shuffling (at least 2); a user split's own
     *                     number of folds otherwise
     * @param testFraction the held-out fraction when shuffling, in (0, 1)
     * @param seed         the seed of the shuffle and of the bootstrap
     */
    public record Sampling(Split split, int folds, double testFraction, long seed) {
        /**
         * @throws InvalidSettingException if a value is out of range
         */
        public Sampling {
            if (split != null) {
                folds = split.folds();
            }
            if (folds < 2) {
                throw InvalidSettingException.of("folds", folds, "must be at least 2");
            }
            if (!(testFraction > 0 && testFraction < 1)) {
                throw InvalidSettingException.of("test-fraction", testFraction, "must lie strictly between 0 and 1");
            }
        }

        /** @return how the split was made, for reports: {@code user-supplied} or the seed and fraction */
        public String describe() {
            return split != null ? "user-supplied" : "seed " + seed + ", test fraction " + testFraction;
        }
    }

    /**
     * The percentile bootstrap interval of CE over the test split.
     *
     * @param resamples the number of resamples (0 for no interval)
     * @param level     the coverage, in (0, 1)
     */
    public record Interval(int resamples, double level) {
        /**
         * @throws InvalidSettingException if a value is out of range
         */
        public Interval {
            if (resamples < 0 || resamples > 10_000_000) {
                throw InvalidSettingException.of("bootstrap", resamples, "must lie in [0, 10000000]");
            }
            if (!(level > 0 && level < 1)) {
                throw InvalidSettingException.of("level", level, "must lie strictly between 0 and 1");
            }
        }
    }

    /**
     * Collects settings; ranges are checked by {@link #build()}. Not thread-safe.
     */
    public static final class Builder {
        private Notion notion = Notion.TOP_LABEL;
        private final List<String> estimators = new ArrayList<>();
        private final Map<String, EstimatorOptions> options = new LinkedHashMap<>();
        private String search = DEFAULT_SEARCH;
        private Split split;
        private int folds = DEFAULT_FOLDS;
        private double testFraction = DEFAULT_TEST_FRACTION;
        private long seed;
        private int resamples = DEFAULT_RESAMPLES;
        private double level = DEFAULT_LEVEL;
        private boolean curves;
        private int threads = Math.min(MAX_THREADS, Runtime.getRuntime().availableProcessors());
        private Duration estimatorTimeout;

        private Builder() {
        }

        /**
         * @param value the notion of calibration (default top-label)
         * @return this builder
         */
        public Builder notion(Notion value) {
            this.notion = value;
            return this;
        }

        /**
         * @param names the estimators to run, in report order (default: all that serve the notion)
         * @return this builder
         */
        public Builder estimators(List<String> names) {
            estimators.clear();
            estimators.addAll(names);
            return this;
        }

        /**
         * @param estimator the estimator, e.g. {@code kkr}
         * @param name      the setting, e.g. {@code mode}
         * @param value     its value as text, checked against the setting's declared type
         * @return this builder
         */
        public Builder setting(String estimator, String name, String value) {
            options.put(estimator, optionsOf(estimator).withSetting(name, value));
            return this;
        }

        /**
         * @param estimator the estimator, e.g. {@code bins}
         * @param axis      the axis of its search space, e.g. {@code bins}
         * @param values    the values that replace the axis's, in search order, each checked
         *                  against the axis's domain
         * @return this builder
         */
        public Builder grid(String estimator, String axis, double... values) {
            options.put(estimator, optionsOf(estimator).withAxis(axis, values));
            return this;
        }

        private EstimatorOptions optionsOf(String estimator) {
            return options.getOrDefault(estimator, EstimatorOptions.NONE);
        }

        /**
         * @param name the search strategy (default {@code grid})
         * @return this builder
         */
        public Builder search(String name) {
            this.search = name;
            return this;
        }

        /**
         * @param value a user-supplied split, replacing the seeded shuffle and the number of folds
         * @return this builder
         */
        public Builder split(Split value) {
            this.split = value;
            return this;
        }

        /**
         * @param value the number of folds k (default 5)
         * @return this builder
         */
        public Builder folds(int value) {
            this.folds = value;
            return this;
        }

        /**
         * @param value the held-out fraction (default 0.2)
         * @return this builder
         */
        public Builder testFraction(double value) {
            this.testFraction = value;
            return this;
        }

        /**
         * @param value the seed of the shuffle and the bootstrap (default 0)
         * @return this builder
         */
        public Builder seed(long value) {
            this.seed = value;
            return this;
        }

        /**
         * @param count bootstrap resamples (default 1000; 0 for no interval)
         * @return this builder
         */
        public Builder bootstrap(int count) {
            this.resamples = count;
            return this;
        }

        /**
         * @param value the coverage of the bootstrap interval (default 0.95)
         * @return this builder
         */
        public Builder level(double value) {
            this.level = value;
            return this;
        }

        /**
         * @param value whether to compute each estimator's calibration curve (default false)
         * @return this builder
         */
        public Builder curves(boolean value) {
            this.curves = value;
            return this;
        }

        /**
         * @param value the size of the thread pool, 1 to {@value #MAX_THREADS} (default: the
         *              number of processors)
         * @return this builder
         */
        public Builder threads(int value) {
            this.threads = value;
            return this;
        }

        /**
         * @param value the most time one estimator's search (and, separately, its creation) may
         *              take, or null for no limit (default)
         * @return this builder
         */
        public Builder estimatorTimeout(Duration value) {
            this.estimatorTimeout = value;
            return this;
        }

        /**
         * @return the settings
         * @throws InvalidSettingException if a value is out of range
         */
        public EvaluationSettings build() {
            return new EvaluationSettings(notion, estimators, options, search,
                    new Sampling(split, folds, testFraction, seed), new Interval(resamples, level), curves, threads,
                    estimatorTimeout);
        }
    }
}
