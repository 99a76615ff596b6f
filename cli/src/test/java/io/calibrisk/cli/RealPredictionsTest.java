package io.calibrisk.cli;

import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.data.Notion;
import io.calibrisk.pipeline.data.Split;
import io.calibrisk.pipeline.io.InputFiles;
import io.calibrisk.testsupport.JsonReader;
import io.calibrisk.testsupport.ReferenceBinning;
import io.calibrisk.testsupport.ReferenceRisk;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static io.calibrisk.testsupport.Assertions.assertClose;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The CLI on real predictions (VGG-16 on CIFAR-10, from ../shared/data) with a split file,
 * against slow references of binning and of the risk: every grid point, every fold, 1e−9.
 */
class RealPredictionsTest {

    @TempDir
    Path folder;

    static Path sharedData() {
        return Path.of(System.getProperty("calibrisk.shared.data", "../../shared/data"));
    }

    @Test
    void binningOnCifarAgreesWithTheReferenceAtEveryGridPointAndFold() throws IOException {
        Path data = sharedData().resolve("cifar10-vgg16");
        Assumptions.assumeTrue(Files.isRegularFile(data.resolve("probs.npy")),
                "skipped: " + data + " is absent (the shared data sit beside the project, not in it)");
        Path probs = data.resolve("probs.npy");
        Path labels = data.resolve("labels.npy");
        InputFiles.Data input = InputFiles.readNpy(probs, labels, false);
        int n = input.predictions().size();
        Split split = Split.shuffled(n, 5, 0.2, 12345);
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < n; i++) {
            text.append(split.foldOf(i)).append('\n');
        }
        Path splitFile = Files.writeString(folder.resolve("split.txt"), text);
        double[] grid = {5, 15, 40};
        CliTest.Result result = CliTest.run("evaluate", "--probs", probs.toString(), "--labels", labels.toString(),
                "--split-file", splitFile.toString(), "--estimators", "bins-15,bins", "--grid", "bins.bins=5,15,40",
                "--format", "json");
        assertEquals(0, result.status(), result.err());
        Object json = JsonReader.parse(result.out());

        CalibrationSet all = Notion.TOP_LABEL.components(input.predictions(), input.labels()).get(0);
        double[] testZ = all.select(split.testIndices()).points().toArray();
        for (int g = 0; g < grid.length; g++) {
            int bins = (int) grid[g];
            for (int f = 0; f < 5; f++) {
                CalibrationSet train = all.select(split.trainingIndices(f));
                CalibrationSet eval = all.select(split.foldIndices(f));
                double[] gaps = ReferenceBinning.gaps(train.points().toArray(), train.targets().toArray(), bins);
                double risk = ReferenceRisk.risk(ReferenceRisk.column(eval.points().toArray()),
                        ReferenceRisk.column(eval.targets().toArray()),
                        (a, b) -> gaps[ReferenceBinning.bin(a[0], bins)] * gaps[ReferenceBinning.bin(b[0], bins)]);
                double estimate = 0;
                for (double z : testZ) {
                    double gap = gaps[ReferenceBinning.bin(z, bins)];
                    estimate += gap * gap / testZ.length;
                }
                assertClose(risk, (Double) JsonReader.at(json, "estimators", 1, "grid", g, "folds", f, "risk"), 1e-9,
                        "bins=" + bins + " fold " + f + " risk");
                assertClose(estimate, (Double) JsonReader.at(json, "estimators", 1, "grid", g, "folds", f, "estimateSquared"),
                        1e-9, "bins=" + bins + " fold " + f + " estimate");
                if (bins == 15) {
                    assertClose(risk, (Double) JsonReader.at(json, "estimators", 0, "grid", 0, "folds", f, "risk"), 1e-9,
                            "bins-15 fold " + f + " risk");
                }
            }
        }
    }
}
