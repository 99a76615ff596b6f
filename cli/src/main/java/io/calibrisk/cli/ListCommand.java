package io.calibrisk.cli;

import io.calibrisk.api.data.Notion;
import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.api.kernel.DensityKernel;
import io.calibrisk.api.kernel.PositiveDefiniteKernel;
import io.calibrisk.api.search.SearchStrategy;
import io.calibrisk.api.setting.Setting;
import io.calibrisk.pipeline.Calibrisk;
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

/** {@code calibrisk list}: every discovered plugin, estimator, kernel and search strategy, with its jar. */
@Command(name = "list", mixinStandardHelpOptions = true,
        description = "List every discovered plugin (name, version, jar), estimator (with its notions, default search "
                + "spaces and settings with their types and domains), kernel and search strategy, with the jar each "
                + "came from.")
final class ListCommand implements Callable<Integer> {

    @ParentCommand
    CalibriskCommand root;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        Plugins plugins = Calibrisk.discover(PluginPath.loader(root.pluginFolders));
        PrintWriter out = spec.commandLine().getOut();
        out.println("Plugins (" + plugins.plugins().size() + "):");
        for (PluginInfo plugin : plugins.plugins().stream().sorted(Comparator.comparing(PluginInfo::name)).toList()) {
            out.println("  " + plugin.name() + " " + plugin.version() + " (SPI " + plugin.spiVersion() + ")");
            out.println("      from: " + plugin.source());
        }
        out.println("Estimators (" + plugins.estimators().size() + "):");
        for (Discovered<EstimatorProvider> found : plugins.estimators().values()) {
            EstimatorProvider p = found.provider();
            out.println("  " + found.name() + " - " + p.description());
            out.println("      notions: " + p.notions().stream().map(Notion::id).toList());
            for (Notion notion : Notion.values()) {
                if (p.notions().contains(notion)) {
                    out.println("      search space (" + notion.id() + "): " + p.defaultSearchSpace(notion));
                }
            }
            for (Notion notion : Notion.values()) {
                if (p.notions().contains(notion)) {
                    for (Setting s : p.settings(notion)) {
                        out.println("      setting (" + notion.id() + ") " + s.name() + " = " + s.defaultValue() + " ("
                                + s.type().describe() + "): " + s.description());
                    }
                }
            }
            out.println("      from: " + found.source());
        }
        out.println("Density kernels (" + plugins.densityKernels().size() + "):");
        for (Discovered<DensityKernel> found : plugins.densityKernels().values()) {
            DensityKernel k = found.provider();
            out.println("  " + found.name() + " - " + k.description());
            out.println("      domain: " + k.domain().id());
            out.println("      from: " + found.source());
        }
        out.println("Positive-definite kernels (" + plugins.positiveDefiniteKernels().size() + "):");
        for (Discovered<PositiveDefiniteKernel> found : plugins.positiveDefiniteKernels().values()) {
            PositiveDefiniteKernel k = found.provider();
            out.println("  " + found.name() + " - " + k.description());
            out.println("      parameter: " + k.parameterName() + " (" + k.parameterDomain().describe() + "); domain: "
                    + k.domain().id());
            out.println("      from: " + found.source());
        }
        out.println("Search strategies (" + plugins.strategies().size() + "):");
        for (Discovered<SearchStrategy> found : plugins.strategies().values()) {
            out.println("  " + found.name() + " - " + found.provider().description());
            out.println("      from: " + found.source());
        }
        if (!plugins.skipped().isEmpty()) {
            out.println("Skipped (" + plugins.skipped().size() + "):");
            plugins.skipped().forEach(s -> out.println("  " + s));
        }
        out.flush();
        return 0;
    }
}
