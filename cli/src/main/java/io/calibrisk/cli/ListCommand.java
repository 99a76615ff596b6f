package io.calibrisk.cli;

import io.calibrisk.api.data.Notion;
import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.api.kernel.DensityKernel;
import io.calibrisk.api.kernel.PositiveDefiniteKernel;
import io.calibrisk.api.search.SearchStrategy;
import io.calibrisk.api.setting.Setting;
import io.calibrisk.pipeline.Failures;
import io.calibrisk.pipeline.Untrusted;
import io.calibrisk.pipeline.discovery.Discovered;
import io.calibrisk.pipeline.discovery.PluginInfo;
import io.calibrisk.pipeline.discovery.Plugins;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintWriter;
import java.util.Comparator;
import java.util.concurrent.Callable;
import java.util.function.Supplier;

/** {@code calibrisk list}: every discovered plugin, estimator, kernel and search strategy, with its jar. */
@Command(name = "list", mixinStandardHelpOptions = true,
        description = {"List every discovered plugin, estimator, kernel and search strategy, with the jar each came "
                + "from.",
            "Plugins show their name and version; estimators their notions, default search spaces, and settings "
                + "with their types and domains."})
final class ListCommand implements Callable<Integer> {
    /** The most characters of a version or a default value shown. */
    private static final int VERSION = 60;
    /** The most characters of a description shown. */
    private static final int DESCRIPTION = 300;

    @ParentCommand
    CalibriskCommand root;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        Plugins plugins = root.pluginPath().plugins();
        PrintWriter out = spec.commandLine().getOut();
        out.println("Plugins (" + plugins.plugins().size() + "):");
        for (PluginInfo plugin : plugins.plugins().stream().sorted(Comparator.comparing(PluginInfo::name)).toList()) {
            out.println("  " + plugin.name() + " " + Untrusted.escape(plugin.version(), VERSION) + " (SPI "
                    + Untrusted.escape(plugin.spiVersion(), VERSION) + ")");
            out.println("      from: " + Untrusted.escape(plugin.source()));
        }
        out.println("Estimators (" + plugins.estimators().size() + "):");
        for (Discovered<EstimatorProvider> found : plugins.estimators().values()) {
            // Discovery asked the provider once and kept the answers, in the notions' declared order.
            EstimatorProvider p = found.provider();
            out.println("  " + found.name() + " - " + Untrusted.escape(found.description(), DESCRIPTION));
            out.println("      notions: " + p.notions().stream().map(Notion::id).toList());
            for (Notion notion : p.notions()) {
                out.println("      search space (" + notion.id() + "): "
                        + Untrusted.escape(p.defaultSearchSpace(notion).toString()));
            }
            for (Notion notion : p.notions()) {
                for (Setting s : p.settings(notion)) {
                    out.println("      setting (" + notion.id() + ") " + s.name() + " = "
                            + Untrusted.escape(s.defaultValue(), VERSION) + " (" + Untrusted.escape(s.type().describe())
                            + "): " + Untrusted.escape(s.description(), DESCRIPTION));
                }
            }
            out.println("      from: " + Untrusted.escape(found.source()));
        }
        out.println("Density kernels (" + plugins.densityKernels().size() + "):");
        for (Discovered<DensityKernel> found : plugins.densityKernels().values()) {
            DensityKernel k = found.provider();
            out.println("  " + found.name() + " - " + Untrusted.escape(found.description(), DESCRIPTION));
            out.println("      domain: " + asked(() -> k.domain().id()));
            out.println("      from: " + Untrusted.escape(found.source()));
        }
        out.println("Positive-definite kernels (" + plugins.positiveDefiniteKernels().size() + "):");
        for (Discovered<PositiveDefiniteKernel> found : plugins.positiveDefiniteKernels().values()) {
            PositiveDefiniteKernel k = found.provider();
            out.println("  " + found.name() + " - " + Untrusted.escape(found.description(), DESCRIPTION));
            out.println("      parameter: " + asked(() -> k.parameterName() + " (" + k.parameterDomain().describe() + ")")
                    + "; domain: " + asked(() -> k.domain().id()));
            out.println("      from: " + Untrusted.escape(found.source()));
        }
        out.println("Search strategies (" + plugins.strategies().size() + "):");
        for (Discovered<SearchStrategy> found : plugins.strategies().values()) {
            out.println("  " + found.name() + " - " + Untrusted.escape(found.description(), DESCRIPTION));
            out.println("      from: " + Untrusted.escape(found.source()));
        }
        if (!plugins.skipped().isEmpty()) {
            out.println("Skipped (" + plugins.skipped().size() + "):");
            plugins.skipped().forEach(s -> out.println("  " + Untrusted.escape(s)));
        }
        out.flush();
        return 0;
    }

    /**
     * Asks a kernel for a detail discovery checked but did not keep: a plugin may still fail
     * the second time, and {@code list} must show the rest.
     */
    private static String asked(Supplier<String> detail) {
        try {
            return Untrusted.escape(detail.get(), DESCRIPTION);
        } catch (Throwable e) {
            return "(failed: " + Failures.describe(e) + ")";
        }
    }
}
