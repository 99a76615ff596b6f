package io.calibrisk.pipeline.io;

import io.calibrisk.api.InvalidInputException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The models of a comparison, found in the files and folders a user names. */
class ModelFilesTest {

    @TempDir
    Path root;

    /** models/: a.csv, c.npy (probabilities), labels.npy (shared), net/ (probs.npy, labels.npy), notes.txt. */
    private Path models;

    private static void npy(Path file, double[] probabilities, long[] labels) throws IOException {
        try (OutputStream out = Files.newOutputStream(file)) {
            if (probabilities != null) {
                Npy.writeDoubles(out, probabilities, probabilities.length / 2, 2);
            } else {
                Npy.writeLongs(out, labels, labels.length);
            }
        }
    }

    @BeforeEach
    void files() throws IOException {
        models = Files.createDirectories(root.resolve("models"));
        Files.writeString(models.resolve("a.csv"), "0.7,0.3,0\n0.2,0.8,1\n0.6,0.4,0\n");
        npy(models.resolve("c.npy"), new double[] {0.9, 0.1, 0.4, 0.6, 0.5, 0.5, 0.3, 0.7}, null);
        npy(models.resolve("labels.npy"), null, new long[] {0, 1, 1, 1});
        Path net = Files.createDirectories(models.resolve("net"));
        npy(net.resolve("probs.npy"), new double[] {0.9, 0.1, 0.4, 0.6}, null);
        npy(net.resolve("labels.npy"), null, new long[] {0, 0});
        Files.writeString(models.resolve("notes.txt"), "not a model");
    }

    private static List<String> names(List<ModelFiles.Model> found) {
        return found.stream().map(ModelFiles.Model::name).toList();
    }

    @Test
    void aFolderOfModelsIsTakenInFileNameOrderAndTheSharedLabelsAreNoModel() throws IOException {
        List<ModelFiles.Model> found = ModelFiles.find(List.of(models), models.resolve("labels.npy"), false);
        assertEquals(List.of("a", "c", "net"), names(found));
        assertEquals(List.of(3, 4, 2), found.stream().map(m -> m.reader().get().predictions().size()).toList());
        assertEquals(models.resolve("net").toString(), found.get(2).source());
    }

    @Test
    void withoutSharedLabelsAnNpyFileInAFolderIsPassedOverButANamedOneIsRefused() throws IOException {
        assertEquals(List.of("a", "net"), names(ModelFiles.find(List.of(models), null, false)));
        Path npy = models.resolve("c.npy");
        assertTrue(ModelFiles.isNpyFile(npy));
        assertFalse(ModelFiles.isNpyFile(models.resolve("net")));
        assertFalse(ModelFiles.isNpyFile(models.resolve("missing.npy")));
        assertEquals(npy + ": an .npy file of probabilities needs --labels FILE.npy", assertThrows(
                InvalidInputException.class, () -> ModelFiles.find(List.of(npy), null, false)).getMessage());
    }

    @Test
    void twoModelsOfOneNameAreRefused() throws IOException {
        Path other = Files.createDirectories(root.resolve("other"));
        Files.copy(models.resolve("a.csv"), other.resolve("a.csv"));
        assertEquals(other.resolve("a.csv") + ": a second model named 'a'; rename one of the files or folders",
                assertThrows(InvalidInputException.class, () -> ModelFiles.find(List.of(models.resolve("a.csv"),
                        other.resolve("a.csv")), null, false)).getMessage());
    }

    @Test
    void whatIsNoModelIsNamed() throws IOException {
        Path empty = Files.createDirectories(root.resolve("empty"));
        assertEquals("[" + empty + "]: no predictions found (.npz, .csv, probs.npy with labels.npy, or .npy with "
                + "--labels)", assertThrows(InvalidInputException.class,
                        () -> ModelFiles.find(List.of(empty), null, false)).getMessage());
        Path missing = root.resolve("missing.csv");
        assertEquals(missing + ": no such file or folder", assertThrows(InvalidInputException.class,
                () -> ModelFiles.find(List.of(missing), null, false)).getMessage());
        Path notes = models.resolve("notes.txt");
        assertEquals(notes + ": not a model (expected .npz, .csv, .npy or a folder)", assertThrows(
                InvalidInputException.class, () -> ModelFiles.find(List.of(notes), null, false)).getMessage());
    }

    /**
     * {@code compare <(zcat a.csv.gz) other.npz}: a pipe named on the command line is a model,
     * named by its path; one in a folder is passed over unopened (opening it could wait for ever).
     */
    @Test
    @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aNamedPipeIsAModelAndOneInAFolderIsNot() throws Exception {
        Path pipe = NpyFiles.pipe(root, "63", Files.readAllBytes(models.resolve("a.csv")));
        List<ModelFiles.Model> found = ModelFiles.find(List.of(pipe, models.resolve("net")), null, false);
        assertEquals(List.of(pipe.toString(), "net"), names(found));
        assertEquals(3, found.get(0).reader().get().predictions().size());
        NpyFiles.pipe(models, "unread", new byte[0]);
        assertEquals(List.of("a", "c", "net"), names(ModelFiles.find(List.of(models), models.resolve("labels.npy"),
                false)));
    }
}
