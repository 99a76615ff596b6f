package io.calibrisk.testsupport;

import org.junit.jupiter.api.Assumptions;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The shared data sets that sit beside a checkout of calibrisk ({@code ../shared/data}), found
 * from any working directory: the folder named by the system property {@value #PROPERTY} when
 * it exists, otherwise {@code shared/data} in the nearest directory above the working directory
 * that has one (so {@code cd cli && mvn test} finds {@code ../../shared/data}).
 *
 * <p>A test that needs a data set asks {@link #dataset}: where the data are absent it is skipped
 * with a message, unless the system property {@value #REQUIRED} is {@code true}, as CI sets it,
 * in which case it fails. So no CI run can pass without running the tests on real data.
 */
public final class SharedData {
    /** The system property naming the shared data folder; the build sets it. */
    public static final String PROPERTY = "calibrisk.shared.data";
    /** The system property that turns a missing data set from a skip into a failure. */
    public static final String REQUIRED = "calibrisk.shared.data.required";

    private SharedData() {
    }

    /**
     * @param name  a data set's folder, e.g. {@code cifar10-vgg16}
     * @param files the files the test reads, e.g. {@code probs.npy}
     * @return the data set's folder, holding every file
     * @throws org.opentest4j.TestAbortedException if it is absent and not required
     * @throws AssertionError                      if it is absent and required
     */
    public static Path dataset(String name, String... files) {
        List<Path> searched = new ArrayList<>();
        for (Path folder : candidates()) {
            Path dataset = folder.resolve(name);
            searched.add(dataset);
            if (holds(dataset, files)) {
                return dataset;
            }
        }
        String message = "the shared data set " + name + " is absent (looked in " + searched + "); it sits "
                + "beside the checkout, in ../shared/data, or where the system property " + PROPERTY
                + " says (mvn -Dcalibrisk.data=DIR)";
        if (Boolean.getBoolean(REQUIRED)) {
            throw new AssertionError(message + ", and " + REQUIRED
                    + "=true (mvn -Dcalibrisk.data.required=true) requires it");
        }
        return Assumptions.abort("skipped: " + message);
    }

    /** @return the folders that may hold the shared data, most specific first */
    static List<Path> candidates() {
        List<Path> out = new ArrayList<>();
        String property = System.getProperty(PROPERTY);
        if (property != null && !property.isBlank()) {
            out.add(Path.of(property).toAbsolutePath().normalize());
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path shared = dir.resolve("shared").resolve("data");
            if (Files.isDirectory(shared) && !out.contains(shared)) {
                out.add(shared);
                break;
            }
        }
        return out;
    }

    private static boolean holds(Path dataset, String... files) {
        if (!Files.isDirectory(dataset)) {
            return false;
        }
        for (String file : files) {
            if (!Files.isRegularFile(dataset.resolve(file))) {
                return false;
            }
        }
        return true;
    }
}
