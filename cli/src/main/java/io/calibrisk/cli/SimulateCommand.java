package io.calibrisk.cli;

import io.calibrisk.pipeline.io.OutputFiles;
import io.calibrisk.pipeline.simulation.DirichletSimulation;
import io.calibrisk.pipeline.simulation.SimulatedData;
import io.calibrisk.pipeline.io.Npy;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code calibrisk simulate}: writes the paper's simulation data to {@code .npy} files. */
@Command(name = "simulate", mixinStandardHelpOptions = true,
        description = {"Write simulated predictions with a known calibration error to .npy files (Gruber & Bach 2025, "
                + "section 5.1).",
            "The true probabilities are P ~ Dirichlet(alpha), the labels y ~ Categorical(P), and the predictions "
                + "softmax(temperature * log P).",
            "Writes probs.npy (float64, n x d), labels.npy (int64) and true-probs.npy (float64, the true P)."})
final class SimulateCommand implements Callable<Integer> {

    @Option(names = {"-n", "--samples"}, paramLabel = "N", description = "Number of samples (default: ${DEFAULT-VALUE}).")
    int samples = DirichletSimulation.PAPER_SAMPLES;

    @Option(names = "--classes", paramLabel = "D", description = "Number of classes (default: ${DEFAULT-VALUE}).")
    int classes = DirichletSimulation.PAPER_CLASSES;

    @Option(names = "--alpha", paramLabel = "ALPHA", description = "Dirichlet concentration (default: ${DEFAULT-VALUE}).")
    double alpha = DirichletSimulation.PAPER_ALPHA;

    @Option(names = "--temperature", paramLabel = "T", description = "Temperature applied to log P (default: ${DEFAULT-VALUE}).")
    double temperature = DirichletSimulation.PAPER_TEMPERATURE;

    @Option(names = "--seed", paramLabel = "SEED", description = "Seed of the random numbers (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = {"-o", "--output-dir"}, paramLabel = "DIR", description = "Folder to write to, created if needed (default: the current folder).")
    Path folder = Path.of(".");

    @Option(names = "--force", description = "Overwrite existing files.")
    boolean force;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        Path probs = folder.resolve("probs.npy");
        Path labels = folder.resolve("labels.npy");
        Path truth = folder.resolve("true-probs.npy");
        for (Path p : new Path[] {probs, labels, truth}) {
            OutputFiles.check(p, force);
        }
        SimulatedData data = new DirichletSimulation(samples, classes, alpha, temperature, seed).generate();
        int n = data.predictions().size();
        int d = data.predictions().classes();
        long[] y = new long[n];
        for (int i = 0; i < n; i++) {
            y[i] = data.labels().get(i);
        }
        write(probs, out -> Npy.writeDoubles(out, data.predictions().points().toArray(), n, d));
        write(labels, out -> Npy.writeLongs(out, y, n));
        write(truth, out -> Npy.writeDoubles(out, data.trueProbabilities().toArray(), n, d));
        spec.commandLine().getOut().printf("wrote %s, %s and %s (n = %d, d = %d, alpha = %s, temperature = %s, seed = %d)%n",
                probs, labels, truth, n, d, alpha, temperature, seed);
        return 0;
    }

    private void write(Path file, OutputFiles.Content content) throws IOException {
        OutputFiles.written(file, () -> OutputFiles.write(file, force, content));
    }
}
