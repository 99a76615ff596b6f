package io.calibrisk.cli.estimators;

import io.calibrisk.api.data.Notion;
import io.calibrisk.pipeline.Calibrisk;
import io.calibrisk.pipeline.data.Split;
import io.calibrisk.pipeline.report.EstimatorResult;
import io.calibrisk.pipeline.report.FoldResult;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static io.calibrisk.testsupport.Assertions.assertClose;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * kde on real predictions (VGG-16 on the CIFAR-10 test set, from the shared data folder), through
 * the pipeline, with its default kernels taken through the kernel SPI, and a fixed split: sample
 * i < 0.8n is in fold i mod 5, the rest is the test split. Every grid point's fold risks and test estimates are compared with an independent
 * NumPy/SciPy float64 evaluation of docs/method.md's formulas (log k = log(x)·(α − 1)ᵀ − log B(α),
 * scipy's gammaln and logsumexp, dense matrices, the U-statistic from the n'×n' pair matrix),
 * whose results are in {@code cifar10-vgg16-kde-*.csv} next to this class. Skipped when the data
 * folder is absent.
 */
class KdeCifarTest {
    /** Both sides are float64; they differ by rounding in log weights of size up to 1e6 (b = 1e−5). */
    private static final double TOLERANCE = 1e-9;

    @Test
    void firstTwoThousandSamplesMatchTheNumpyReference() throws IOException {
        compare(2000, "cifar10-vgg16-kde-2000.csv");
    }

    @Test
    @Tag("slow")
    void allTenThousandSamplesMatchTheNumpyReference() throws IOException {
        compare(10000, "cifar10-vgg16-kde-10000.csv");
    }

    private static void compare(int n, String resource) throws IOException {
        SharedData.Run data = SharedData.cifar(n);
        int[] assignment = new int[n];
        for (int i = 0; i < n; i++) {
            assignment[i] = i < (int) (0.8 * n) ? i % 5 : Split.TEST;
        }
        List<String[]> expected = reference(resource);
        for (Notion notion : List.of(Notion.TOP_LABEL, Notion.CANONICAL)) {
            EstimatorResult result = Calibrisk.builder().notion(notion).estimators("kde")
                    .split(Split.of(assignment, "i mod 5")).build().evaluate(data.predictions(), data.labels())
                    .estimator("kde").orElseThrow();
            assertFalse(result.failed(), () -> String.valueOf(result.failure()));
            int compared = 0;
            for (String[] row : expected) {
                if (!row[0].equals(notion.id())) {
                    continue;
                }
                int at = Integer.parseInt(row[1]);
                int fold = Integer.parseInt(row[2]);
                FoldResult actual = result.grid().get(at).folds().get(fold);
                String where = notion + ", bandwidth " + result.grid().get(at).hyperparameters() + ", fold " + fold;
                assertClose(Double.parseDouble(row[3]), actual.risk(), TOLERANCE, where + ": risk");
                assertClose(Double.parseDouble(row[4]), actual.estimateSquared(), TOLERANCE, where + ": estimate");
                assertEquals(0.0, actual.diagnostics().get("evaluation.fallbacks"), where);
                compared++;
            }
            assertEquals(100, compared, "20 bandwidths × 5 folds of " + notion);
        }
    }

    private static List<String[]> reference(String resource) throws IOException {
        List<String[]> rows = new ArrayList<>();
        try (InputStream in = KdeCifarTest.class.getResourceAsStream(resource)) {
            assertNotNull(in, resource);
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                if (!line.isBlank() && !line.startsWith("#")) {
                    rows.add(line.split(","));
                }
            }
        }
        return rows;
    }
}
