package io.calibrisk.pipeline.io;

import io.calibrisk.api.InvalidInputException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * The models of a comparison ({@code calibrisk compare}), found in files and folders: an
 * {@code .npz} archive (probs or logits, and labels), a {@code .csv} file, a folder holding
 * {@code probs.npy} (or {@code logits.npy}) and {@code labels.npy}, an {@code .npy} file of
 * probabilities with shared labels, or a folder of any of these (its entries in file-name
 * order). A model is named after its file (without the extension) or its folder. A pipe named on
 * the command line ({@code <(…)}) is read once by {@link InputFiles#read(Path, Scores)} and named
 * by its path.
 */
public final class ModelFiles {

    /**
     * A model to evaluate: nothing is read until {@code reader} is asked.
     *
     * @param name   its name (a column of the comparison)
     * @param source where it came from
     * @param reader reads and checks its predictions and labels
     */
    public record Model(String name, String source, Supplier<LabelledPredictions> reader) {
    }

    private ModelFiles() {
    }

    /**
     * @param paths  prediction files or folders, as named by the user
     * @param labels labels shared by every {@code .npy} file of probabilities, or null
     * @param logits whether the {@code .npy} and {@code .csv} inputs hold logits
     * @return the models they hold, in order
     * @throws InvalidInputException if a path does not exist, is not a model, is an {@code .npy}
     *     file without labels, or names no model at all, or if two models have one name
     * @throws IOException           if a folder cannot be listed
     */
    public static List<Model> find(List<Path> paths, Path labels, boolean logits) throws IOException {
        List<Model> models = new ArrayList<>();
        for (Path path : paths) {
            find(path, labels, logits, models);
        }
        return checked(paths, models);
    }

    /**
     * @param path   a prediction file or folder, as named by the user
     * @param labels labels shared by every {@code .npy} file of probabilities, or null
     * @param logits whether the {@code .npy} and {@code .csv} inputs hold logits
     * @param models where the models it holds are added
     * @throws InvalidInputException if the path does not exist, is not a model, or is an
     *     {@code .npy} file without labels
     * @throws IOException           if a folder cannot be listed
     */
    public static void find(Path path, Path labels, boolean logits, List<Model> models) throws IOException {
        resolve(path, true, labels, logits, models);
    }

    /**
     * @param paths  the paths the models were found in
     * @param models the models found
     * @return the models, each with a name of its own
     * @throws InvalidInputException if there are none, or two have one name
     */
    public static List<Model> checked(List<Path> paths, List<Model> models) {
        if (models.isEmpty()) {
            throw new InvalidInputException(paths + ": no predictions found (.npz, .csv, probs.npy with labels.npy, "
                    + "or .npy with --labels)");
        }
        Set<String> names = new HashSet<>();
        for (Model m : models) {
            if (!names.add(m.name())) {
                throw new InvalidInputException(m.source() + ": a second model named '" + m.name()
                        + "'; rename one of the files or folders");
            }
        }
        return List.copyOf(models);
    }

    /**
     * @param path a path named by the user
     * @return whether it is an existing {@code .npy} file, which needs shared labels
     */
    public static boolean isNpyFile(Path path) {
        return !Files.isDirectory(path) && Files.exists(path)
                && path.toString().toLowerCase(Locale.ROOT).endsWith(".npy");
    }

    private static void resolve(Path path, boolean named, Path labels, boolean logits, List<Model> models)
            throws IOException {
        String file = path.getFileName() == null ? path.toString() : path.getFileName().toString();
        String lower = file.toLowerCase(Locale.ROOT);
        if (Files.isDirectory(path)) {
            Path probs = Files.exists(path.resolve("probs.npy")) ? path.resolve("probs.npy") : path.resolve("logits.npy");
            Path folderLabels = path.resolve("labels.npy");
            if (Files.exists(probs) && Files.exists(folderLabels)) {
                Scores scores = Scores.of(probs.getFileName().toString().equals("logits.npy") || logits);
                models.add(new Model(file, path.toString(), () -> InputFiles.readNpy(probs, folderLabels, scores)));
                return;
            }
            if (!named) {
                return;
            }
            List<Path> entries;
            try (Stream<Path> list = Files.list(path)) {
                entries = list.sorted().toList();
            }
            for (Path entry : entries) {
                resolve(entry, false, labels, logits, models);
            }
            return;
        }
        if (!Files.exists(path)) {
            throw new InvalidInputException(path + ": no such file or folder");
        }
        if (InputFile.isStream(path)) {
            // a pipe (<(…)) named on the command line is read once, an .npz archive or CSV by its
            // first bytes, and named by its path; one met in a folder is left alone, as reading it
            // could wait for ever
            if (named) {
                models.add(new Model(path.toString(), path.toString(), () -> InputFiles.read(path, Scores.of(logits))));
            }
            return;
        }
        if (lower.endsWith(".npz") || lower.endsWith(".csv")) {
            models.add(new Model(stem(file), path.toString(), () -> InputFiles.read(path, Scores.of(logits))));
        } else if (lower.endsWith(".npy")) {
            if (labels != null && path.toAbsolutePath().equals(labels.toAbsolutePath())) {
                return;
            }
            if (labels == null) {
                if (named) {
                    throw new InvalidInputException(path + ": an .npy file of probabilities needs --labels FILE.npy");
                }
                return;
            }
            models.add(new Model(stem(file), path.toString(), () -> InputFiles.readNpy(path, labels, Scores.of(logits))));
        } else if (named) {
            throw new InvalidInputException(path + ": not a model (expected .npz, .csv, .npy or a folder)");
        }
    }

    private static String stem(String file) {
        int dot = file.lastIndexOf('.');
        return dot > 0 ? file.substring(0, dot) : file;
    }
}
