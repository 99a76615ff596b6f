package io.calibrisk.pipeline;

import io.calibrisk.api.CalibriskPlugin;
import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.estimator.CalibrationEstimator;
import io.calibrisk.api.estimator.EstimatorContext;
import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.api.estimator.MemoryNeed;
import io.calibrisk.api.estimator.PreparedTraining;
import io.calibrisk.api.estimator.TimeNeed;
import io.calibrisk.api.estimator.TrainingFold;
import io.calibrisk.api.estimator.Workload;
import io.calibrisk.api.search.Hyperparameters;
import io.calibrisk.api.search.SearchSpace;
import io.calibrisk.api.setting.Setting;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/** An estimator provider that counts how often the pipeline asks it for what. */
public final class CountingProvider implements EstimatorProvider {
    private final EstimatorProvider delegate;
    /** Calls of {@link #settings} and {@link #defaultSearchSpace}. */
    public final AtomicInteger metadata = new AtomicInteger();
    /** Calls of {@link #create}. */
    public final AtomicInteger creations = new AtomicInteger();
    /** Calls of {@link CalibrationEstimator#prepare}. */
    public final AtomicInteger preparations = new AtomicInteger();
    /** Calls of {@link PreparedTraining#plan}, and the points they announced. */
    public final AtomicInteger plans = new AtomicInteger();
    /** Calls of {@link PreparedTraining#fit}. */
    public final AtomicInteger fits = new AtomicInteger();
    /** The workloads {@link CalibrationEstimator#timeNeed} was asked about (with or without a sample), in order. */
    public final List<Workload> workloads = new CopyOnWriteArrayList<>();
    /** The samples {@link CalibrationEstimator#timeNeed(Workload, CalibrationSet)} was given, in order. */
    public final List<CalibrationSet> samples = new CopyOnWriteArrayList<>();

    /** The most preparations that ran at the same moment. */
    public final AtomicInteger mostPreparingAtOnce = new AtomicInteger();
    private final AtomicInteger preparing = new AtomicInteger();

    /** Run before each preparation, in the preparing thread. */
    private final Runnable beforePrepare;
    /** The memory the estimator says it needs, or −1 for the delegate's own. */
    private volatile long memoryBytes = -1;

    /**
     * @param delegate the provider counted
     */
    public CountingProvider(EstimatorProvider delegate) {
        this(delegate, () -> { });
    }

    /**
     * @param delegate      the provider counted
     * @param beforePrepare run before each preparation, in the preparing thread (a test's gate, say)
     */
    public CountingProvider(EstimatorProvider delegate, Runnable beforePrepare) {
        this.delegate = delegate;
        this.beforePrepare = beforePrepare;
    }

    /**
     * @param bytes the memory the estimator is to say it needs per task, in place of its own
     * @return this provider
     */
    public CountingProvider claimingMemory(long bytes) {
        memoryBytes = bytes;
        return this;
    }

    /** @return a plugin contributing this provider only */
    public CalibriskPlugin plugin() {
        return TestPlugins.of("counting", this);
    }

    @Override
    public String name() {
        return delegate.name();
    }

    @Override
    public String description() {
        return delegate.description();
    }

    @Override
    public Set<Notion> notions() {
        return delegate.notions();
    }

    @Override
    public SearchSpace defaultSearchSpace(Notion notion) {
        metadata.incrementAndGet();
        return delegate.defaultSearchSpace(notion);
    }

    @Override
    public List<Setting> settings(Notion notion) {
        metadata.incrementAndGet();
        return delegate.settings(notion);
    }

    @Override
    public CalibrationEstimator create(EstimatorContext context) {
        creations.incrementAndGet();
        CalibrationEstimator estimator = delegate.create(context);
        return new CalibrationEstimator() {
            @Override
            public PreparedTraining prepare(TrainingFold training) {
                preparations.incrementAndGet();
                mostPreparingAtOnce.accumulateAndGet(preparing.incrementAndGet(), Math::max);
                PreparedTraining prepared;
                try {
                    beforePrepare.run();
                    prepared = estimator.prepare(training);
                } finally {
                    preparing.decrementAndGet();
                }
                return new PreparedTraining() {
                    @Override
                    public io.calibrisk.api.estimator.CalibrationFunction fit(Hyperparameters hyperparameters) {
                        fits.incrementAndGet();
                        return prepared.fit(hyperparameters);
                    }

                    @Override
                    public void plan(List<Hyperparameters> points) {
                        plans.incrementAndGet();
                        prepared.plan(points);
                    }
                };
            }

            @Override
            public MemoryNeed memoryNeed(int trainingSize, int querySize, int dimension) {
                long bytes = memoryBytes;
                return bytes >= 0 ? new MemoryNeed(bytes, "") : estimator.memoryNeed(trainingSize, querySize, dimension);
            }

            @Override
            public Optional<TimeNeed> timeNeed(Workload workload) {
                workloads.add(workload);
                return estimator.timeNeed(workload);
            }

            @Override
            public Optional<TimeNeed> timeNeed(Workload workload, CalibrationSet sample) {
                workloads.add(workload);
                samples.add(sample);
                return estimator.timeNeed(workload, sample);
            }
        };
    }
}
