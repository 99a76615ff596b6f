package io.calibrisk.api.estimator;

import io.calibrisk.api.data.Notion;
import io.calibrisk.api.search.SearchSpace;
import io.calibrisk.api.setting.Setting;

import java.util.List;
import java.util.Set;

/**
 * A calibration estimator as a plugin, contributed through
 * {@link io.calibrisk.api.CalibriskPlugin#estimators()}.
 *
 * <p>The provider itself is cheap and stateless: it states its name, the notions it serves,
 * its default search space and its settings, each with a type and a domain, and creates a
 * configured {@link CalibrationEstimator} for one run. Before it is created, calibrisk checks
 * every user value against the declared domains ({@code --set}, {@code --grid}), so
 * {@link #create} receives only valid, typed values.
 *
 * @since 1.0
 */
public interface EstimatorProvider {

    /**
     * @return the estimator's name, unique across plugins and following
     *     {@link io.calibrisk.api.PluginNames}, e.g. {@code bins-15}
     */
    String name();

    /** @return one line for {@code calibrisk list}: what the estimator is and its reference */
    String description();

    /** @return the notions this estimator serves */
    Set<Notion> notions();

    /**
     * The grid the search strategy starts from unless the user replaces an axis
     * ({@code --grid}). Each axis has a domain ({@link io.calibrisk.api.search.Axis#domain()}):
     * values outside it are refused before any work, so {@link PreparedTraining#fit} never sees
     * them.
     *
     * @param notion one of {@link #notions()}
     * @return the search space
     */
    SearchSpace defaultSearchSpace(Notion notion);

    /**
     * The settings the estimator reads from {@link EstimatorContext#settings()}, each with its
     * type, domain and default for this notion; shown by {@code calibrisk list}. A setting a
     * user gives that is not declared here is refused.
     *
     * @param notion one of {@link #notions()}
     * @return the settings; none by default
     */
    default List<Setting> settings(Notion notion) {
        return List.of();
    }

    /**
     * Creates the estimator for one run. Cheap: the expensive work belongs to
     * {@link CalibrationEstimator#prepare}.
     *
     * @param context the notion, the typed settings, the thread pool and the cache of the run
     * @return the estimator
     */
    CalibrationEstimator create(EstimatorContext context);
}
