package io.calibrisk.estimators.kernel.kde;

import io.calibrisk.api.data.Notion;
import io.calibrisk.api.estimator.CalibrationEstimator;
import io.calibrisk.api.estimator.EstimatorContext;
import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.api.search.Axis;
import io.calibrisk.api.search.SearchSpace;
import io.calibrisk.api.setting.ValueType;

import java.util.EnumSet;
import java.util.Set;

/**
 * {@code kde}: the kernel density ratio estimator of the squared calibration error
 * (Popordanoska, Sayer and Blaschko, NeurIPS 2022; in the risk framework of Gruber and Bach,
 * TMLR 2025), for top-label, class-wise and canonical calibration.
 *
 * <p>Formula. On a training fold (z_j, t_j), j = 1..n, the Nadaraya–Watson regression
 * <pre>  t̂(z) = Σ_j k(z_j; z) t_j / Σ_j k(z_j; z)</pre>
 * over all n training points, with the {@code beta} kernel Beta(z; z_j/b + 1, (1 − z_j)/b + 1)
 * for the scalar notions and the {@code dirichlet} kernel Dir(z; z_j/b + 1) for canonical; then
 * {@code c(z) = z − t̂(z)} and {@code h(z, z') = ⟨c(z), c(z')⟩} (bilinear form φ = c, M = I).
 * Kernels are evaluated in log space with log-sum-exp and Hipparchus's lnΓ; a coordinate of
 * exactly 0 or 1 follows 0·log 0 = 0; a query with no kernel mass takes the training mean of t
 * and is counted in the features' {@code fallbacks}. The bandwidth b is tuned over
 * logspace(−5, −1, 15) ∪ {0.2, 0.4, 0.6, 0.8, 1.0}.
 *
 * <p>Cost per training fold of size n, query sets of total size n', dimension D (D = d for
 * canonical, 2 for the scalar notions) and g bandwidths: O(n'·n·D) for the bandwidth-free
 * product of log query coordinates and training coordinates, shared by the whole grid, plus
 * O(n'·n·g) for the log weights and exponentials and O(n·D·g) lnΓ evaluations; memory
 * O((n + n')·D + g·n'·m) plus O(block²) per thread.
 */
public final class KdeProvider implements EstimatorProvider {

    @Override
    public String name() {
        return "kde";
    }

    @Override
    public String description() {
        return "kernel density ratio (Nadaraya-Watson), Beta kernel for top-label/class-wise, Dirichlet for "
                + "canonical, bandwidth tuned over 20 values (Popordanoska et al. 2022; Gruber & Bach 2025)";
    }

    @Override
    public Set<Notion> notions() {
        return EnumSet.allOf(Notion.class);
    }

    @Override
    public SearchSpace defaultSearchSpace(Notion notion) {
        return SearchSpace.of(Axis.list(Bandwidths.NAME, Bandwidths.defaults()).withDomain(ValueType.positive()).withScale(Axis.Scale.LOG));
    }

    @Override
    public CalibrationEstimator create(EstimatorContext context) {
        Notion notion = context.notion();
        return new KdeEstimator(KernelSpace.of(notion), notion.dimension(context.classes()), context.parallelism());
    }
}
