package io.calibrisk.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.data.Notion;
import io.calibrisk.pipeline.data.Split;
import io.calibrisk.pipeline.io.InputFiles;
import io.calibrisk.pipeline.io.LabelledPredictions;
import io.calibrisk.pipeline.io.Scores;
import io.calibrisk.testsupport.ReferenceBinning;
import io.calibrisk.testsupport.ReferenceRisk;
import io.calibrisk.testsupport.Samples;
import io.calibrisk.testsupport.SharedData;
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

    @Test
    void binningOnCifarAgreesWithTheReferenceAtEveryGridPointAndFold() throws IOException {
        Path data = SharedData.dataset("cifar10-vgg16", "probs.npy", "labels.npy");
        Path probs = data.resolve("probs.npy");
        Path labels = data.resolve("labels.npy");
        LabelledPredictions input = InputFiles.readNpy(probs, labels, Scores.PROBABILITIES);
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
        JsonNode binsGrid = CliTest.json(result.out()).at("/estimators/1/grid");
        JsonNode fifteen = CliTest.json(result.out()).at("/estimators/0/grid/0/folds");

        // The reference mapping of test-support, not the pipeline's, turns samples into points.
        CalibrationSet all = new Samples(input.predictions().classes(), input.predictions().points().toArray(),
                input.labels().toArray()).component(Notion.TOP_LABEL);
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
                JsonNode fold = binsGrid.at("/" + g + "/folds/" + f);
                assertClose(risk, fold.get("risk").doubleValue(), 1e-9, "bins=" + bins + " fold " + f + " risk");
                assertClose(estimate, fold.get("estimateSquared").doubleValue(), 1e-9,
                        "bins=" + bins + " fold " + f + " estimate");
                if (bins == 15) {
                    assertClose(risk, fifteen.at("/" + f + "/risk").doubleValue(), 1e-9, "bins-15 fold " + f + " risk");
                }
            }
        }
    }
}
