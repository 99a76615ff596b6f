package io.calibrisk.api;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * The SPI is versioned: its public signatures ({@link SpiSignatures}) must equal the list
 * checked in for {@link CalibriskPlugin#SPI_VERSION}, {@code src/test/resources/spi/signatures-VERSION.txt},
 * and a minor version may only add to the list of the version before it.
 *
 * <p>When a signature changes on purpose: bump {@code SPI_VERSION} (the minor number when you
 * only add, the major number otherwise), then write the new list with
 * <pre>  mvn -pl api test -Dtest=SpiSignatureTest -Dcalibrisk.spi.regenerate=true</pre>
 * and commit it beside the older lists. A list, once written, is not rewritten, so that no
 * version stands for two SPIs; only before a version is released may its list be replaced,
 * with {@code -Dcalibrisk.spi.regenerate=overwrite}.
 */
class SpiSignatureTest {
    private static final String REGENERATE = "calibrisk.spi.regenerate";
    private static final String HOW = "If the change is intended: (1) bump SPI_VERSION in "
            + "api/src/main/java/io/calibrisk/api/CalibriskPlugin.java (the minor number if you only added a type, "
            + "a default method or a constant; the major number if you removed or changed a signature); "
            + "(2) write the new list: mvn -pl api test -Dtest=SpiSignatureTest -D" + REGENERATE + "=true; "
            + "(3) commit api/src/test/resources/spi/signatures-<new version>.txt beside the older lists.";

    @Test
    void theSignaturesAreTheListOfThisSpiVersion() throws IOException {
        String version = CalibriskPlugin.SPI_VERSION;
        List<String> actual = SpiSignatures.derive();
        String regenerate = System.getProperty(REGENERATE, "");
        if (regenerate.equals("true") || regenerate.equals("overwrite")) {
            write(version, actual, regenerate.equals("overwrite"));
            return;
        }
        Optional<List<String>> expected = list(version);
        if (expected.isEmpty()) {
            String latest = lists().isEmpty() ? "" : " Against the latest list, " + lists().lastKey() + ":\n"
                    + difference(read(lists().lastEntry().getValue()), actual);
            fail("there is no signature list for SPI version " + version + " (src/test/resources/spi/signatures-"
                    + version + ".txt). Write it: mvn -pl api test -Dtest=SpiSignatureTest -D" + REGENERATE + "=true." + latest);
        }
        if (!expected.get().equals(actual)) {
            fail("the public SPI differs from the signature list of SPI version " + version + ":\n"
                    + difference(expected.get(), actual) + "\n" + HOW);
        }
    }

    /** Within one major version, each list keeps every line of the one before it. */
    @Test
    void aMinorVersionOnlyAdds() throws IOException {
        SpiVersion previous = null;
        List<String> previousLines = null;
        for (var entry : lists().entrySet()) {
            List<String> lines = read(entry.getValue());
            if (previous != null && previous.major() == entry.getKey().major()) {
                List<String> removed = new ArrayList<>(previousLines);
                removed.removeAll(lines);
                if (!removed.isEmpty()) {
                    fail("SPI version " + entry.getKey() + " removes or changes signatures of " + previous
                            + ", which only a new major version may:\n- " + String.join("\n- ", removed));
                }
            }
            previous = entry.getKey();
            previousLines = lines;
        }
    }

    private static void write(String version, List<String> lines, boolean overwrite) throws IOException {
        Path dir = Path.of(System.getProperty("basedir", ".")).resolve("src/test/resources/spi");
        Path file = dir.resolve("signatures-" + version + ".txt");
        if (Files.exists(file) && !overwrite && !read(file).equals(lines)) {
            fail(file + " exists and differs: a released version's list is not rewritten. Bump SPI_VERSION, or, "
                    + "before the version is released, replace the list with -D" + REGENERATE + "=overwrite:\n"
                    + difference(read(file), lines));
        }
        Files.createDirectories(dir);
        Files.write(file, lines, StandardCharsets.UTF_8);
    }

    private static Optional<List<String>> list(String version) throws IOException {
        Path file = lists().get(SpiVersion.parse(version));
        return file == null ? Optional.empty() : Optional.of(read(file));
    }

    /** The checked-in lists on the test class path, by version. */
    private static TreeMap<SpiVersion, Path> lists() throws IOException {
        TreeMap<SpiVersion, Path> out = new TreeMap<>(Comparator.comparingInt(SpiVersion::major)
                .thenComparingInt(SpiVersion::minor));
        URL dir = SpiSignatureTest.class.getResource("/spi");
        if (dir == null) {
            return out;
        }
        try (Stream<Path> files = Files.list(Path.of(dir.toURI()))) {
            for (Path file : files.collect(Collectors.toList())) {
                String name = file.getFileName().toString();
                if (name.startsWith("signatures-") && name.endsWith(".txt")) {
                    out.put(SpiVersion.parse(name.substring("signatures-".length(), name.length() - ".txt".length())), file);
                }
            }
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        return out;
    }

    private static List<String> read(Path file) throws IOException {
        return Files.readAllLines(file, StandardCharsets.UTF_8).stream().filter(l -> !l.isBlank())
                .collect(Collectors.toList());
    }

    private static String difference(List<String> expected, List<String> actual) {
        Set<String> removed = new LinkedHashSet<>(expected);
        removed.removeAll(actual);
        Set<String> added = new LinkedHashSet<>(actual);
        added.removeAll(expected);
        StringBuilder sb = new StringBuilder();
        removed.forEach(l -> sb.append("- ").append(l).append('\n'));
        added.forEach(l -> sb.append("+ ").append(l).append('\n'));
        return sb.toString();
    }
}
