package io.calibrisk.estimators.kkr;

import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.estimator.CalibrationEstimator;
import io.calibrisk.api.estimator.CalibrationFunction;
import io.calibrisk.api.estimator.EstimatorContext;
import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.api.estimator.MemoryNeed;
import io.calibrisk.api.estimator.Parallelism;
import io.calibrisk.api.estimator.PreparedTraining;
import io.calibrisk.api.estimator.RunCache;
import io.calibrisk.api.estimator.TimeNeed;
import io.calibrisk.api.estimator.TrainingFold;
import io.calibrisk.api.estimator.Workload;
import io.calibrisk.api.kernel.PositiveDefiniteKernel;
import io.calibrisk.api.setting.Setting;
import io.calibrisk.api.search.Hyperparameters;
import io.calibrisk.estimators.kkr.linalg.Gemm;
import io.calibrisk.estimators.kkr.linalg.PivotedCholesky;
import io.calibrisk.estimators.kkr.linalg.SymmetricEigen;
import io.calibrisk.estimators.kkr.spectrum.ExactFactorisation;
import io.calibrisk.estimators.kkr.spectrum.HeldOutCorrection;
import io.calibrisk.estimators.kkr.spectrum.KernelSpectrum;
import io.calibrisk.estimators.kkr.spectrum.LowRankFactorisation;
import io.calibrisk.estimators.kkr.spectrum.TrainingKernel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.lang.ref.SoftReference;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * What {@code kkr} and {@code ukkr} share: the notions (top-label, class-wise, canonical), the
 * settings ({@link KrrSettings}), the hyperparameter {@code lambda} (reported as the constant c
 * of c·n^e), and the factorisation of each training fold's kernel matrix, computed once in
 * {@link CalibrationEstimator#prepare} and reused for the whole grid (and shared by both
 * estimators of a run through the run's {@link RunCache}, keyed by fold and settings, until
 * both have taken it: {@link SharedSpectrum}).
 */
abstract class KernelRidgeProvider implements EstimatorProvider {
    /** The hyperparameter: reported c, effective c·n^e. */
    static final String LAMBDA = "lambda";
    /**
     * From this many seconds, the time said before a run (a warning from a minute on) is worth a
     * look at the data ({@link RankProbe}) where the fast mode's rank is only bounded.
     */
    static final double PROBE_FROM = 60;
    private static final Logger LOG = LoggerFactory.getLogger(KernelRidgeProvider.class);

    @Override
    public Set<Notion> notions() {
        return EnumSet.of(Notion.TOP_LABEL, Notion.CLASS_WISE, Notion.CANONICAL);
    }

    @Override
    public List<Setting> settings(Notion notion) {
        return KrrSettings.declared();
    }

    /**
     * The key of a training fold's factorisation in the run's cache: the fold (equal ids within
     * a run mean equal data) and every setting the factorisation depends on, the kernel by its
     * name (unique among a run's kernels). Equal keys give bit-identical factorisations, so
     * {@code kkr} and {@code ukkr} share one.
     *
     * @param fold      the training fold
     * @param kernel    the positive-definite kernel's name
     * @param parameter the kernel's parameter
     * @param mode      exact or fast
     * @param tolerance the fast mode's relative trace tolerance
     * @param maxRank   the fast mode's rank cap
     */
    record SpectrumKey(TrainingFold.Id fold, String kernel, double parameter, Mode mode, double tolerance,
                       int maxRank) {
        SpectrumKey(TrainingFold.Id fold, KrrSettings settings) {
            this(fold, settings.kernel().name(), settings.parameter(), settings.mode(), settings.tolerance(),
                    settings.maxRank());
        }

        /**
         * @return the settings' key whatever the fold (fold and component −1): for what a run says
         *     once, and, alone, the key of how many of the run's estimators share these settings'
         *     factorisations (each counts itself when created, and a run creates all its
         *     estimators before it prepares a fold)
         */
        static SpectrumKey anyFold(KrrSettings settings) {
            return new SpectrumKey(new TrainingFold.Id(-1, -1), settings);
        }

        // Written out, with the values the record's own methods give: those are bootstrapped at
        // their first call, which costs a run's start-up tens of milliseconds (docs/performance.md,
        // "Records' own methods").
        @Override
        public final boolean equals(Object o) {
            return o instanceof SpectrumKey other && Objects.equals(fold, other.fold)
                    && Objects.equals(kernel, other.kernel) && Double.compare(parameter, other.parameter) == 0
                    && mode == other.mode && Double.compare(tolerance, other.tolerance) == 0
                    && maxRank == other.maxRank;
        }

        @Override
        public final int hashCode() {
            int h = Objects.hashCode(fold);
            h = 31 * h + Objects.hashCode(kernel);
            h = 31 * h + Double.hashCode(parameter);
            h = 31 * h + Objects.hashCode(mode);
            h = 31 * h + Double.hashCode(tolerance);
            return 31 * h + maxRank;
        }
    }

    /**
     * A training fold's factorisation as the run's cache holds it: until every estimator of the
     * run that shares it has taken it, then no longer. Each preparation keeps its own reference
     * for as long as the pipeline keeps the preparation (a fold's search), so a factorisation no
     * later estimator will ask for is not held to the end of the run (its raw features of the
     * evaluated point sets and its maps, about 0.4 GB per fold for kkr alone on 20 000 predictions
     * with 100 classes, whose peak memory went from 3.9 to 2.4 GB).
     *
     * <p>Between its first taker and the last, the cache holds it softly: the run's memory plan
     * counts each estimator's own folds in flight, not the factorisations that kkr's earlier folds
     * leave for ukkr, and with a heap that fits one fold at a time those made kkr run out of
     * memory. The collector now lets them go first, and the later sharer factors the fold again
     * (equal keys give bit-identical factorisations, so the results do not change; only the time
     * does).
     */
    static final class SharedSpectrum {
        /** Held strongly until the first taker has it: it is taken right after it is computed. */
        private FoldSpectrum spectrum;
        /** Held softly between the first taker and the last. */
        private SoftReference<FoldSpectrum> kept;
        /** The estimators that took it, by identity: one that prepares the fold again counts once. */
        private final Set<Object> takers = Collections.newSetFromMap(new IdentityHashMap<>());

        SharedSpectrum(FoldSpectrum spectrum) {
            this.spectrum = spectrum;
        }

        /**
         * @param taker   the estimator that prepares the fold
         * @param sharers how many of the run's estimators share the fold's factorisation
         * @return the factorisation, or why the cache no longer holds it: every sharer took it
         *     already (a fold prepared once more, as a search strategy may ask), or the collector
         *     let it go for room; either way, factor it again
         */
        synchronized Taken take(Object taker, int sharers) {
            FoldSpectrum found = spectrum != null ? spectrum : kept != null ? kept.get() : null;
            boolean collected = found == null && kept != null;
            takers.add(taker);
            spectrum = null;
            kept = found != null && takers.size() < sharers ? new SoftReference<>(found) : null;
            return new Taken(found, collected);
        }

        /** @return whether the cache still holds the factorisation */
        synchronized boolean held() {
            return spectrum != null || kept != null && kept.get() != null;
        }

        /** Lets go of a softly held factorisation, as the collector does when the heap runs short. */
        synchronized void collect() {
            if (kept != null) {
                kept.clear();
            }
        }
    }

    /**
     * What {@link SharedSpectrum#take} found.
     *
     * @param spectrum  the factorisation, or null if the cache no longer holds it
     * @param collected whether the collector let it go before every sharer took it
     */
    record Taken(FoldSpectrum spectrum, boolean collected) {
    }

    /**
     * The run's estimators whose settings give the same factorisations (kkr and ukkr, by
     * default), which share them: how many, for the cache's hold on a factorisation, and which,
     * so that memory advice keeps them sharing. Every estimator of a run is created before the
     * first fold is prepared and before its memory is planned.
     */
    static final class Sharers {
        private final Queue<KernelRidgeProvider> providers = new ConcurrentLinkedQueue<>();

        void add(KernelRidgeProvider provider) {
            providers.add(provider);
        }

        int count() {
            return providers.size();
        }

        /** @return the sharers in the order they were created (the run's order) */
        List<KernelRidgeProvider> providers() {
            return List.copyOf(providers);
        }
    }

    /** The key of the line a run says once when the collector let go of a factorisation it held for a later sharer. */
    private record Collected(SpectrumKey settings) {
    }

    @Override
    public CalibrationEstimator create(EstimatorContext context) {
        KrrSettings settings = KrrSettings.from(name(), context.settings());
        Parallelism pool = context.parallelism();
        RunCache cache = context.cache();
        Sharers sharers = cache.computeIfAbsent(SpectrumKey.anyFold(settings), Sharers.class, Sharers::new);
        sharers.add(this);
        return new CalibrationEstimator() {
            /** Factors the fold, or takes its factorisation from the run's cache, and fits the first round ahead. */
            @Override
            public PreparedTraining prepare(TrainingFold training) {
                SharedSpectrum shared = cache.computeIfAbsent(new SpectrumKey(training.id(), settings),
                        SharedSpectrum.class, () -> new SharedSpectrum(factor(settings, training.data(), pool, cache)));
                Taken taken = shared.take(this, sharers.count());
                FoldSpectrum fold = taken.spectrum();
                if (fold == null) {
                    if (taken.collected() && first(cache, new Collected(SpectrumKey.anyFold(settings)))) {
                        LOG.warn("{}: the JVM let go of a training fold's factorisation that the run held for this "
                                + "estimator, to make room; factoring it again (the results are the same; more heap, "
                                + "JAVA_OPTS=-Xmx..., keeps it)", name());
                    }
                    LOG.debug("{}: fold {}, component {} prepared again after {}; factoring it again", name(),
                            training.id().fold(), training.id().component(), taken.collected()
                                    ? "the JVM let go of its factorisation for room"
                                    : "the run's cache let its factorisation go");
                    fold = factor(settings, training.data(), pool, cache);
                }
                Prepared prepared = new Prepared(fold);
                prepared.plan(training.planned());
                return prepared;
            }

            /** {@link #workingBytes}, with the advice of the fast mode or a smaller rank. */
            @Override
            public MemoryNeed memoryNeed(int trainingSize, int querySize, int dimension) {
                return new MemoryNeed(workingBytes(settings, trainingSize, querySize, dimension),
                        settings.mode() == Mode.EXACT ? "--set " + name() + ".mode=fast"
                                : "a smaller --set " + name() + ".max-rank",
                        fitBytes(settings, trainingSize, dimension));
            }

            /**
             * The largest max-rank with which the folds fit, found by {@link #workingBytes} and
             * {@link #fitBytes} at every rank below the planned one (not a bisection: a factor
             * small enough to be held with its residuals adds a little memory below
             * {@link HeldOutCorrection#HELD_LIMIT}); in exact mode the fast mode, with that rank
             * where the fast mode's cap does not fit either. Set for every estimator that shares
             * the factorisations, with the fits of the hungriest, so that they still share them.
             */
            @Override
            public String memoryAdvice(int trainingSize, int querySize, int dimension, int folds, long bytes) {
                List<KernelRidgeProvider> all = sharers.providers();
                KrrSettings fast = settings.mode() == Mode.EXACT ? capped(settings, settings.maxRank()) : settings;
                Room room = new Room(trainingSize, querySize, dimension, folds, pool.threads(), bytes);
                if (fast != settings && fits(all, room, fast)) {
                    return setting(all, KrrSettings.MODE, "fast");
                }
                for (long r = plannedRank(fast, trainingSize, dimension) - 1; r >= 1; r--) {
                    if (fits(all, room, capped(fast, r))) {
                        // two significant digits read as the estimate they are, where they fit too
                        long round = roundedDown(r);
                        String rank = setting(all, KrrSettings.MAX_RANK, "" + (fits(all, room, capped(fast, round))
                                ? round : r));
                        return fast == settings ? rank : setting(all, KrrSettings.MODE, "fast") + " " + rank;
                    }
                }
                return "";
            }

            /**
             * The {@link CostModel}'s time of the run: each training fold factored (once per run
             * for kkr and ukkr, which share the factorisation: by the one the run asks first, which
             * is the one that computes it) and fitted at the grid points, as many folds and
             * components at a time as the pool has threads. In fast mode it is for the rank the
             * memory plan assumes, so a bound where the tolerance stops the factorisation first.
             * Fits under a second a fold are counted but not named; a run whose factorisation is
             * another estimator's and whose fits take under a second a fold says nothing.
             */
            @Override
            public Optional<TimeNeed> timeNeed(Workload workload) {
                long n = workload.trainingSize();
                long rank = settings.mode() == Mode.EXACT ? n : plannedRank(settings, n, workload.dimension());
                return need(workload, rank, false);
            }

            /**
             * {@link #timeNeed(Workload)}, and in fast mode, where that bound is a minute or more
             * (a warning), the time at the rank {@link RankProbe} estimates from the sample instead,
             * when it is below the bound's: an estimate, no longer a bound. The probe runs once per
             * run and settings (kkr and ukkr share it through the run's cache).
             */
            @Override
            public Optional<TimeNeed> timeNeed(Workload workload, CalibrationSet sample) {
                Optional<TimeNeed> bound = timeNeed(workload);
                long n = workload.trainingSize();
                if (settings.mode() == Mode.EXACT || bound.isEmpty() || bound.get().seconds() < PROBE_FROM
                        || sample.size() != n) {
                    return bound;
                }
                long planned = plannedRank(settings, n, workload.dimension());
                ProbedRank key = new ProbedRank(new Announcement(SpectrumKey.anyFold(settings), n));
                long rank = cache.computeIfAbsent(key, Long.class,
                        () -> RankProbe.estimate(settings, sample.points(), planned, pool));
                return rank < planned ? need(workload, rank, true) : bound;
            }

            /**
             * @param rank      the rank the time is for: n in exact mode, the planned rank or the
             *                  probe's estimate in fast mode
             * @param estimated whether the rank is the probe's estimate (else, in fast mode, a bound)
             */
            private Optional<TimeNeed> need(Workload workload, long rank, boolean estimated) {
                long n = workload.trainingSize();
                int dimension = workload.dimension();
                boolean exact = settings.mode() == Mode.EXACT;
                CostModel.Machine machine = new CostModel.Machine(SymmetricEigen.nativeLapack(), Gemm.nativeBlas(),
                        LowRankFactorisation.kernelProducts(settings.kernel(), dimension));
                double factoring = CostModel.foldSeconds(settings.mode(), n, rank, dimension, machine);
                double fitting = workload.gridPoints() * fitSeconds(settings.mode(), rank);
                String owner = cache.computeIfAbsent(new Announcement(SpectrumKey.anyFold(settings), n), String.class,
                        () -> name());
                boolean factors = owner.equals(name());
                boolean fits = fitting >= 1;
                if (!factors && !fits) {
                    return Optional.empty();
                }
                boolean bound = !exact && !estimated;
                List<String> parts = new ArrayList<>();
                if (factors) {
                    parts.add(exact
                            ? String.format(Locale.ROOT, "the eigendecomposition of the kernel matrix of each training "
                                    + "fold of %d points (about %s each, %s LAPACK)", n, CostModel.words(factoring),
                                    machine.nativeLapack() ? "native" : "Java")
                            : estimated
                            ? String.format(Locale.ROOT, "a pivoted Cholesky of rank about %d per training fold of %d "
                                    + "points (about %s each; the rank estimated from samples of the fold, the cap "
                                    + "%d)", rank, n, CostModel.words(factoring), settings.maxRank())
                            : String.format(Locale.ROOT, "a pivoted Cholesky of rank up to %d per training fold of %d "
                                    + "points (up to about %s each, less where its tolerance stops it first)", rank, n,
                                    CostModel.words(factoring)));
                }
                if (fits) {
                    // a fit's cost grows with the rank, which in fast mode is only bounded here
                    parts.add(String.format(Locale.ROOT, "the grid points' fits (%sabout %s a fold)",
                            bound ? "up to " : "", CostModel.words(fitting)));
                }
                String account = (exact ? "exact mode, " : "fast mode, ") + String.join(" and ", parts)
                        + (factors ? "" : "; the factorisation is " + owner + "'s");
                double seconds = ((factors ? factoring : 0) + fitting) * workload.rounds();
                return Optional.of(new TimeNeed(seconds, bound, account));
            }

        };
    }

    /** The key of the rank-cap warning a run gives once per factorisation's settings (any fold). */
    private record RankCapWarning(SpectrumKey settings) {
    }

    /**
     * @param cache the run's cache
     * @param key   a message's key
     * @return whether this is the first time in the run that the message under the key is said
     *     (two folds at once cannot both be first)
     */
    private static boolean first(RunCache cache, Object key) {
        return cache.computeIfAbsent(key, AtomicBoolean.class, AtomicBoolean::new).compareAndSet(false, true);
    }

    /**
     * The key, in the run's cache, of the rank {@link RankProbe} estimated for the factorisations
     * of an announcement's settings and training size.
     */
    record ProbedRank(Announcement factorisations) {
        // written out as SpectrumKey's are
        @Override
        public final boolean equals(Object o) {
            return o instanceof ProbedRank other && factorisations.equals(other.factorisations);
        }

        @Override
        public final int hashCode() {
            return factorisations.hashCode();
        }
    }

    /**
     * The key, in the run's cache, of the estimator whose time estimate counts a factorisation
     * (the settings' and the training size's): the first of kkr and ukkr the run asks.
     */
    record Announcement(SpectrumKey settings, long trainingSize) {
        // written out as SpectrumKey's are
        @Override
        public final boolean equals(Object o) {
            return o instanceof Announcement other && settings.equals(other.settings)
                    && trainingSize == other.trainingSize;
        }

        @Override
        public final int hashCode() {
            return 31 * settings.hashCode() + Long.hashCode(trainingSize);
        }
    }

    /** @return the settings in fast mode with the cap at r */
    private static KrrSettings capped(KrrSettings settings, long r) {
        return new KrrSettings(settings.kernel(), settings.parameter(), Mode.FAST, settings.tolerance(), (int) r);
    }

    /**
     * The room the pipeline asks {@code memoryAdvice} about.
     *
     * @param n         the training fold's size
     * @param q         the larger of the evaluation fold and the test split
     * @param dimension m
     * @param folds     the folds at once
     * @param threads   the run's threads
     * @param bytes     the room, the folds' data taken out
     */
    private record Room(long n, long q, int dimension, int folds, int threads, long bytes) {
    }

    /**
     * @param sharers the estimators that share the factorisations
     * @return whether the folds at once and the threads' fits of the hungriest of them, as the
     *     memory plan counts them, fit in the room
     */
    private static boolean fits(List<KernelRidgeProvider> sharers, Room room, KrrSettings settings) {
        long fit = 0;
        for (KernelRidgeProvider provider : sharers) {
            fit = Math.max(fit, provider.fitBytes(settings, room.n(), room.dimension()));
        }
        double need = (double) room.folds() * workingBytes(settings, room.n(), room.q(), room.dimension())
                + (double) room.threads() * fit;
        return need <= room.bytes();
    }

    /** @return {@code --set kkr.NAME=VALUE --set ukkr.NAME=VALUE}, one for each estimator */
    private static String setting(List<KernelRidgeProvider> estimators, String name, String value) {
        StringBuilder out = new StringBuilder();
        for (KernelRidgeProvider estimator : estimators) {
            out.append(out.length() == 0 ? "" : " ").append("--set ").append(estimator.name()).append('.')
                    .append(name).append('=').append(value);
        }
        return out.toString();
    }

    /**
     * @param settings  the settings
     * @param n         the training fold's size
     * @param dimension m
     * @return the bytes of one fit in flight ({@link #fitDoubles}) at the rank the plan assumes:
     *     the fold's size in exact mode, else {@link #plannedRank}
     */
    long fitBytes(KrrSettings settings, long n, int dimension) {
        long rank = settings.mode() == Mode.EXACT ? n : plannedRank(settings, n, dimension);
        return 8 * fitDoubles(rank, dimension);
    }

    /** @return r rounded down to two significant digits, e.g. 2699 to 2600 */
    static long roundedDown(long r) {
        long unit = 1;
        while (r / unit >= 100) {
            unit *= 10;
        }
        return r / unit * unit;
    }

    /**
     * @param settings  the settings
     * @param n         the training fold's size
     * @param q         the larger of the evaluation fold and the test split
     * @param dimension m
     * @return one fold's working memory, bytes: in exact mode K, its eigenvectors, the
     *     eigensolver's work matrix and the products of the weights, 4·n² doubles, plus the n'·n
     *     kernel rows of the query points; in fast mode the pivoted Cholesky at its peak
     *     ({@link PivotedCholesky#peakDoubles}), the r × r Gram and eigenvectors, and n'·r
     *     features (and, when n·r is at most {@link HeldOutCorrection#HELD_LIMIT}, the factor and
     *     residuals the held-out correction holds, with a block of kernel rows), and, when r is
     *     the cap and below n, the spectrum at half the rank that the fits are checked against,
     *     {@link RankChecked} (its raw features are the leading rows of the full rank's, so only
     *     its r/2 × r/2 matrices count), with r the rank the factorisation can reach
     *     ({@link #plannedRank}). An rbf kernel on top-label points plans for rank 46 (it
     *     reaches about 10), so a 200 000-sample run plans for megabytes, not the gigabytes the
     *     cap implies.
     */
    static long workingBytes(KrrSettings settings, long n, long q, int dimension) {
        if (settings.mode() == Mode.EXACT) {
            return 8 * (4 * n * n + 2 * q * n);
        }
        long r = plannedRank(settings, n, dimension);
        // a factor within HeldOutCorrection.HELD_LIMIT may be held with the residuals, and a block
        // of corrected points takes their kernel rows (a rank below the planned one holds at most
        // the limit, 8 MB, and n ≤ 4096 rows per point of the block)
        long held = n * r <= HeldOutCorrection.HELD_LIMIT
                ? n * r + n * dimension + (long) HeldOutCorrection.POINT_BLOCK * n + r * q : 0;
        long half = r == settings.maxRank() && r < n ? (r + 1) / 2 : 0;
        return 8 * (PivotedCholesky.peakDoubles(n, r) + 3 * r * r + 2 * q * r + held + 3 * half * half);
    }

    /**
     * @param settings  the fast mode's settings
     * @param n         the training fold's size
     * @param dimension m
     * @return the rank the fast mode can reach, for its memory and time plans: the rank cap, or
     *     n, or twice the kernel's {@link PositiveDefiniteKernel#rankBound} where it gives one (the
     *     pivoted Cholesky stops near the optimal rank, not at it), whichever is smallest
     */
    private static long plannedRank(KrrSettings settings, long n, int dimension) {
        long r = Math.min(n, settings.maxRank());
        OptionalLong bound = settings.kernel().rankBound(dimension, settings.parameter(), settings.tolerance());
        if (bound.isPresent()) {
            r = Math.min(r, 2 * Math.max(1, bound.getAsLong()));
        }
        return r;
    }

    /**
     * One training fold's spectrum and the functions fitted ahead on it: when {@link #fitsAhead}
     * says fits are worth it, every round of the search announced (the first in
     * {@link TrainingFold#planned()}, later ones through {@link #plan}) is fitted in parallel, so
     * that the pipeline, which fits a round's points one after another, finds them ready.
     *
     * <p>The fits ahead are held softly. A kkr fit
     * holds its compressed form, small where the form compresses well, but about 3q² doubles
     * where it does not (a flat spectrum: simulated predictions over 100 classes at a rank cap
     * below n), and 18 of them were more than the memory plan counts for a fold: kkr ran out of
     * memory at a heap the plan found room in. The collector now lets such fits go first, and the
     * pipeline's {@link #fit} fits the point again, with the same result (a fit is deterministic
     * and does not depend on the thread it runs on); only the time grows.
     */
    final class Prepared implements PreparedTraining {
        private final FoldSpectrum fold;
        private final Map<Double, SoftReference<CalibrationFunction>> ready = new ConcurrentHashMap<>();

        Prepared(FoldSpectrum fold) {
            this.fold = fold;
        }

        @Override
        public void plan(List<Hyperparameters> points) {
            if (!fitsAhead(fold)) {
                return;
            }
            double[] ahead = points.stream().mapToDouble(point -> point.value(LAMBDA))
                    .filter(mu -> mu >= 0 && Double.isFinite(mu) && !ready.containsKey(mu)).distinct().toArray();
            fold.pool().forEach(ahead.length, i -> ready.putIfAbsent(ahead[i],
                    new SoftReference<>(timedFit(fold, ahead[i]))));
        }

        /** @return how many fits ahead are still held */
        int held() {
            return (int) ready.values().stream().filter(ahead -> ahead.get() != null).count();
        }

        /** Lets go of the fits ahead, as the collector does when the heap runs short. */
        void collect() {
            ready.values().forEach(SoftReference::clear);
        }

        @Override
        public CalibrationFunction fit(Hyperparameters hyperparameters) {
            double mu = hyperparameters.value(LAMBDA);
            if (!(mu >= 0) || !Double.isFinite(mu)) {
                throw InvalidSettingException.of(name() + "." + LAMBDA, hyperparameters.reportedValue(LAMBDA),
                        "must be finite and at least 0");
            }
            SoftReference<CalibrationFunction> ahead = ready.get(mu);
            CalibrationFunction h = ahead == null ? null : ahead.get();
            return h != null ? h : timedFit(fold, mu);
        }
    }

    /**
     * {@link #fit}, with its time at trace level (the benchmarks add these lines up), and with
     * the fit on the coarser spectrum when the fold has one ({@link RankChecked}) and rounding
     * does not already decide the fit (the pipeline checks the approximation of stable fits only).
     */
    private CalibrationFunction timedFit(FoldSpectrum fold, double mu) {
        long start = System.nanoTime();
        CalibrationFunction full = fit(fold, mu);
        CalibrationFunction h = fold.coarser().isPresent() && full.instability().isEmpty()
                ? new RankChecked(full, fit(fold.coarser().get(), mu), RankChecked.extrapolation(
                        fold.spectrum().truncation(), fold.coarser().get().spectrum().truncation())) : full;
        if (LOG.isTraceEnabled()) {
            LOG.trace("{}: fit at regularisation {} in {} s {}", name(), mu,
                    String.format(Locale.ROOT, "%.4f", (System.nanoTime() - start) / 1e9), h.diagnostics());
        }
        return h;
    }

    private FoldSpectrum factor(KrrSettings settings, CalibrationSet training, Parallelism pool, RunCache cache) {
        long start = System.nanoTime();
        TrainingKernel kernel = TrainingKernel.of(settings.kernel(), settings.parameter(), training.points());
        LowRankFactorisation.Truncated truncated = settings.mode() == Mode.EXACT
                ? new LowRankFactorisation.Truncated(ExactFactorisation.of(kernel, training.residuals(), pool),
                        Optional.empty())
                : LowRankFactorisation.withCheck(kernel, training.residuals(), settings.tolerance(),
                        settings.maxRank(), pool);
        KernelSpectrum spectrum = truncated.spectrum();
        if (LOG.isDebugEnabled()) {
            LOG.debug("{}: {} factorisation of n = {}: rank {}, largest eigenvalue {}, residual trace {}, {} s",
                    name(), settings.mode(), training.size(), spectrum.rank(), spectrum.lambdaMax(),
                    spectrum.truncation(), (System.nanoTime() - start) / 1e9);
        }
        if (settings.mode() == Mode.FAST && spectrum.rank() >= settings.maxRank()) {
            // a warning for the run's first fold at the cap (kkr and ukkr share it), as every fold
            // of a data set reaches it alike; the others at debug level, with their residual traces
            boolean first = first(cache, new RankCapWarning(SpectrumKey.anyFold(settings)));
            String message = "{}: the pivoted Cholesky reached the rank cap {} (n = {}) with residual trace {} above the "
                    + "tolerance; grid points whose risk moves by more than {} relative at half the rank are marked "
                    + "unstable; raise {}.max-rank for accuracy at small c";
            Object[] arguments = {name(), settings.maxRank(), training.size(), spectrum.truncation(),
                    CalibrationFunction.APPROXIMATION_THRESHOLD, name()};
            if (first) {
                LOG.warn(message, arguments);
            } else {
                LOG.debug(message, arguments);
            }
        }
        return new FoldSpectrum(spectrum, truncated.coarser(), pool);
    }

    /**
     * @param fold the fold's spectrum
     * @param mu   the effective regularisation
     * @return the fitted function
     */
    abstract CalibrationFunction fit(FoldSpectrum fold, double mu);

    /**
     * @param rank      the rank a fit works at as the memory plan assumes it (the fold's size in
     *                  exact mode)
     * @param dimension m
     * @return the doubles one fit in flight works with beyond what its fold holds, for the memory
     *     plan ({@link MemoryNeed#threadBytes()}: every thread of the run may be fitting); 0 where
     *     that is small beside the fold
     */
    long fitDoubles(long rank, int dimension) {
        return 0;
    }

    /**
     * @param mode exact or fast
     * @param rank the rank the memory plan assumes (the fold's size in exact mode)
     * @return the estimated seconds of one grid point's fit on a fold of that rank, for the time
     *     estimate before a run ({@link CostModel}); 0 where fits cost little beside the factorisation
     */
    double fitSeconds(Mode mode, long rank) {
        return 0;
    }

    /**
     * @param fold the fold's spectrum
     * @return whether the announced points of a round should be fitted ahead, in parallel:
     *     worth it when a fit costs much more than its features and holds little memory
     */
    boolean fitsAhead(FoldSpectrum fold) {
        return false;
    }
}
