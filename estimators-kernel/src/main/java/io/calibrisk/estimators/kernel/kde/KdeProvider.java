package io.calibrisk.estimators.kernel.kde;

import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.estimator.CalibrationEstimator;
import io.calibrisk.api.estimator.EstimatorContext;
import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.api.kernel.DensityKernel;
import io.calibrisk.api.search.SearchSpace;
import io.calibrisk.api.setting.Setting;
import io.calibrisk.api.setting.ValueType;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * {@code kde}: the kernel density ratio estimator of the squared calibration error
 * (Popordanoska, Sayer and Blaschko, NeurIPS 2022; in the risk framework of Gruber and Bach,
 * TMLR 2025), for top-label, class-wise and canonical calibration.
 *
 * <p>Formula. On a training fold (z_j, t_j), j = 1..n, the Nadaraya–Watson regression
 * <pre>  t̂(z) = Σ_j k(z_j; z) t_j / Σ_j k(z_j; z)</pre>
 * over all n training points with the density kernel of the setting {@code kernel}, any
 * discovered {@link DensityKernel} whose domain holds the notion's points: by default
 * {@code beta}, Beta(z; z_j/b + 1, (1 − z_j)/b + 1), for the scalar notions and
 * {@code dirichlet}, Dir(z; z_j/b + 1), for canonical; then {@code c(z) = z − t̂(z)} and
 * {@code h(z, z') = ⟨c(z), c(z')⟩} (bilinear form φ = c, M = I). Kernels are evaluated in log
 * space with log-sum-exp; a coordinate of exactly 0 or 1 follows 0·log 0 = 0; a query with no
 * kernel mass takes the training mean of t and is counted in the features' {@code fallbacks}.
 * The bandwidth b is tuned over logspace(−5, −1, 15) ∪ {0.2, 0.4, 0.6, 0.8, 1.0}.
 *
 * <p>Cost per training fold of size n, query sets of total size n' and g bandwidths. Scalar
 * notions with {@code beta} (or any kernel whose exponential form has u(c) = (c, 1 − c)): the
 * log weights are concave in the centre, so each query sums only the window of sorted centres
 * within e^−40/n of its largest weight, and where windows are wide, clusters of queries are
 * summed through Taylor expansions of {@code e^{c τ}} carried down a butterfly (see
 * {@code ScalarRegression}): O((n + n')·log n) per bandwidth on calibration data (at worst
 * O(n·n')), results within about 1e−13 relative of the full sum plus rounding, memory
 * O(n + n') per bandwidth. Other kernels with an exponential form of q statistics (q = d for
 * dirichlet): O(n'·n·q) for the bandwidth-free product of the queries' and the centres'
 * statistics, shared by the whole grid, plus O(n'·n·g) for the log weights and exponentials;
 * memory O((n + n')·(m + q) + g·n'·m) plus O(block²) per thread. Both need O(n·g) log
 * normalisers, computed once per distinct point and bandwidth in a run (2 or d + 1 evaluations of
 * lnΓ each). A kernel without an exponential form costs n'·n·g evaluations of its log density.
 */
public final class KdeProvider implements EstimatorProvider {
    /** The setting naming the density kernel. */
    static final String KERNEL = "kernel";

    @Override
    public String name() {
        return "kde";
    }

    @Override
    public String description() {
        return "kernel density ratio (Nadaraya-Watson) with a density kernel plugin (beta for top-label/class-wise, "
                + "dirichlet for canonical), bandwidth tuned over 20 values (Popordanoska et al. 2022; Gruber & Bach 2025)";
    }

    @Override
    public Set<Notion> notions() {
        return EnumSet.allOf(Notion.class);
    }

    @Override
    public SearchSpace defaultSearchSpace(Notion notion) {
        return SearchSpace.of(Bandwidths.axis());
    }

    /** One setting, {@code kernel}: a density kernel plugin, beta for the scalar notions and dirichlet for canonical. */
    @Override
    public List<Setting> settings(Notion notion) {
        return List.of(new Setting(KERNEL, ValueType.densityKernel(), notion == Notion.CANONICAL ? "dirichlet" : "beta",
                "density kernel plugin k(c; x), e.g. beta (top-label, class-wise) or dirichlet (canonical)"));
    }

    /**
     * @throws InvalidSettingException if the kernel's domain does not hold the notion's points
     *     (calibrisk refuses such a kernel before; this guards direct callers)
     */
    @Override
    public CalibrationEstimator create(EstimatorContext context) {
        Notion notion = context.notion();
        DensityKernel kernel = context.settings().densityKernel(KERNEL);
        if (!kernel.domain().serves(notion)) {
            throw InvalidSettingException.of(name() + "." + KERNEL, kernel.name(), "is a kernel on the "
                    + kernel.domain().id() + ", which does not hold the points of " + notion + " calibration");
        }
        return new KdeEstimator(KdeKernel.of(kernel), context.dimension(), context.parallelism());
    }
}
