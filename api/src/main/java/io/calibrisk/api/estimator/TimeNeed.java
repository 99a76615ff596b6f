package io.calibrisk.api.estimator;

import io.calibrisk.api.InvalidSettingException;

/**
 * How long an estimator expects a run's work to take, for the line the pipeline says before the
 * run starts (a warning from a minute on).
 *
 * @param seconds    the wall time of the estimator's whole run on its {@link Workload}: every
 *                   fold and component prepared and fitted at every grid point; finite, not negative
 * @param upperBound whether it is a bound (the line says "up to about") rather than an
 *                   estimate ("about"), for work whose size is only bounded before it starts,
 *                   such as a factorisation's rank
 * @param account    what the time goes to, a phrase that follows "takes about … for …: ", e.g.
 *                   {@code "a pivoted Cholesky of rank up to 3000 per training fold (38 s each)"};
 *                   one line, may be empty
 * @since 1.4
 */
public record TimeNeed(double seconds, boolean upperBound, String account) {

    /**
     * @throws InvalidSettingException if seconds is negative or not finite, or the account
     *                                 is missing or spans lines
     */
    public TimeNeed {
        if (!(seconds >= 0) || Double.isInfinite(seconds)) {
            throw InvalidSettingException.of("seconds", seconds, "must be finite and not negative");
        }
        if (account == null || account.indexOf('\n') >= 0 || account.indexOf('\r') >= 0) {
            throw InvalidSettingException.of("account", account, "must be one line");
        }
    }
}
