package io.calibrisk.cli;

import io.calibrisk.api.data.Notion;
import io.calibrisk.pipeline.io.Npy;
import io.calibrisk.pipeline.Calibrisk;
import io.calibrisk.testsupport.Generators;
import io.calibrisk.testsupport.Seeds;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.quicktheories.generators.SourceDSL.integers;

/**
 * The same input and seed give byte-identical JSON reports (without timings) across runs and
 * across 1, 2 and 8 threads, for every notion and every estimator that serves it.
 */
class DeterminismTest {

    /** Canonical runs need a plugin that serves it (the kernel estimators do). */
    private static final boolean CANONICAL_SERVED = Calibrisk.discover(DeterminismTest.class.getClassLoader())
            .estimators().values().stream().anyMatch(e -> e.provider().notions().contains(Notion.CANONICAL));

    @TempDir
    Path folder;

    /** Hash orders are salted per JVM: two processes must still write the same bytes. */
    @Test
    void reportsAreByteIdenticalAcrossProcesses() throws IOException, InterruptedException {
        String[] args = {"evaluate", "--example", "--format", "json", "--no-timings", "--quiet"};
        Jvm.Result first = Jvm.run(folder, "512m", args);
        Jvm.Result second = Jvm.run(folder, "512m", args);
        assertEquals(0, first.status(), first.err());
        assertEquals(first.out(), second.out());
        String[] canonical = {"evaluate", "--example", "--notion", "class-wise", "--format", "csv", "--no-timings", "--quiet",
            "--threads", "1"};
        assertEquals(Jvm.run(folder, "512m", canonical).out(), Jvm.run(folder, "512m", canonical).out());
    }

    @Test
    void reportsAreByteIdenticalAcrossRunsAndThreadCounts() {
        Seeds.qt(4).forAll(Generators.datasets(60, 160, 2, 5), integers().between(0, 2)).checkAssert((data, notion) -> {
            try {
                Path probs = folder.resolve("p" + data.seed() + ".npy");
                Path labels = folder.resolve("y" + data.seed() + ".npy");
                int n = data.samples().size();
                try (OutputStream out = Files.newOutputStream(probs)) {
                    Npy.writeDoubles(out, data.samples().probabilities(), n, data.samples().classes());
                }
                long[] y = java.util.Arrays.stream(data.samples().labels()).asLongStream().toArray();
                try (OutputStream out = Files.newOutputStream(labels)) {
                    Npy.writeLongs(out, y, n);
                }
                String name = List.of("top-label", "class-wise", CANONICAL_SERVED ? "canonical" : "top-label").get(notion);
                String first = null;
                for (String threads : List.of("1", "2", "8", "2")) {
                    CliTest.Result result = CliTest.run("evaluate", "--probs", probs.toString(), "--labels",
                            labels.toString(), "--notion", name, "--threads", threads, "--format", "json",
                            "--no-timings", "--seed", Long.toString(data.seed() & 7));
                    assertEquals(0, result.status(), data + ": " + result.err());
                    if (first == null) {
                        first = result.out();
                    } else {
                        assertEquals(first, result.out(), data + ", " + name + ", threads " + threads);
                    }
                }
            } catch (IOException e) {
                throw new AssertionError(e);
            }
        });
    }
}
