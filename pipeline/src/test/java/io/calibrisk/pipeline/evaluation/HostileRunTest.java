package io.calibrisk.pipeline.evaluation;

import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.pipeline.Calibrisk;
import io.calibrisk.pipeline.TestData;
import io.calibrisk.pipeline.data.Labels;
import io.calibrisk.pipeline.data.Predictions;
import io.calibrisk.pipeline.report.CalibrationReport;
import io.calibrisk.pipeline.report.EstimatorResult;
import io.calibrisk.testsupport.Generators;
import io.calibrisk.testsupport.HostilePlugins;
import io.calibrisk.testsupport.HostilePlugins.Hook;
import io.calibrisk.testsupport.toy.ToyPlugin;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Estimators that throw what no estimator should (a StackOverflowError, an Error of their own,
 * a checked exception thrown sneakily), in every method a run calls, or never return: each is
 * reported as failed in words, the others complete with the values they have alone, and the
 * report is written.
 */
class HostileRunTest {
    private static final Generators.Dataset DATA = Generators.dataset(200, 3, Generators.RowStyle.SPREAD, 4);
    private static final Predictions PREDICTIONS = TestData.predictions(DATA.samples());
    private static final Labels LABELS = TestData.labels(DATA.samples());

    @TempDir
    Path folder;

    private URLClassLoader loader(Map<String, Map<Hook, String>> plugins) throws IOException {
        List<URL> urls = new ArrayList<>();
        for (Map.Entry<String, Map<Hook, String>> p : plugins.entrySet()) {
            urls.add(HostilePlugins.jar(folder, p.getKey() + ".jar", p.getKey(), p.getValue()).toUri().toURL());
        }
        return new URLClassLoader(urls.toArray(new URL[0]), HostileRunTest.class.getClassLoader());
    }

    /** toy-bins alone: what it must still report when run beside hostile estimators. */
    private static EstimatorResult alone(int threads) {
        return Calibrisk.builder().plugin(new ToyPlugin()).estimators("toy-bins").threads(threads).build()
                .evaluate(PREDICTIONS, LABELS).estimator("toy-bins").orElseThrow();
    }

    private static void assertSameResult(EstimatorResult expected, EstimatorResult actual) {
        assertFalse(actual.failed(), actual.failure());
        assertEquals(expected.grid().size(), actual.grid().size());
        for (int i = 0; i < expected.grid().size(); i++) {
            assertEquals(expected.grid().get(i).risk(), actual.grid().get(i).risk(), 0);
            assertEquals(expected.grid().get(i).estimateSquared(), actual.grid().get(i).estimateSquared(), 0);
        }
    }

    @Test
    void everyThrowableOfAnEstimatorIsContainedAndTheOthersComplete() throws IOException {
        try (URLClassLoader loader = loader(Map.of(
                "fit-overflow", Map.of(Hook.VALUE, "c > 0 ? deep(0) : c"),
                "prepare-error", Map.of(Hook.MEMBERS, "static final class Broken extends Error {\n"
                        + "    Broken(String m) { super(m); } }", Hook.PREPARE, "throw new Broken(\"\\u001b[31mno\\u0007\");"),
                "create-overflow", Map.of(Hook.CREATE, "deep(0);"),
                "memory-sneaky", Map.of(Hook.MEMBERS, "static MemoryNeed need() { throw sneaky(new Exception(\"no idea\")); }",
                        Hook.MEMORY, "need()"),
                "fit-sneaky", Map.of(Hook.VALUE, "c > 0 ? (double) sneaky(new java.io.IOException(\"disk gone\")).hashCode() : c")))) {
            for (int threads : new int[] {1, 3}) {
                CalibrationReport report = Calibrisk.builder().classLoader(loader).plugin(new ToyPlugin())
                        .estimators("fit-overflow", "prepare-error", "toy-bins", "create-overflow", "memory-sneaky",
                                "fit-sneaky")
                        .threads(threads).build().evaluate(PREDICTIONS, LABELS);
                assertEquals("fold 0, point c=0.001: ran out of stack (too deep a recursion)",
                        report.estimator("fit-overflow").orElseThrow().failure());
                assertEquals("fold 0, preparation: \\x1b[31mno\\x07",
                        report.estimator("prepare-error").orElseThrow().failure());
                assertEquals("could not be created: ran out of stack (too deep a recursion)",
                        report.estimator("create-overflow").orElseThrow().failure());
                assertEquals("could not be created: no idea", report.estimator("memory-sneaky").orElseThrow().failure());
                assertEquals("fold 0, point c=0.001: disk gone", report.estimator("fit-sneaky").orElseThrow().failure());
                assertSameResult(alone(threads), report.estimator("toy-bins").orElseThrow());
                assertEquals("toy-bins", report.recommended());
            }
        }
    }

    /** A search strategy is plugin code too: its Error fails each estimator in words, and the run still reports. */
    @Test
    void aStrategyThatThrowsAnErrorFailsTheEstimatorsNotTheRun() {
        io.calibrisk.api.search.SearchStrategy broken = new io.calibrisk.api.search.SearchStrategy() {
            @Override
            public String name() {
                return "broken";
            }

            @Override
            public String description() {
                return "throws";
            }

            @Override
            public void search(io.calibrisk.api.search.SearchSpace space, io.calibrisk.api.search.RiskEvaluator e) {
                throw new StackOverflowError();
            }
        };
        CalibrationReport report = Calibrisk.builder().plugin(new ToyPlugin())
                .plugin(io.calibrisk.pipeline.TestPlugins.of("broken-search", broken)).search("broken").build()
                .evaluate(PREDICTIONS, LABELS);
        for (EstimatorResult e : report.estimators()) {
            assertEquals("search strategy broken: ran out of stack (too deep a recursion)", e.failure());
        }
    }

    /**
     * A fit that never returns and ignores interruption: stopped at the limit, reported in words,
     * the estimators after it run on a fresh pool with every thread, and the run ends.
     */
    @Test
    void anEstimatorOverItsTimeLimitIsStoppedAndTheOthersRun() throws IOException {
        try (URLClassLoader loader = loader(Map.of(
                "stuck-fit", Map.of(Hook.VALUE, "c > 0 ? hung(\"run-fit\").length() : c"),
                "stuck-create", Map.of(Hook.CREATE, "hang(\"run-create\");")))) {
            for (int threads : new int[] {1, 2}) {
                List<String> events = Collections.synchronizedList(new ArrayList<>());
                Progress progress = new Progress() {
                    @Override
                    public void update(Event event) {
                        events.add("step " + event.estimator());
                    }

                    @Override
                    public void started(String estimator, int estimatorIndex, int estimators) {
                        events.add("started " + estimator);
                    }
                };
                CalibrationReport report = Calibrisk.builder().classLoader(loader).plugin(new ToyPlugin())
                        .estimators("stuck-fit", "stuck-create", "toy-bins").threads(threads)
                        .estimatorTimeout(Duration.ofSeconds(1)).build().evaluate(PREDICTIONS, LABELS, progress);
                assertEquals("stopped after 1 s (the time limit per estimator, --estimator-timeout)",
                        report.estimator("stuck-fit").orElseThrow().failure());
                assertEquals("stopped after 1 s while being created (the time limit per estimator, "
                        + "--estimator-timeout)", report.estimator("stuck-create").orElseThrow().failure());
                assertSameResult(alone(threads), report.estimator("toy-bins").orElseThrow());
                List<String> seen = List.copyOf(events);
                assertEquals("started stuck-fit", seen.get(0), "the stuck estimator is named before any step");
                int toy = seen.indexOf("started toy-bins");
                assertTrue(toy > 0 && seen.subList(toy + 1, seen.size()).stream().allMatch("step toy-bins"::equals), seen
                        .toString());
                assertFalse(seen.contains("started stuck-create"), "a failed creation starts no search");
            }
        } finally {
            System.setProperty("calibrisk.hostile.run-fit", "true");
            System.setProperty("calibrisk.hostile.run-create", "true");
        }
    }

    @Test
    void theMemoryRefusalNamesEveryEstimatorThatDoesNotFitWithOneAdvice() throws IOException {
        try (URLClassLoader loader = loader(Map.of(
                "hungry-a", Map.of(Hook.MEMORY, "new MemoryNeed(1L << 50, \"--set hungry-a.mode=lean\")"),
                "hungry-b", Map.of(Hook.MEMORY, "new MemoryNeed(1L << 51, \"--set hungry-b.mode=lean\")"),
                "modest", Map.of()))) {
            String m = assertThrows(InvalidSettingException.class, () -> Calibrisk.builder().classLoader(loader)
                    .estimators("hungry-a", "modest", "hungry-b").threads(2).build().evaluate(PREDICTIONS, LABELS))
                    .getMessage();
            assertTrue(m.startsWith("estimators hungry-a (about 2048 TiB) and hungry-b (about 4096 TiB) need more "
                    + "memory than the JVM can use (about "), m);
            assertTrue(m.contains(" for 128 training samples (2 fold(s) at once); for all of them, use --set "
                    + "hungry-a.mode=lean and --set hungry-b.mode=lean, or give the JVM more memory (JAVA_OPTS=-Xmx"), m);
            assertFalse(m.contains("modest"), m);
        }
    }

    @Test
    void theThreadsAndTheTimeLimitHaveStatedBounds() {
        assertEquals("threads = 1025: must lie in [1, 1024]", assertThrows(InvalidSettingException.class,
                () -> Calibrisk.builder().threads(1025).build()).getMessage());
        Calibrisk.builder().plugin(new ToyPlugin()).estimators("toy-bins").threads(EvaluationSettings.MAX_THREADS)
                .build();
        assertThrows(InvalidSettingException.class, () -> Calibrisk.builder().estimatorTimeout(Duration.ZERO).build());
    }
}
