package io.calibrisk.pipeline.evaluation;

import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.PluginException;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.api.kernel.DensityKernel;
import io.calibrisk.api.kernel.KernelDomain;
import io.calibrisk.api.kernel.PositiveDefiniteKernel;
import io.calibrisk.api.search.Axis;
import io.calibrisk.api.search.Hyperparameters;
import io.calibrisk.api.search.SearchSpace;
import io.calibrisk.api.search.SearchStrategy;
import io.calibrisk.api.setting.Setting;
import io.calibrisk.api.setting.SettingValues;
import io.calibrisk.api.setting.ValueType;
import io.calibrisk.pipeline.discovery.PluginDiscovery;
import io.calibrisk.pipeline.evaluation.EvaluationSettings.EstimatorOptions;
import io.calibrisk.pipeline.evaluation.RunPlan.PlannedEstimator;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;
import java.util.TreeMap;

/**
 * Stage 1, the run plan: resolves {@link EvaluationSettings} against the discovered plugins
 * and checks every value before any work. Each problem is refused with one line that names the
 * estimator, the setting, the value and what is allowed, e.g.
 * {@code kkr.mode = slow: must be one of fast, exact} or
 * {@code --grid bins.bins = 2.5: must be an integer from 1 to 1000000}:
 * <ul>
 *   <li>estimators exist, serve the notion and are named once;</li>
 *   <li>settings ({@code --set}) are declared by the estimator and parse under their
 *       {@link ValueType}; kernel names resolve to a discovered kernel of the right kind whose
 *       {@link KernelDomain} holds the notion's points;</li>
 *   <li>axes ({@code --grid}) exist in the estimator's search space, their values lie in the
 *       axis's domain and are distinct;</li>
 *   <li>options name only estimators of the run; the search strategy ({@code --search}) was
 *       discovered.</li>
 * </ul>
 */
public final class RunPlanner {
    private final Map<String, EstimatorProvider> providers;
    private final Map<String, DensityKernel> densityKernels;
    private final Map<String, PositiveDefiniteKernel> positiveDefiniteKernels;
    private final Map<String, SearchStrategy> strategies;

    /**
     * @param providers               every discovered estimator provider, by name
     * @param densityKernels          every discovered density kernel, by name
     * @param positiveDefiniteKernels every discovered positive-definite kernel, by name
     * @param strategies              every discovered search strategy, by name
     */
    @Inject
    public RunPlanner(Map<String, EstimatorProvider> providers, Map<String, DensityKernel> densityKernels,
                      Map<String, PositiveDefiniteKernel> positiveDefiniteKernels,
                      Map<String, SearchStrategy> strategies) {
        this.providers = new TreeMap<>(providers);
        this.densityKernels = new TreeMap<>(densityKernels);
        this.positiveDefiniteKernels = new TreeMap<>(positiveDefiniteKernels);
        this.strategies = new TreeMap<>(strategies);
    }

    /**
     * @param notion a notion
     * @return the names of the estimators that serve it, sorted
     */
    public List<String> estimatorsFor(Notion notion) {
        List<String> names = new ArrayList<>();
        providers.forEach((name, provider) -> {
            if (provider.notions().contains(notion)) {
                names.add(name);
            }
        });
        return names;
    }

    /**
     * @param settings what the run is asked to do
     * @return the resolved, checked plan
     * @throws PluginException         if an estimator is not provided by any plugin, or none
     *                                 serves the notion
     * @throws InvalidSettingException if any setting, axis, value or name is refused
     */
    public RunPlan plan(EvaluationSettings settings) {
        Notion notion = settings.notion();
        List<String> names = settings.estimators().isEmpty() ? estimatorsFor(notion) : settings.estimators();
        if (names.isEmpty()) {
            throw new PluginException("no discovered estimator serves the notion " + notion
                    + "; discovered: " + (providers.isEmpty() ? "none" : providers.keySet()));
        }
        Set<String> seen = new HashSet<>();
        for (String name : names) {
            EstimatorProvider provider = providers.get(name);
            if (provider == null) {
                throw new PluginException("estimator '" + name + "' is not provided by any plugin; available: "
                        + (providers.isEmpty() ? "none" : providers.keySet()));
            }
            if (!seen.add(name)) {
                throw InvalidSettingException.of("estimators", String.join(",", names), "name '" + name + "' twice");
            }
            if (!provider.notions().contains(notion)) {
                throw InvalidSettingException.of("estimator " + name, notion,
                        "does not serve this notion; it serves " + provider.notions());
            }
        }
        for (Map.Entry<String, EstimatorOptions> e : settings.options().entrySet()) {
            if (!names.contains(e.getKey())) {
                String option = e.getValue().grid().isEmpty() ? "setting" : "--grid";
                throw InvalidSettingException.of(option, e.getKey(), "names an estimator that is not part of this run "
                        + names);
            }
        }
        SearchStrategy strategy = strategies.get(settings.search());
        if (strategy == null) {
            throw InvalidSettingException.of("--search", settings.search(), strategies.isEmpty()
                    ? "no search strategy was discovered" : "must be one of " + String.join(", ", strategies.keySet()));
        }
        List<PlannedEstimator> planned = new ArrayList<>(names.size());
        for (String name : names) {
            EstimatorProvider provider = providers.get(name);
            EstimatorOptions options = settings.optionsFor(name);
            planned.add(new PlannedEstimator(name, provider, PluginDiscovery.sourceOf(provider),
                    settingValues(name, provider, notion, options), searchSpace(name, provider, notion, options)));
        }
        return new RunPlan(settings, planned, strategy);
    }

    /**
     * Parses an estimator's settings against their declared types, resolving defaults and
     * kernel names, and refuses settings it does not declare.
     */
    private SettingValues settingValues(String name, EstimatorProvider provider, Notion notion,
                                        EstimatorOptions options) {
        Map<String, String> own = options.settings();
        Set<String> declared = new java.util.TreeSet<>();
        Map<String, Object> values = new LinkedHashMap<>();
        for (Setting s : provider.settings(notion)) {
            declared.add(s.name());
            String text = own.getOrDefault(s.name(), s.defaultValue());
            String parameter = name + "." + s.name();
            Object value = s.type().parse(parameter, text);
            if (s.type() instanceof ValueType.KernelName) {
                value = kernel(parameter, (ValueType.KernelName) s.type(), (String) value, notion);
            }
            values.put(s.name(), value);
        }
        for (Map.Entry<String, String> e : own.entrySet()) {
            if (!declared.contains(e.getKey())) {
                throw InvalidSettingException.of(name + "." + e.getKey(), e.getValue(),
                        "unknown setting; " + name + " has " + (declared.isEmpty() ? "no settings" : declared));
            }
        }
        return new SettingValues(values);
    }

    private Object kernel(String parameter, ValueType.KernelName type, String kernelName, Notion notion) {
        boolean density = type.kind() == ValueType.KernelName.Kind.DENSITY;
        Map<String, ?> kernels = density ? densityKernels : positiveDefiniteKernels;
        Object kernel = kernels.get(kernelName);
        if (kernel == null) {
            throw InvalidSettingException.of(parameter, kernelName, "must be " + type.describe() + "; available: "
                    + (kernels.isEmpty() ? "none" : String.join(", ", kernels.keySet())));
        }
        KernelDomain domain = density ? ((DensityKernel) kernel).domain() : ((PositiveDefiniteKernel) kernel).domain();
        if (!domain.serves(notion)) {
            throw InvalidSettingException.of(parameter, kernelName, "is a kernel on the " + domain.id()
                    + ", which does not hold the points of " + notion + " calibration");
        }
        return kernel;
    }

    /** The default search space with the user's axes in place, every value checked against its axis's domain. */
    private static SearchSpace searchSpace(String name, EstimatorProvider provider, Notion notion,
                                           EstimatorOptions options) {
        SearchSpace space = provider.defaultSearchSpace(notion);
        for (Map.Entry<String, List<Double>> e : options.grid().entrySet()) {
            String parameter = "--grid " + name + "." + e.getKey();
            List<Double> values = e.getValue();
            Axis axis = axis(space, e.getKey());
            if (axis == null) {
                throw InvalidSettingException.of(parameter, join(values), "unknown hyperparameter; " + name + " has "
                        + (space.axes().isEmpty() ? "none" : axisNames(space)));
            }
            if (values.isEmpty()) {
                throw InvalidSettingException.of(parameter, "", "needs at least one value");
            }
            Set<Double> distinct = new HashSet<>();
            double[] array = new double[values.size()];
            for (int i = 0; i < array.length; i++) {
                array[i] = axis.domain().check(parameter, values.get(i));
                if (!distinct.add(array[i] + 0.0)) {
                    throw InvalidSettingException.of(parameter, join(values),
                            "value " + Hyperparameters.format(array[i]) + " appears twice");
                }
            }
            space = space.withValues(axis.name(), array);
        }
        return space;
    }

    private static Axis axis(SearchSpace space, String name) {
        for (Axis axis : space.axes()) {
            if (axis.name().equals(name)) {
                return axis;
            }
        }
        return null;
    }

    private static String axisNames(SearchSpace space) {
        StringJoiner names = new StringJoiner(", ");
        space.axes().forEach(a -> names.add(a.name()));
        return names.toString();
    }

    private static String join(List<Double> values) {
        StringJoiner text = new StringJoiner(",");
        values.forEach(v -> text.add(Hyperparameters.format(v)));
        return text.toString();
    }
}
