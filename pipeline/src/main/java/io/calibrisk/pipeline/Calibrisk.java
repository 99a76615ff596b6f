package io.calibrisk.pipeline;

import com.google.inject.Guice;
import io.calibrisk.api.CalibriskPlugin;
import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.data.Notion;
import io.calibrisk.pipeline.data.Labels;
import io.calibrisk.pipeline.data.Predictions;
import io.calibrisk.pipeline.data.Split;
import io.calibrisk.pipeline.discovery.PluginDiscovery;
import io.calibrisk.pipeline.discovery.Plugins;
import io.calibrisk.pipeline.evaluation.CalibrationPipeline;
import io.calibrisk.pipeline.evaluation.EvaluationSettings;
import io.calibrisk.pipeline.evaluation.Progress;
import io.calibrisk.pipeline.evaluation.RunPlan;
import io.calibrisk.pipeline.report.CalibrationReport;

import java.util.ArrayList;
import java.util.List;

/**
 * The plain Java entry point: configure with a {@link Builder}, then
 * {@link #evaluate(Predictions, Labels)} returns a {@link CalibrationReport}. Plugins are
 * discovered on the class path when the instance is built, and every setting is checked
 * against them then, before any data are seen; Guice composes the pipeline behind the scenes
 * and the caller never sees it.
 *
 * <pre>{@code
 * Calibrisk calibrisk = Calibrisk.builder()
 *         .notion(Notion.TOP_LABEL)
 *         .estimators("bins-15", "bins")
 *         .search("refine")
 *         .build();
 * CalibrationReport report = calibrisk.evaluate(predictions, labels);
 * }</pre>
 *
 * <p>An instance is immutable and may be used for several evaluations, also concurrently.
 */
public final class Calibrisk {
    private final Plugins plugins;
    private final CalibrationPipeline pipeline;
    private final RunPlan plan;
    private final Progress progress;

    private Calibrisk(Plugins plugins, CalibrationPipeline pipeline, RunPlan plan, Progress progress) {
        this.plugins = plugins;
        this.pipeline = pipeline;
        this.plan = plan;
        this.progress = progress;
    }

    /** @return a builder with the paper's defaults: top-label, grid search, 5 folds, test fraction 0.2, seed 0 */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * @param classLoader where to look for plugins
     * @return every estimator, kernel and search strategy found, and the plugins skipped
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
        return pipeline.evaluate(plan, predictions, labels, progress);
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
        return pipeline.evaluate(plan, predictions, labels, listener == null ? Progress.NONE : listener);
    }

    /** @return the estimators this instance runs, in report order */
    public List<String> estimators() {
        return plan.names();
    }

    /** @return the plugins found when this instance was built */
    public Plugins plugins() {
        return plugins;
    }

    /** @return the settings this instance runs with */
    public EvaluationSettings settings() {
        return plan.settings();
    }

    /** @return the run plan: every estimator resolved, with its typed settings and search space, and the strategy */
    public RunPlan plan() {
        return plan;
    }

    /** Configures a {@link Calibrisk}. Not thread-safe. */
    public static final class Builder {
        private final EvaluationSettings.Builder settings = EvaluationSettings.builder(Notion.TOP_LABEL);
        private ClassLoader classLoader;
        private Plugins plugins;
        private final List<CalibriskPlugin> extra = new ArrayList<>();
        private Progress progress = Progress.NONE;

        private Builder() {
        }

        /**
         * @param count bootstrap resamples of the test split for the interval of CE (default
         *              1000; 0 for none)
         * @return this builder
         */
        public Builder bootstrap(int count) {
            settings.bootstrap(count);
            return this;
        }

        /**
         * @param value the coverage of the bootstrap interval (default 0.95)
         * @return this builder
         */
        public Builder level(double value) {
            settings.level(value);
            return this;
        }

        /**
         * @param value whether to compute each estimator's calibration curve at its chosen
         *              point, for reliability diagrams (default false)
         * @return this builder
         */
        public Builder curves(boolean value) {
            settings.curves(value);
            return this;
        }

        /**
         * @param value the notion of calibration (default top-label)
         * @return this builder
         */
        public Builder notion(Notion value) {
            settings.notion(value);
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
            settings.estimators(names);
            return this;
        }

        /**
         * Replaces the values of one axis of an estimator's search space; each value must lie
         * in the axis's domain.
         *
         * @param estimator      the estimator, e.g. {@code bins}
         * @param hyperparameter the axis, e.g. {@code bins}
         * @param values         the values, in search order
         * @return this builder
         */
        public Builder grid(String estimator, String hyperparameter, double... values) {
            settings.grid(estimator, hyperparameter, values);
            return this;
        }

        /**
         * Sets an estimator setting, e.g. {@code setting("kkr", "gamma", "0.5")}; the value is
         * parsed and checked against the setting's declared type.
         *
         * @param estimator the estimator
         * @param name      the setting
         * @param value     its value, as text
         * @return this builder
         */
        public Builder setting(String estimator, String name, String value) {
            settings.setting(estimator, name, value);
            return this;
        }

        /**
         * @param name the search strategy, found among the plugins (default {@code grid}: each
         *             estimator's grid as published; {@code refine} extends and narrows it)
         * @return this builder
         */
        public Builder search(String name) {
            settings.search(name);
            return this;
        }

        /**
         * @param value a user-supplied split, replacing the seeded shuffle (and the number of folds)
         * @return this builder
         */
        public Builder split(Split value) {
            settings.split(value);
            return this;
        }

        /**
         * @param value the number of folds k (default 5)
         * @return this builder
         */
        public Builder folds(int value) {
            settings.folds(value);
            return this;
        }

        /**
         * @param value the held-out fraction (default 0.2)
         * @return this builder
         */
        public Builder testFraction(double value) {
            settings.testFraction(value);
            return this;
        }

        /**
         * @param value the seed of the shuffle and of the bootstrap (default 0)
         * @return this builder
         */
        public Builder seed(long value) {
            settings.seed(value);
            return this;
        }

        /**
         * @param value the size of the thread pool, 1 to
         *              {@value io.calibrisk.pipeline.evaluation.EvaluationSettings#MAX_THREADS}
         *              (default: the number of processors); results do not depend on it
         * @return this builder
         */
        public Builder threads(int value) {
            settings.threads(value);
            return this;
        }

        /**
         * @param value the most time one estimator's search (and, separately, its creation)
         *              may take, or null for no limit (the default); an estimator over it is reported as
         *              failed ("stopped after 10 min"), its threads are abandoned (plugin code
         *              that ignores interruption cannot be stopped in Java, but it keeps neither
         *              the run nor the JVM from ending), and the others run
         * @return this builder
         */
        public Builder estimatorTimeout(java.time.Duration value) {
            settings.estimatorTimeout(value);
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
         * Adds a plugin instance to those discovered, e.g. an application's own estimator that
         * is not packed in a jar; it is checked like a discovered one.
         *
         * @param value the plugin
         * @return this builder
         */
        public Builder plugin(CalibriskPlugin value) {
            extra.add(value);
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
         * Discovers plugins, composes the pipeline and checks every setting against the plugins.
         *
         * @return the configured instance
         * @throws InvalidSettingException          if a setting is invalid
         * @throws io.calibrisk.api.PluginException if an estimator is unavailable or two
         *                                          plugins share a name
         */
        public Calibrisk build() {
            EvaluationSettings request = settings.build();
            ClassLoader loader = classLoader != null ? classLoader : Calibrisk.class.getClassLoader();
            Plugins found = plugins != null ? PluginDiscovery.with(plugins, extra) : PluginDiscovery.discover(loader, extra);
            CalibrationPipeline pipeline = Guice.createInjector(new CalibriskModule(found))
                    .getInstance(CalibrationPipeline.class);
            return new Calibrisk(found, pipeline, pipeline.plan(request), progress);
        }
    }
}
