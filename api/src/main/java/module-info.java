/**
 * The calibrisk service provider interface. A plugin depends on this module only, implements
 * {@link io.calibrisk.api.CalibriskPlugin} and lists it in
 * {@code META-INF/services/io.calibrisk.api.CalibriskPlugin} (or, as a named module,
 * {@code provides io.calibrisk.api.CalibriskPlugin with ...}).
 *
 * @since 1.0
 */
module io.calibrisk.api {
    exports io.calibrisk.api;
    exports io.calibrisk.api.data;
    exports io.calibrisk.api.estimator;
    exports io.calibrisk.api.kernel;
    exports io.calibrisk.api.search;
    exports io.calibrisk.api.setting;

    uses io.calibrisk.api.CalibriskPlugin;
}
