package io.calibrisk.api.estimator;

import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.PluginException;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.kernel.Kernel;

import java.util.Map;
import java.util.TreeSet;

/**
 * What an estimator learns about the run it is created for.
 *
 * @param notion      the notion being estimated
 * @param classes     the number of classes d
 * @param settings    the estimator's own settings, name → text (only names it declared)
 * @param kernels     every discovered kernel, by name
 * @param parallelism the run's bounded thread pool
 */
public record EstimatorContext(Notion notion, int classes, Map<String, String> settings,
                               Map<String, Kernel> kernels, Parallelism parallelism) {

    /**
     * @throws InvalidSettingException if an argument is missing
     */
    public EstimatorContext {
        if (notion == null || settings == null || kernels == null || parallelism == null) {
            throw InvalidSettingException.of("estimator context", null, "no argument may be null");
        }
        settings = Map.copyOf(settings);
        kernels = Map.copyOf(kernels);
    }

    /**
     * @param name         a setting
     * @param defaultValue used when the setting is absent
     * @return the setting's text
     */
    public String setting(String name, String defaultValue) {
        return settings.getOrDefault(name, defaultValue);
    }

    /**
     * @param estimator    the estimator's name, for messages
     * @param name         a setting
     * @param defaultValue used when the setting is absent
     * @return the setting as a finite double
     * @throws InvalidSettingException if it is not a finite number
     */
    public double doubleSetting(String estimator, String name, double defaultValue) {
        String text = settings.get(name);
        if (text == null) {
            return defaultValue;
        }
        try {
            double v = Double.parseDouble(text.trim());
            if (Double.isFinite(v)) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below with the setting's name
        }
        throw InvalidSettingException.of(estimator + "." + name, text, "must be a finite number");
    }

    /**
     * @param name a kernel's name
     * @return the kernel
     * @throws PluginException if no plugin provides it
     */
    public Kernel kernel(String name) {
        Kernel kernel = kernels.get(name);
        if (kernel == null) {
            throw new PluginException("kernel '" + name + "' is not provided by any plugin; available: "
                    + (kernels.isEmpty() ? "none" : new TreeSet<>(kernels.keySet())));
        }
        return kernel;
    }
}
