package io.calibrisk.estimators.kernel.kde;

import io.calibrisk.api.EstimationException;
import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.data.Points;
import io.calibrisk.api.estimator.FeatureMatrix;
import io.calibrisk.api.estimator.Parallelism;
import io.calibrisk.api.estimator.PreparedTraining;
import io.calibrisk.api.estimator.TrainingFold;
import io.calibrisk.api.search.Hyperparameters;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.DoubleFunction;

/**
 * One training fold prepared for {@code kde}: the fold arranged in blocks ({@link TrainingSet}),
 * the exponential form's log normalising constants per bandwidth (computed once, shared by every
 * query set), and the features computed ahead for the bandwidths of the batch
 * ({@link FeatureCache}); with sorted scalar centres, the test split's too, from the regression of
 * the first other query set asked for. Safe for concurrent use; a caller that asks for the test
 * split while another thread asks for the first other set may get the test split's features from
 * a regression of its own, equal to the other's up to rounding.
 */
final class KdeTraining implements PreparedTraining {
    private static final Logger LOG = LoggerFactory.getLogger(KdeTraining.class);
    /** The key of the fallback count in a {@link FeatureMatrix}. */
    static final String FALLBACKS = "fallbacks";

    private final KdeEstimator estimator;
    private final KdeKernel kernel;
    private final int dimension;
    /** The notion's component (the class, for class-wise): points of different components rarely repeat. */
    private final int component;
    private final TrainingSet training;
    private final Map<Double, double[]> logNormalisers = new HashMap<>();
    private final ScalarNormalisers.Lookup lookup = new ScalarNormalisers.Lookup();
    private final FeatureCache cache = new FeatureCache();
    /** The bandwidths of the round the pipeline announced last for this fold, or null. */
    private volatile double[] planned;
    /** What the test split's sums are combined from, when they are shared ({@link #fromShares}); else null. */
    private final Sharing sharing;
    /**
     * The test split, whose features a fold of sorted scalar centres computes in one regression
     * with the first other query set it is asked for (its evaluation fold); null if there is none.
     */
    private final Points test;

    /**
     * The fold's place in its run's partition, for combining the test split's sums from the
     * other folds' shares ({@link FoldShares}).
     *
     * @param heldOut   the fold this one holds out
     * @param data      this fold's training data, in the partition's order
     * @param partition which fold each training point comes from, and the test split
     */
    record Sharing(int heldOut, CalibrationSet data, TrainingFold.Partition partition) {
    }

    KdeTraining(KdeEstimator estimator, KdeKernel kernel, int dimension, int component, TrainingSet training,
                double[] planned, Sharing sharing, Points test) {
        this.estimator = estimator;
        this.kernel = kernel;
        this.dimension = dimension;
        this.component = component;
        this.training = training;
        this.planned = planned;
        this.sharing = sharing;
        this.test = training.sortedScalar() ? test : null;
    }

    /** The next round's bandwidths are computed together, in one batch, when the first of them is asked for. */
    @Override
    public void plan(List<Hyperparameters> points) {
        double[] round = KdeEstimator.bandwidths(points);
        if (round != null) {
            planned = round;
        }
    }

    /**
     * @throws InvalidSettingException if the bandwidth is not positive and finite, or the kernel
     *     refuses it (asked once here, so that the refusal comes from the fit, not later from
     *     the features)
     */
    @Override
    public KdeFunction fit(Hyperparameters hyperparameters) {
        double bandwidth = Bandwidths.check(hyperparameters.value(Bandwidths.NAME));
        double[] centre = new double[dimension];
        training.copyCentre(0, centre);
        if (kernel.exponential()) {
            estimator.normalisers().logNormaliser(centre, bandwidth);
        } else {
            kernel.logDensity(centre, centre.clone(), bandwidth);
        }
        estimator.remember(bandwidth);
        return new KdeFunction(this, bandwidth);
    }

    int dimension() {
        return dimension;
    }

    /**
     * @param points    query points x
     * @param bandwidth the bandwidth b
     * @return {@code c(x) = x − t̂(x)} for every query, n' × m, with the fallback count
     */
    FeatureMatrix features(Points points, double bandwidth) {
        checkDimension(points);
        FeatureMatrix ready = cache.take(points, bandwidth);
        if (ready != null) {
            return ready;
        }
        double[] batch = estimator.batch(bandwidth, cache.computed(points), planned);
        Map<Double, FeatureMatrix> all;
        if (withTest(points, batch)) {
            List<Map<Double, FeatureMatrix>> both = compute(List.of(points, test), batch, estimator.parallelism());
            cache.offerAhead(test, both.get(1));
            all = both.get(0);
        } else {
            all = compute(List.of(points), batch, estimator.parallelism()).get(0);
        }
        FeatureMatrix mine = all.remove(bandwidth);
        cache.offer(points, all, bandwidth);
        return mine;
    }

    /**
     * Whether the test split joins the regression for these points: with sorted scalar centres,
     * each cluster of queries pays for its centres' moments once, however many queries it
     * holds, so the evaluation fold and the test split summed together cost little more than
     * either alone (class-wise CIFAR-10: 270 000 moment updates per fold and class for both
     * sets, against 245 000 and 270 000 for each alone). Only when none of the batch was
     * computed for the test split yet, so that each of its features comes from one regression.
     * The pipeline asks a fold for its evaluation fold and then for the test split, grid point
     * after grid point, so the test split's features are always those of the regression with
     * the evaluation fold; they differ from a regression over the test split alone only in
     * rounding (the clusters differ), about 1e−13 relative.
     */
    private boolean withTest(Points points, double[] batch) {
        if (test == null || points.size() < 2 || points.equals(test)) {
            return false;
        }
        Set<Double> done = cache.computed(test);
        for (double b : batch) {
            if (done.contains(b)) {
                return false;
            }
        }
        return true;
    }

    /**
     * @param z         one point of dimension m
     * @param bandwidth the bandwidth b
     * @return {@code c(z) = z − t̂(z)}, by the same evaluation as {@link #features}
     */
    double[] residual(double[] z, double bandwidth) {
        if (z.length != dimension) {
            throw InvalidSettingException.of("kde point dimension", z.length, "must be " + dimension);
        }
        Points one = Points.of(1, dimension, z);
        return compute(List.of(one), new double[] {bandwidth}, Parallelism.sequential()).get(0).get(bandwidth).values();
    }

    /**
     * The features of one or more query sets at every bandwidth, from one regression over all
     * their points.
     *
     * @return per query set, in order, bandwidth → features
     */
    private List<Map<Double, FeatureMatrix>> compute(List<Points> sets, double[] bandwidths, Parallelism parallelism) {
        long start = System.nanoTime();
        Points points = sets.size() == 1 ? sets.get(0) : joined(sets);
        QueryPoints queries = QueryPoints.of(points, kernel);
        ScalarRegression.Work work = new ScalarRegression.Work();
        // sharing is null for scalar windows: the shares replace the whole fold's sums, constants included
        boolean shared = sharing != null && points.equals(sharing.partition().test());
        double[][] norms = shared ? null : logNormalisers(bandwidths, b -> logNormalisers(b, parallelism));
        NadarayaWatson.Fit fit = shared ? fromShares(points, queries, bandwidths)
                : training.sortedScalar()
                ? ScalarRegression.regress(training, queries, bandwidths, norms, NadarayaWatson.cutoff(training.size()),
                        parallelism, work, estimator.workSpaces())
                : NadarayaWatson.regress(training, queries, kernel, bandwidths, norms, parallelism);
        double[] z = points.toArray();
        int[] groupOf = queries.groupOf();
        List<Map<Double, FeatureMatrix>> out = new ArrayList<>(sets.size());
        int row = 0;
        for (Points set : sets) {
            Map<Double, FeatureMatrix> features = new LinkedHashMap<>();
            for (int b = 0; b < bandwidths.length; b++) {
                long fallbacks = sets.size() == 1 ? fit.fallbacks()[b]
                        : fallbacks(fit.fellBack()[b], groupOf, row, set.size());
                features.put(bandwidths[b], new FeatureMatrix(set.size(), dimension,
                        residuals(z, fit.fitted()[b], groupOf, row, set.size(), bandwidths[b]),
                        Map.of(FALLBACKS, fallbacks)));
            }
            out.add(features);
            row += set.size();
        }
        if (LOG.isDebugEnabled() && points.size() > 1) {
            LOG.debug("kde ({} kernel, {}): {} queries ({} distinct) × {} training points ({} distinct) × {} "
                    + "bandwidths in {} ms{}", kernel.name(), training.sortedScalar() ? "sorted windows"
                    : kernel.exponential() ? "exponential form" : "pairwise",
                    points.size(), queries.size(), training.size(), training.centres(), bandwidths.length,
                    (System.nanoTime() - start) / 1_000_000, training.sortedScalar() ? ": " + work
                            : shared ? ", from the folds' shares" : "");
        }
        return out;
    }

    /**
     * The regression at the test split from the shares of the folds this fold trains on, each
     * computed once per run ({@link FoldShares}): per query and bandwidth, the shares' sums
     * rescaled to their common maximum and added in the order of the folds, then the ratio. A
     * query without kernel mass in any fold takes the fold's mean target, as in
     * {@link NadarayaWatson#regress}. Each share leaves out weights below e^−40/(k·n_g) of its
     * own largest, so all left out together weigh less than e^−40 of the largest weight, as
     * there. The ratio differs from the one summed over the whole fold only in rounding.
     */
    private NadarayaWatson.Fit fromShares(Points points, QueryPoints queries, double[] bandwidths) {
        int folds = sharing.partition().folds();
        int[] foldOf = sharing.partition().foldOf();
        // each training fold claims the shares from the fold after its own on, so that folds
        // prepared at once compute different shares rather than wait for the same one
        List<CalibrationSet> parts = new ArrayList<>();
        List<Integer> partFolds = new ArrayList<>();
        for (int step = 1; step < folds; step++) {
            int fold = (sharing.heldOut() + step) % folds;
            int[] rows = rowsOf(foldOf, fold);
            if (rows.length > 0) {
                parts.add(sharing.data().select(rows));
                partFolds.add(fold);
            }
        }
        FoldShares.Share[][] computed = estimator.shares().shares(parts, points, bandwidths, folds - 1,
                (part, batch) -> share(part, queries, batch, folds));
        FoldShares.Share[][] shares = new FoldShares.Share[folds][];
        for (int p = 0; p < parts.size(); p++) {
            shares[partFolds.get(p)] = computed[p];
        }
        return NadarayaWatson.ratio(combine(shares, bandwidths.length, queries.size()), training.meanTarget(), queries);
    }

    /** One fold's share, on the calling thread alone (see {@link FoldShares#shares}). */
    private NadarayaWatson.Sums share(CalibrationSet part, QueryPoints queries, double[] bandwidths, int folds) {
        Parallelism parallelism = Parallelism.sequential();
        TrainingSet centres = TrainingSet.of(part, kernel);
        double[][] norms = logNormalisers(bandwidths,
                b -> centres.logNormalisers(b, estimator.normalisers(), parallelism));
        return NadarayaWatson.sums(centres, queries, kernel, bandwidths, norms,
                NadarayaWatson.cutoff(folds * part.size()), parallelism);
    }

    /**
     * @return per bandwidth and query, the shares' sums rescaled to their common maximum and
     *     added in the order of the folds; a denominator of 0 where no fold has kernel mass
     */
    private NadarayaWatson.Sums combine(FoldShares.Share[][] shares, int g, int n) {
        int m = dimension;
        double[][] max = new double[g][n];
        double[][] denominator = new double[g][n];
        double[][] numerators = new double[g][n * m];
        for (int b = 0; b < g; b++) {
            double[] out = numerators[b];
            for (int i = 0; i < n; i++) {
                double top = Double.NEGATIVE_INFINITY;
                for (FoldShares.Share[] fold : shares) {
                    if (fold != null) {
                        top = Math.max(top, fold[b].max()[i]);
                    }
                }
                max[b][i] = top;
                double den = 0;
                int offset = i * m;
                for (FoldShares.Share[] fold : shares) {
                    if (fold == null || fold[b].max()[i] == Double.NEGATIVE_INFINITY) {
                        continue;
                    }
                    double scale = Math.exp(fold[b].max()[i] - top);
                    den += scale * fold[b].denominator()[i];
                    double[] num = fold[b].numerators();
                    for (int c = 0; c < m; c++) {
                        out[offset + c] += scale * num[offset + c];
                    }
                }
                denominator[b][i] = den;
            }
        }
        return new NadarayaWatson.Sums(max, denominator, numerators);
    }

    /**
     * @param bandwidths   the bandwidths
     * @param ofBandwidth  the constants A(z_j, b) of every centre at one bandwidth
     * @return per bandwidth, the constants; null without an exponential form
     */
    private double[][] logNormalisers(double[] bandwidths, DoubleFunction<double[]> ofBandwidth) {
        if (!kernel.exponential()) {
            return null;
        }
        double[][] out = new double[bandwidths.length][];
        for (int b = 0; b < bandwidths.length; b++) {
            out[b] = ofBandwidth.apply(bandwidths[b]);
        }
        return out;
    }

    private static int[] rowsOf(int[] foldOf, int fold) {
        int count = 0;
        for (int f : foldOf) {
            count += f == fold ? 1 : 0;
        }
        int[] rows = new int[count];
        int at = 0;
        for (int i = 0; i < foldOf.length; i++) {
            if (foldOf[i] == fold) {
                rows[at++] = i;
            }
        }
        return rows;
    }

    /**
     * @return {@code z − t̂} for every query; a method of its own, so that the compiler compiles
     *     this loop alone rather than the whole of {@link #compute} again for it
     */
    private double[] residuals(double[] z, double[] fitted, int[] groupOf, int first, int count, double bandwidth) {
        double[] phi = new double[count * dimension];
        for (int i = 0; i < count; i++) {
            int from = groupOf[first + i] * dimension;
            for (int c = 0; c < dimension; c++) {
                int a = i * dimension + c;
                phi[a] = z[first * dimension + a] - fitted[from + c];
                if (!Double.isFinite(phi[a])) {
                    throw new EstimationException("kde: feature " + phi[a] + " at query " + i
                            + ", bandwidth " + bandwidth + " is not finite");
                }
            }
        }
        return phi;
    }

    /** @return how many of the queries [first, first + count) had no kernel mass */
    private static long fallbacks(boolean[] fellBack, int[] groupOf, int first, int count) {
        long fallbacks = 0;
        for (int i = first; i < first + count; i++) {
            fallbacks += fellBack[groupOf[i]] ? 1 : 0;
        }
        return fallbacks;
    }

    /** @return the sets' points one after the other */
    private Points joined(List<Points> sets) {
        int size = 0;
        for (Points set : sets) {
            size += set.size();
        }
        double[] values = new double[size * dimension];
        int at = 0;
        for (Points set : sets) {
            double[] part = set.toArray();
            System.arraycopy(part, 0, values, at, part.length);
            at += part.length;
        }
        return Points.of(size, dimension, values);
    }

    private double[] logNormalisers(double bandwidth, Parallelism parallelism) {
        if (training.sortedScalar()) {
            // not kept here as well: the run's table keeps them, the evaluation fold and the test
            // split ask for a bandwidth once, together, and a later request finds them there
            // through the fold's places (a comparison of keys), where a copy per fold would hold
            // 8 bytes per centre and bandwidth for as long as the search
            return estimator.scalarNormalisers().logNormalisers(component, training.scalarCentres(), bandwidth,
                    parallelism, lookup);
        }
        synchronized (logNormalisers) {
            double[] known = logNormalisers.get(bandwidth);
            if (known != null) {
                return known;
            }
        }
        // computed outside the lock: a concurrent duplicate is identical and merely wasted
        double[] computed = training.logNormalisers(bandwidth, estimator.normalisers(), parallelism);
        synchronized (logNormalisers) {
            double[] known = logNormalisers.putIfAbsent(bandwidth, computed);
            return known == null ? computed : known;
        }
    }

    private void checkDimension(Points points) {
        if (points.dimension() != dimension) {
            throw InvalidSettingException.of("kde query dimension", points.dimension(),
                    "must be " + dimension + ", the dimension of the training points");
        }
    }
}
