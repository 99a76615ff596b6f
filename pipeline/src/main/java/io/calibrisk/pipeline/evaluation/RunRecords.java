package io.calibrisk.pipeline.evaluation;

import io.calibrisk.api.kernel.DensityKernel;
import io.calibrisk.api.kernel.PositiveDefiniteKernel;
import io.calibrisk.api.search.Axis;
import io.calibrisk.api.search.Hyperparameters;
import io.calibrisk.pipeline.discovery.Discovered;
import io.calibrisk.pipeline.discovery.PluginInfo;
import io.calibrisk.pipeline.discovery.Plugins;
import io.calibrisk.pipeline.evaluation.RunPlan.PlannedEstimator;
import io.calibrisk.pipeline.report.Provenance;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A run's {@link Provenance}: its options as the plan resolved them, and the plugins whose
 * contributions it used.
 */
final class RunRecords {

    private RunRecords() {
    }

    /**
     * @param plan    the run's plan
     * @param folds   its folds
     * @param plugins what discovery found
     * @return the provenance, without inputs (the caller knows them)
     */
    static Provenance of(RunPlan plan, FoldPlan folds, Plugins plugins) {
        EvaluationSettings settings = plan.settings();
        Map<String, String> sets = new LinkedHashMap<>();
        Map<String, List<Double>> grids = new LinkedHashMap<>();
        settings.options().forEach((estimator, options) -> {
            options.settings().forEach((name, value) -> sets.put(estimator + "." + name, value));
            options.grid().forEach((axis, values) -> grids.put(estimator + "." + axis, values));
        });
        Map<String, Map<String, String>> resolved = new LinkedHashMap<>();
        Map<String, Map<String, List<Double>>> spaces = new LinkedHashMap<>();
        Map<PluginInfo, List<String>> used = new LinkedHashMap<>();
        for (PlannedEstimator e : plan.estimators()) {
            use(used, plugins.estimators().get(e.name()), "estimator " + e.name());
            Map<String, String> values = new LinkedHashMap<>();
            e.settings().values().forEach((name, value) -> values.put(name, text(value, plugins, used)));
            resolved.put(e.name(), values);
            Map<String, List<Double>> axes = new LinkedHashMap<>();
            for (Axis axis : e.space().axes()) {
                List<Double> list = new ArrayList<>(axis.size());
                for (double v : axis.values()) {
                    list.add(v);
                }
                axes.put(axis.name(), list);
            }
            spaces.put(e.name(), axes);
        }
        use(used, plugins.strategies().get(settings.search()), "search " + settings.search());
        List<Provenance.Plugin> records = new ArrayList<>();
        used.forEach((info, provides) -> records.add(new Provenance.Plugin(info.name(), info.version(),
                info.spiVersion(), info.source(), provides)));
        EvaluationSettings.Sampling sampling = settings.sampling();
        return Provenance.of(new Provenance.Run(settings.notion().id(), plan.names(), settings.search(), folds.folds(),
                sampling.testFraction(), sampling.seed(), sampling.split() != null, folds.testSize(),
                settings.interval().resamples(), settings.interval().level(), settings.threads(), sets, grids, resolved,
                spaces), records);
    }

    /** A setting's value as text: a kernel by its name (and its plugin counted as used), a number exactly. */
    private static String text(Object value, Plugins plugins, Map<PluginInfo, List<String>> used) {
        if (value instanceof DensityKernel kernel) {
            use(used, plugins.densityKernels().get(kernel.name()), "density kernel " + kernel.name());
            return kernel.name();
        }
        if (value instanceof PositiveDefiniteKernel kernel) {
            use(used, plugins.positiveDefiniteKernels().get(kernel.name()), "kernel " + kernel.name());
            return kernel.name();
        }
        if (value instanceof Double number) {
            return Hyperparameters.format(number);
        }
        return String.valueOf(value);
    }

    private static void use(Map<PluginInfo, List<String>> used, Discovered<?> found, String what) {
        if (found != null) {
            List<String> provides = used.computeIfAbsent(found.plugin(), info -> new ArrayList<>());
            if (!provides.contains(what)) {
                provides.add(what);
            }
        }
    }
}
