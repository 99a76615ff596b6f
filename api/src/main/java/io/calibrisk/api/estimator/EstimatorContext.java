package io.calibrisk.api.estimator;

import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.setting.SettingValues;

/**
 * What an estimator learns about the run it is created for.
 *
 * @param notion      the notion being estimated
 * @param classes     the number of classes d
 * @param settings    the estimator's settings, every declared one parsed, checked and with its
 *                    default resolved
 * @param parallelism the run's bounded thread pool
 * @param cache       values shared by the run's estimators, keyed explicitly (see {@link RunCache})
 * @since 1.0
 */
public record EstimatorContext(Notion notion, int classes, SettingValues settings, Parallelism parallelism,
                               RunCache cache) {

    /**
     * @throws InvalidSettingException if an argument is missing or there are fewer than 2 classes
     */
    public EstimatorContext {
        if (notion == null || settings == null || parallelism == null || cache == null) {
            throw InvalidSettingException.of("estimator context", null, "no argument may be null");
        }
        if (classes < 2) {
            throw InvalidSettingException.of("classes", classes, "must be at least 2");
        }
    }

    /**
     * @return the dimension m of a point of one component: d for canonical, 1 otherwise
     */
    public int dimension() {
        return notion.dimension(classes);
    }
}
