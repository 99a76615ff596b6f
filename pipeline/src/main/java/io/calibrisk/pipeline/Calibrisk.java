package io.calibrisk.pipeline;

import com.google.inject.Guice;
import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.pipeline.data.Labels;
import io.calibrisk.api.data.Notion;
import io.calibrisk.pipeline.data.Predictions;
import io.calibrisk.pipeline.data.Split;
import io.calibrisk.pipeline.report.CalibrationReport;
import io.calibrisk.pipeline.discovery.PluginDiscovery;
import io.calibrisk.pipeline.discovery.Plugins;
import io.calibrisk.pipeline.evaluation.CrossValidation;
import io.calibrisk.pipeline.evaluation.EvaluationSettings;
import io.calibrisk.pipeline.evaluation.Progress;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The plain Java entry point: configure with a {@link Builder}, then
 * {@link #evaluate(Predictions, Labels)} returns a {@link CalibrationReport}. Plugins are
 * discovered on the class path when the instance is built; Guice composes the pipeline behind
 * the scenes and the caller never sees it.
 *
 * <pre>{@code
 * Calibrisk calibrisk = Calibrisk.builder()
 *         .notion(Notion.TOP_LABEL)
 *         .estimators("bins-15", "bins")
 *         .build();
 * CalibrationReport report = calibrisk.evaluate(predictions, labels);
 * }</pre>
 *
 * <p>An instance is immutable and may be used for several evaluations, also concurrently.
 */
public final class Calibrisk {
    private final Plugins plugins;
    private final CrossValidation pipeline;
    private final EvaluationSettings settings;
    private final Progress progress;

    private Calibrisk(Plugins plugins, CrossValidation pipeline, EvaluationSettings settings, Progress progress) {
        this.plugins = plugins;
        this.pipeline = pipeline;
        this.settings = settings;
        this.progress = progress;
    }

    /** @return a builder with the paper's defaults: top-label, 5 folds, test fraction 0.2, seed 0 */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * @param classLoader where to look for plugins
     * @return every estimator provider and kernel found
     */
    public static Plugins discover(ClassLoader classLoader) {
        return PluginDiscovery.discover(classLoader);
    }

    /**
     * Runs the pipeline on predictions and labels.
     *
     * @param predictions the predictions, validated
     * @param labels      the labels, one per prediction
     * @return the report
     */
    public CalibrationReport evaluate(Predictions predictions, Labels labels) {
        return pipeline.evaluate(predictions, labels, settings, progress);
    }

    /**
     * Runs the pipeline, reporting progress to a listener of this run only.
     *
     * @param predictions the predictions, validated
     * @param labels      the labels, one per prediction
     * @param listener    receives progress events; null for none
     * @return the report
     */
    public CalibrationReport evaluate(Predictions predictions, Labels labels, Progress listener) {
        return pipeline.evaluate(predictions, labels, settings, listener == null ? Progress.NONE : listener);
    }

    /** @return the estimators this instance runs, in report order */
    public List<String> estimators() {
        return pipeline.resolve(settings);
    }

    /** @return the plugins found when this instance was built */
    public Plugins plugins() {
        return plugins;
    }

    /** @return the settings this instance runs with */
    public EvaluationSettings settings() {
        return settings;
    }

    /** Configures a {@link Calibrisk}. Not thread-safe. */
    public static final class Builder {
        private Notion notion = Notion.TOP_LABEL;
        private final List<String> estimators = new ArrayList<>();
        private final Map<String, Map<String, double[]>> grids = new LinkedHashMap<>();
        private final Map<String, Map<String, String>> settings = new LinkedHashMap<>();
        private Split split;
        private int folds = EvaluationSettings.DEFAULT_FOLDS;
        private double testFraction = EvaluationSettings.DEFAULT_TEST_FRACTION;
        private long seed;
        private int threads = Runtime.getRuntime().availableProcessors();
        private ClassLoader classLoader;
        private Plugins plugins;
        private Progress progress = Progress.NONE;
        private int resamples = EvaluationSettings.DEFAULT_RESAMPLES;
        private double level = EvaluationSettings.DEFAULT_LEVEL;
        private boolean curves;

        private Builder() {
        }

        /**
         * @param count bootstrap resamples of the test split for the interval of CE (default
         *              1000; 0 for none)
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
         * @param value whether to compute each estimator's calibration curve at its chosen
         *              grid point, for reliability diagrams (default false)
         * @return this builder
         */
        public Builder curves(boolean value) {
            this.curves = value;
            return this;
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
        public Builder estimators(String... names) {
            return estimators(List.of(names));
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
         * Replaces the values of one axis of an estimator's search space.
         *
         * @param estimator      the estimator, e.g. {@code bins}
         * @param hyperparameter the axis, e.g. {@code bins}
         * @param values         the values, in search order
         * @return this builder
         */
        public Builder grid(String estimator, String hyperparameter, double... values) {
            grids.computeIfAbsent(estimator, e -> new LinkedHashMap<>()).put(hyperparameter, values.clone());
            return this;
        }

        /**
         * Sets an estimator setting, e.g. {@code setting("kkr", "gamma", "0.5")}.
         *
         * @param estimator the estimator
         * @param name      the setting
         * @param value     its value, as text
         * @return this builder
         */
        public Builder setting(String estimator, String name, String value) {
            settings.computeIfAbsent(estimator, e -> new LinkedHashMap<>()).put(name, value);
            return this;
        }

        /**
         * @param value a user-supplied split, replacing the seeded shuffle (and the number of folds)
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
         * @param value the seed of the shuffle (default 0)
         * @return this builder
         */
        public Builder seed(long value) {
            this.seed = value;
            return this;
        }

        /**
         * @param value the size of the thread pool (default: the number of processors);
         *              results do not depend on it
         * @return this builder
         */
        public Builder threads(int value) {
            this.threads = value;
            return this;
        }

        /**
         * @param value where to discover plugins (default: this library's class loader)
         * @return this builder
         */
        public Builder classLoader(ClassLoader value) {
            this.classLoader = value;
            return this;
        }

        /**
         * @param value plugins already discovered, instead of discovering them again
         * @return this builder
         */
        public Builder plugins(Plugins value) {
            this.plugins = value;
            return this;
        }

        /**
         * @param value receives progress events (default: none)
         * @return this builder
         */
        public Builder progress(Progress value) {
            this.progress = value == null ? Progress.NONE : value;
            return this;
        }

        /**
         * Discovers plugins, composes the pipeline and checks the settings against the plugins.
         *
         * @return the configured instance
         * @throws InvalidSettingException                if a setting is invalid
         * @throws io.calibrisk.api.PluginException if an estimator is unavailable or two
         *                                                plugins share a name
         */
        public Calibrisk build() {
            Plugins found = plugins != null ? plugins
                    : PluginDiscovery.discover(classLoader != null ? classLoader : Calibrisk.class.getClassLoader());
            CrossValidation pipeline = Guice.createInjector(new CalibriskModule(found)).getInstance(CrossValidation.class);
            EvaluationSettings config = new EvaluationSettings(notion, estimators, grids, settings, split,
                    split != null ? Math.max(2, split.folds()) : folds, testFraction, seed, threads, resamples, level,
                    curves);
            pipeline.resolve(config);
            return new Calibrisk(found, pipeline, config, progress);
        }
    }
}
