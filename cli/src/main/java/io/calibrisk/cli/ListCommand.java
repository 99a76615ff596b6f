package io.calibrisk.cli;

import io.calibrisk.api.data.Notion;
import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.api.estimator.Setting;
import io.calibrisk.api.kernel.Kernel;
import io.calibrisk.pipeline.Calibrisk;
import io.calibrisk.pipeline.discovery.Discovered;
import io.calibrisk.pipeline.discovery.Plugins;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintWriter;
import java.util.concurrent.Callable;

/** {@code calibrisk list}: every discovered estimator, kernel and search space, with its jar. */
@Command(name = "list", mixinStandardHelpOptions = true,
        description = "List every discovered estimator (with its notions, default search spaces and settings) "
                + "and kernel, with the jar each came from.")
final class ListCommand implements Callable<Integer> {

    @ParentCommand
    CalibriskCommand root;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        Plugins plugins = Calibrisk.discover(PluginPath.loader(root.pluginFolders));
        PrintWriter out = spec.commandLine().getOut();
        out.println("Estimators (" + plugins.estimators().size() + "):");
        for (Discovered<EstimatorProvider> found : plugins.estimators().values()) {
            EstimatorProvider p = found.plugin();
            out.println("  " + found.name() + " - " + p.description());
            out.println("      notions: " + p.notions().stream().map(Notion::id).toList());
            for (Notion notion : Notion.values()) {
                if (p.notions().contains(notion)) {
                    out.println("      search space (" + notion.id() + "): " + p.defaultSearchSpace(notion));
                }
            }
            for (Setting s : p.settings()) {
                out.println("      setting " + s.name() + " = " + s.defaultValue() + ": " + s.description());
            }
            out.println("      from: " + found.source());
        }
        out.println("Kernels (" + plugins.kernels().size() + "):");
        for (Discovered<Kernel> found : plugins.kernels().values()) {
            Kernel k = found.plugin();
            out.println("  " + found.name() + " - " + k.description());
            out.println("      parameter: " + k.parameterName() + "; domain: "
                    + k.domain().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ')
                    + (k.positiveDefinite() ? "; positive definite" : ""));
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
