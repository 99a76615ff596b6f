package io.calibrisk.pipeline.discovery;

import io.calibrisk.api.data.Notion;
import io.calibrisk.api.estimator.CalibrationEstimator;
import io.calibrisk.api.estimator.EstimatorContext;
import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.api.search.SearchSpace;
import io.calibrisk.api.setting.Setting;

import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An estimator provider as discovery found it: its metadata (name, description, notions,
 * search spaces and settings) asked once, checked, and kept, so that planning a run and
 * {@code calibrisk list} run no plugin code and see the same answers every time (notions in
 * their declared order, whatever set the plugin returned). Only {@link #create} reaches the
 * plugin.
 */
final class CheckedEstimator implements EstimatorProvider {
    private final EstimatorProvider original;
    private final String name;
    private final String description;
    private final Set<Notion> notions;
    private final Map<Notion, SearchSpace> spaces = new EnumMap<>(Notion.class);
    private final Map<Notion, List<Setting>> settings = new EnumMap<>(Notion.class);

    /**
     * Asks a provider for everything a run asks of it before it starts, so that a provider with
     * broken metadata is skipped by discovery rather than failing a run.
     *
     * @throws IllegalStateException if a method returns null or a setting is declared twice
     */
    CheckedEstimator(EstimatorProvider original) {
        this.original = require(original, "estimators()");
        this.name = original.name();
        this.description = require(original.description(), "description()");
        EnumSet<Notion> served = EnumSet.noneOf(Notion.class);
        for (Notion notion : require(original.notions(), "notions()")) {
            served.add(require(notion, "notions()"));
        }
        this.notions = Collections.unmodifiableSet(served);
        for (Notion notion : served) {
            spaces.put(notion, require(original.defaultSearchSpace(notion), "defaultSearchSpace(" + notion + ")"));
            List<Setting> declared = List.copyOf(require(original.settings(notion), "settings(" + notion + ")"));
            Set<String> names = new HashSet<>();
            for (Setting setting : declared) {
                if (!names.add(setting.name())) {
                    throw new IllegalStateException("estimator " + name + " declares the setting " + setting.name()
                            + " twice");
                }
            }
            settings.put(notion, declared);
        }
    }

    static <V> V require(V value, String what) {
        if (value == null) {
            throw new IllegalStateException(what + " returned null");
        }
        return value;
    }

    /**
     * @param contribution a contribution as discovery hands it out
     * @return the plugin's own instance behind it
     */
    static Object original(Object contribution) {
        return contribution instanceof CheckedEstimator ? ((CheckedEstimator) contribution).original : contribution;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String description() {
        return description;
    }

    @Override
    public Set<Notion> notions() {
        return notions;
    }

    @Override
    public SearchSpace defaultSearchSpace(Notion notion) {
        SearchSpace space = spaces.get(notion);
        if (space == null) {
            throw new IllegalArgumentException("estimator " + name + " does not serve the notion " + notion);
        }
        return space;
    }

    @Override
    public List<Setting> settings(Notion notion) {
        return settings.getOrDefault(notion, List.of());
    }

    @Override
    public CalibrationEstimator create(EstimatorContext context) {
        return original.create(context);
    }

    @Override
    public String toString() {
        return "estimator " + name;
    }
}
