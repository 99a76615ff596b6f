package io.calibrisk.pipeline.report;

import io.calibrisk.api.InvalidSettingException;

/**
 * A percentile bootstrap interval for the calibration error CE over the test split: the test
 * samples are resampled with replacement, and each resample's CE is computed from the fold
 * models at the chosen grid point (O(n_test) per resample through the per-sample values
 * {@code h(z_i, z_i)}).
 *
 * @param lower     the lower percentile of the resampled CE
 * @param upper     the upper percentile
 * @param level     the coverage, e.g. 0.95
 * @param resamples the number of resamples
 * @param seed      the seed of the resampling
 */
public record EstimateInterval(double lower, double upper, double level, int resamples, long seed) {

    /**
     * @throws InvalidSettingException if the bounds are not finite and ordered or the level is
     *     not in (0, 1)
     */
    public EstimateInterval {
        if (!(Double.isFinite(lower) && Double.isFinite(upper) && lower <= upper)) {
            throw InvalidSettingException.of("interval", "[" + lower + ", " + upper + "]", "must be finite and ordered");
        }
        if (!(level > 0 && level < 1)) {
            throw InvalidSettingException.of("level", level, "must lie strictly between 0 and 1");
        }
    }
}
