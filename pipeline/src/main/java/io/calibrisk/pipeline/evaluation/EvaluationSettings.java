package io.calibrisk.pipeline.evaluation;

import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.data.Notion;
import io.calibrisk.pipeline.data.Split;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one run of the pipeline does.
 *
 * @param notion       the notion of calibration
 * @param estimators   the estimators to run, in report order; empty for every estimator that
 *                     serves the notion, by name
 * @param grids        estimator → hyperparameter → values that replace its default axis
 * @param settings     estimator → setting → text
 * @param split        a user-supplied split, or null to shuffle with the seed
 * @param folds        the number of folds k when shuffling (at least 2)
 * @param testFraction the held-out fraction when shuffling, in (0, 1)
 * @param seed         the seed of the shuffle
 * @param threads      the size of the thread pool (at least 1); results do not depend on it
 * @param resamples    bootstrap resamples for the interval of CE (0 for none)
 * @param level        the coverage of that interval, in (0, 1)
 * @param curves       whether to compute every estimator's calibration curve at its chosen point
 */
public record EvaluationSettings(Notion notion, List<String> estimators, Map<String, Map<String, double[]>> grids,
                                 Map<String, Map<String, String>> settings, Split split, int folds,
                                 double testFraction, long seed, int threads, int resamples, double level,
                                 boolean curves) {

    /** The paper's number of folds. */
    public static final int DEFAULT_FOLDS = 5;
    /** The paper's held-out fraction. */
    public static final double DEFAULT_TEST_FRACTION = 0.2;
    /** Bootstrap resamples for the interval of CE. */
    public static final int DEFAULT_RESAMPLES = 1000;
    /** Coverage of the bootstrap interval. */
    public static final double DEFAULT_LEVEL = 0.95;

    /**
     * @throws InvalidSettingException if a value is out of range
     */
    public EvaluationSettings {
        if (notion == null) {
            throw InvalidSettingException.of("notion", null, "must be given");
        }
        estimators = List.copyOf(estimators);
        grids = copy(grids);
        settings = copy(settings);
        if (folds < 2) {
            throw InvalidSettingException.of("folds", folds, "must be at least 2");
        }
        if (!(testFraction > 0 && testFraction < 1)) {
            throw InvalidSettingException.of("test-fraction", testFraction, "must lie strictly between 0 and 1");
        }
        if (threads < 1) {
            throw InvalidSettingException.of("threads", threads, "must be at least 1");
        }
        if (resamples < 0 || resamples > 10_000_000) {
            throw InvalidSettingException.of("bootstrap", resamples, "must lie in [0, 10000000]");
        }
        if (!(level > 0 && level < 1)) {
            throw InvalidSettingException.of("level", level, "must lie strictly between 0 and 1");
        }
    }

    /**
     * The paper's defaults: every estimator that serves the notion, 5 folds, test fraction
     * 0.2, seed 0, 1000 bootstrap resamples at 95 %, no curves, one thread per processor.
     *
     * @param notion the notion of calibration
     * @return the settings
     */
    public static EvaluationSettings defaults(Notion notion) {
        return new EvaluationSettings(notion, List.of(), Map.of(), Map.of(), null, DEFAULT_FOLDS, DEFAULT_TEST_FRACTION,
                0, Runtime.getRuntime().availableProcessors(), DEFAULT_RESAMPLES, DEFAULT_LEVEL, false);
    }

    /**
     * @param names the estimators to run, in report order
     * @return these settings with only those estimators
     */
    public EvaluationSettings withEstimators(String... names) {
        return new EvaluationSettings(notion, List.of(names), grids, settings, split, folds, testFraction, seed, threads,
                resamples, level, curves);
    }

    private static <V> Map<String, Map<String, V>> copy(Map<String, Map<String, V>> map) {
        Map<String, Map<String, V>> out = new LinkedHashMap<>();
        map.forEach((k, v) -> out.put(k, Collections.unmodifiableMap(new LinkedHashMap<>(v))));
        return Collections.unmodifiableMap(out);
    }
}
