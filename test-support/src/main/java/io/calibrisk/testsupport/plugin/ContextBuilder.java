package io.calibrisk.testsupport.plugin;

import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.estimator.EstimatorContext;
import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.api.estimator.Parallelism;
import io.calibrisk.api.estimator.RunCache;
import io.calibrisk.api.kernel.DensityKernel;
import io.calibrisk.api.kernel.KernelDomain;
import io.calibrisk.api.kernel.PositiveDefiniteKernel;
import io.calibrisk.api.setting.Setting;
import io.calibrisk.api.setting.SettingValues;
import io.calibrisk.api.setting.ValueType;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Builds the {@link EstimatorContext} calibrisk would hand an estimator, from settings given as
 * text the way a user gives them ({@code --set ESTIMATOR.NAME=VALUE}): every declared setting
 * is parsed by its {@link ValueType}, defaults fill the rest, kernel names become the kernels
 * (which must serve the notion), and an undeclared name is refused. Messages have calibrisk's
 * form, {@code "<estimator>.<setting> = <value>: <what is allowed>"}.
 *
 * <pre>{@code
 * EstimatorContext context = ContextBuilder.of(new MyProvider(), Notion.TOP_LABEL, 3)
 *         .set("gamma", "0.5")
 *         .build();
 * }</pre>
 *
 * <p>Kernels come from the plugins on the test class path unless given; the thread pool is
 * sequential and the run cache a fresh {@link MapRunCache} unless given.
 */
public final class ContextBuilder {
    private final EstimatorProvider provider;
    private final Notion notion;
    private final int classes;
    private final Map<String, String> settings = new LinkedHashMap<>();
    private List<DensityKernel> densityKernels;
    private List<PositiveDefiniteKernel> positiveDefiniteKernels;
    private Parallelism parallelism = Parallelism.sequential();
    private RunCache cache;

    private ContextBuilder(EstimatorProvider provider, Notion notion, int classes) {
        this.provider = provider;
        this.notion = notion;
        this.classes = classes;
    }

    /**
     * @param provider the estimator
     * @param notion   the notion of the run
     * @param classes  the number of classes d
     * @return a builder with no user settings
     */
    public static ContextBuilder of(EstimatorProvider provider, Notion notion, int classes) {
        return new ContextBuilder(provider, notion, classes);
    }

    /**
     * @param name  a setting's name, without the estimator's prefix
     * @param value its value as text
     * @return this builder
     */
    public ContextBuilder set(String name, String value) {
        settings.put(name, value);
        return this;
    }

    /**
     * @param values setting name → value as text
     * @return this builder
     */
    public ContextBuilder settings(Map<String, String> values) {
        settings.putAll(values);
        return this;
    }

    /**
     * @param density           the density kernels a setting may name
     * @param positiveDefinite  the positive-definite kernels a setting may name
     * @return this builder
     */
    public ContextBuilder kernels(List<? extends DensityKernel> density,
                                  List<? extends PositiveDefiniteKernel> positiveDefinite) {
        this.densityKernels = List.copyOf(density);
        this.positiveDefiniteKernels = List.copyOf(positiveDefinite);
        return this;
    }

    /**
     * @param pool the run's thread pool
     * @return this builder
     */
    public ContextBuilder parallelism(Parallelism pool) {
        this.parallelism = pool;
        return this;
    }

    /**
     * @param runCache the run's cache
     * @return this builder
     */
    public ContextBuilder cache(RunCache runCache) {
        this.cache = runCache;
        return this;
    }

    /**
     * @return the context
     * @throws InvalidSettingException if the estimator does not serve the notion, a setting is
     *     undeclared, or a value lies outside its domain
     */
    public EstimatorContext build() {
        return new EstimatorContext(notion, classes, resolve(), parallelism, cache == null ? new MapRunCache() : cache);
    }

    /**
     * @return the typed settings, every declared one resolved
     * @throws InvalidSettingException as {@link #build()}
     */
    public SettingValues resolve() {
        if (!provider.notions().contains(notion)) {
            throw InvalidSettingException.of("estimator " + provider.name(), notion,
                    "does not serve this notion; it serves " + provider.notions());
        }
        Map<String, Object> values = new LinkedHashMap<>();
        for (Setting setting : provider.settings(notion)) {
            String parameter = provider.name() + "." + setting.name();
            String text = settings.getOrDefault(setting.name(), setting.defaultValue());
            Object value = setting.type().parse(parameter, text);
            if (setting.type() instanceof ValueType.KernelName) {
                value = kernel(parameter, (ValueType.KernelName) setting.type(), (String) value);
            }
            values.put(setting.name(), value);
        }
        for (Map.Entry<String, String> given : settings.entrySet()) {
            if (!values.containsKey(given.getKey())) {
                throw InvalidSettingException.of(provider.name() + "." + given.getKey(), given.getValue(),
                        "unknown setting; " + provider.name() + " has "
                                + (values.isEmpty() ? "no settings" : new ArrayList<>(values.keySet())));
            }
        }
        return new SettingValues(values);
    }

    private Object kernel(String parameter, ValueType.KernelName type, String name) {
        boolean density = type.kind() == ValueType.KernelName.Kind.DENSITY;
        Map<String, Object> available = new TreeMap<>();
        Map<String, KernelDomain> domains = new TreeMap<>();
        if (density) {
            for (DensityKernel k : densityKernels == null ? ClassPathPlugins.discover().densityKernels() : densityKernels) {
                available.put(k.name(), k);
                domains.put(k.name(), k.domain());
            }
        } else {
            for (PositiveDefiniteKernel k : positiveDefiniteKernels == null
                    ? ClassPathPlugins.discover().positiveDefiniteKernels() : positiveDefiniteKernels) {
                available.put(k.name(), k);
                domains.put(k.name(), k.domain());
            }
        }
        Object kernel = available.get(name);
        if (kernel == null) {
            throw InvalidSettingException.of(parameter, name, "must be " + type.describe() + "; available: "
                    + (available.isEmpty() ? "none" : available.keySet()));
        }
        if (!domains.get(name).serves(notion)) {
            throw InvalidSettingException.of(parameter, name, "is a kernel on the " + domains.get(name).id()
                    + ", which does not hold the points of " + notion + " calibration");
        }
        return kernel;
    }
}
