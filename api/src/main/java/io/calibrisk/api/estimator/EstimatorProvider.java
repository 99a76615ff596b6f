package io.calibrisk.api.estimator;

import io.calibrisk.api.data.Notion;
import io.calibrisk.api.search.SearchSpace;

import java.util.List;
import java.util.Set;

/**
 * A calibration estimator as a plugin, found by {@link java.util.ServiceLoader}: list the
 * implementing class in {@code META-INF/services/io.calibrisk.api.estimator.EstimatorProvider}
 * and give it a public no-argument constructor.
 *
 * <p>The provider itself is cheap and stateless: it states its name, the notions it serves
 * and its default search space, and creates a configured {@link CalibrationEstimator} for one
 * run. Names are unique across all plugins; two providers with one name are an error.
 */
public interface EstimatorProvider {

    /**
     * @return the estimator's name, unique across plugins: lower case letters, digits and
     *     hyphens, e.g. {@code bins-15}
     */
    String name();

    /** @return one line for {@code calibrisk list}: what the estimator is and its reference */
    String description();

    /** @return the notions this estimator serves */
    Set<Notion> notions();

    /**
     * @param notion one of {@link #notions()}
     * @return the grid the pipeline tunes over unless the user replaces it
     */
    SearchSpace defaultSearchSpace(Notion notion);

    /**
     * The estimator-specific settings it reads from {@link EstimatorContext#settings()}, with
     * their defaults, for {@code calibrisk list} and validation of unknown names.
     *
     * @return the settings; empty by default
     */
    default List<Setting> settings() {
        return List.of();
    }

    /**
     * Creates the estimator for one run. Cheap: the expensive work belongs to
     * {@link CalibrationEstimator#prepare}.
     *
     * @param context the notion, the settings, the kernels and the thread pool of the run
     * @return the estimator
     * @throws io.calibrisk.api.InvalidSettingException if a setting is invalid
     */
    CalibrationEstimator create(EstimatorContext context);
}
