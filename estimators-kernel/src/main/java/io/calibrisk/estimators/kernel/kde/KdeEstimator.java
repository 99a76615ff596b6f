package io.calibrisk.estimators.kernel.kde;

import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.data.Points;
import io.calibrisk.api.estimator.CalibrationEstimator;
import io.calibrisk.api.estimator.MemoryNeed;
import io.calibrisk.api.estimator.Parallelism;
import io.calibrisk.api.estimator.TimeNeed;
import io.calibrisk.api.estimator.TrainingFold;
import io.calibrisk.api.estimator.Workload;
import io.calibrisk.api.search.Hyperparameters;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentSkipListSet;

/**
 * {@code kde} configured for one run: prepares each training fold (see {@link KdeTraining}) and
 * decides which bandwidths to compute together.
 *
 * <p>A batch of bandwidths shares the bandwidth-free work. When the pipeline says which grid a
 * fold will be fitted on ({@link TrainingFold#planned()}, and for later rounds of a search
 * {@link io.calibrisk.api.estimator.PreparedTraining#plan}), a batch is that round's
 * bandwidths not yet computed for the same points. A caller that fits one point at a time
 * without announcing a grid gets a guessed batch: the bandwidth asked for, every bandwidth
 * fitted so far in this run (by any fold), and the whole default grid when the bandwidth asked
 * for is its first value. Results never depend on the batch, only speed does.
 */
final class KdeEstimator implements CalibrationEstimator {
    /** Beyond this many distinct bandwidths, past ones stop joining batches. */
    private static final int MAX_REMEMBERED = 64;
    private static final double[] DEFAULTS = Bandwidths.defaults();

    private final KdeKernel kernel;
    private final int dimension;
    private final Parallelism parallelism;
    private final Set<Double> seen = new ConcurrentSkipListSet<>();
    private final NormaliserCache normalisers;
    private final ScalarNormalisers scalarNormalisers;
    private final FoldShares shares = new FoldShares();
    private final ScalarRegression.WorkSpaces workSpaces = new ScalarRegression.WorkSpaces();

    KdeEstimator(KdeKernel kernel, int dimension, Parallelism parallelism) {
        this.kernel = kernel;
        this.dimension = dimension;
        this.parallelism = parallelism;
        this.normalisers = new NormaliserCache(kernel);
        this.scalarNormalisers = new ScalarNormalisers(kernel);
    }

    @Override
    public KdeTraining prepare(TrainingFold fold) {
        TrainingFold.Partition partition = fold.partition();
        KdeTraining.Sharing sharing = partition == null || partition.test() == null ? null
                : new KdeTraining.Sharing(fold.id().fold(), fold.data(), partition);
        return prepare(fold.data(), fold.id().component(), bandwidths(fold.planned()), sharing,
                partition == null ? null : partition.test());
    }

    /**
     * @param points announced points
     * @return their bandwidths, or null when none are announced
     */
    static double[] bandwidths(List<Hyperparameters> points) {
        if (points.isEmpty()) {
            return null;
        }
        double[] out = new double[points.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = Bandwidths.check(points.get(i).value(Bandwidths.NAME));
        }
        return out;
    }

    /**
     * @param sharing where the test split's shares come from, or null; unused by scalar windows
     * @param test    the test split, or null; used by scalar windows alone
     */
    private KdeTraining prepare(CalibrationSet training, int component, double[] planned, KdeTraining.Sharing sharing,
                                Points test) {
        if (training.dimension() != dimension) {
            throw InvalidSettingException.of("kde training point dimension", training.dimension(),
                    "must be " + dimension + " for this notion");
        }
        if (training.size() < 1) {
            throw InvalidSettingException.of("kde training set size", training.size(), "must be at least 1");
        }
        TrainingSet set = TrainingSet.of(training, kernel);
        return new KdeTraining(this, kernel, dimension, component, set, planned, set.sortedScalar() ? null : sharing,
                test);
    }

    /**
     * Per fold: the training points and their statistics, their constants per bandwidth (for
     * scalar points also the run's table of them, 16 bytes per distinct point and bandwidth), and
     * for each of the evaluation and test points the features of every bandwidth of the batch
     * (held until the pipeline asks for them) plus their batch of fitted values while computing
     * (with sorted scalar centres, the evaluation and test points in one regression).
     * Without scalar windows also the training points and targets themselves, and the folds'
     * shares of the test split's sums ({@link FoldShares}): up to k per component and bandwidth,
     * counted here as two per fold's task.
     */
    @Override
    public MemoryNeed memoryNeed(int trainingSize, int querySize, int dimension) {
        long statistics = kernel.width(dimension);
        long grid = Math.max(DEFAULTS.length, seen.size());
        boolean windows = kernel.windowed(dimension);
        long table = windows ? 2 * grid : 0;
        long kept = windows ? 0 : 2L * dimension;
        long shares = windows ? 0 : 2 * grid * (dimension + 2L);
        long training = trainingSize * (4L * dimension + 2 * statistics + grid + table + kept + 4);
        long queries = querySize * (3 * grid * dimension + 2L * dimension + statistics + 2 + shares);
        return new MemoryNeed(8 * (training + queries), "");
    }

    /**
     * The {@link KdeCost} model's thread-seconds of every fold and component, spread over the
     * threads (a fold's bandwidths and query blocks are parallel work too), with how the kernel
     * is summed.
     */
    @Override
    public Optional<TimeNeed> timeNeed(Workload workload) {
        double seconds = KdeCost.foldSeconds(kernel, workload.dimension(), workload.trainingSize(),
                workload.querySize(), workload.folds(), workload.gridPoints())
                * workload.folds() * workload.components() / workload.threads();
        String how = kernel.windowed(dimension) ? "through windows of its sorted centres"
                : kernel.exponential() ? "through its " + kernel.width(dimension) + " statistics per point"
                : "pair by pair";
        return Optional.of(new TimeNeed(seconds, false, String.format(Locale.ROOT,
                "training folds of %d points; the %s kernel %s", workload.trainingSize(), kernel.name(), how)));
    }

    NormaliserCache normalisers() {
        return normalisers;
    }

    ScalarNormalisers scalarNormalisers() {
        return scalarNormalisers;
    }

    FoldShares shares() {
        return shares;
    }

    ScalarRegression.WorkSpaces workSpaces() {
        return workSpaces;
    }

    Parallelism parallelism() {
        return parallelism;
    }

    void remember(double bandwidth) {
        if (seen.size() < MAX_REMEMBERED) {
            seen.add(bandwidth);
        }
    }

    /**
     * @param bandwidth the bandwidth asked for
     * @param computed  bandwidths already computed for the same points
     * @param planned   the bandwidths of the fold's announced round, or null
     * @return the batch, ascending; it contains {@code bandwidth}
     */
    double[] batch(double bandwidth, Set<Double> computed, double[] planned) {
        TreeSet<Double> batch = new TreeSet<>();
        if (planned != null) {
            for (double b : planned) {
                batch.add(b);
            }
        } else {
            batch.addAll(seen);
        }
        if (planned == null && bandwidth == DEFAULTS[0]) {
            for (double b : DEFAULTS) {
                batch.add(b);
            }
        }
        batch.removeAll(computed);
        batch.add(bandwidth);
        return batch.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
