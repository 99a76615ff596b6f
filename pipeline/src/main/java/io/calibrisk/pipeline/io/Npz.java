package io.calibrisk.pipeline.io;

import io.calibrisk.api.InvalidInputException;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;
import java.util.zip.ZipInputStream;

/**
 * Reads NumPy {@code .npz} archives (from {@code np.savez} or {@code np.savez_compressed}): a
 * zip file of {@code .npy} arrays, each named by its entry without the {@code .npy} suffix.
 * Each array is read by {@link Npy}, with the entry's declared size as the bound on its data.
 * Arrays the caller does not ask for are skipped unread: an archive may carry anything else
 * (strings, objects, a large feature matrix) beside the arrays calibrisk uses.
 */
public final class Npz {

    private Npz() {
    }

    /**
     * @param file an {@code .npz} file
     * @return the arrays by name, in archive order
     * @throws InvalidInputException if the file is not a zip archive or an array is malformed
     */
    public static Map<String, NpyArray> read(Path file) {
        return read(file, Set.of(), new ArrayList<>());
    }

    /**
     * @param file   an {@code .npz} file
     * @param wanted the names of the arrays to read; the others are skipped without being
     *               parsed; empty for all
     * @param names  receives the name of every array in the archive, in archive order
     * @return the wanted arrays found, by name, in archive order
     * @throws InvalidInputException if the file is not a zip archive, holds no arrays or two of
     *     one name, or a wanted array is malformed
     */
    public static Map<String, NpyArray> read(Path file, Set<String> wanted, List<String> names) {
        String source = file.toString();
        Map<String, NpyArray> arrays = new LinkedHashMap<>();
        return guarded(source, arrays, names, () -> {
            try (ZipFile zip = new ZipFile(file.toFile())) {
                Enumeration<? extends ZipEntry> entries = zip.entries();
                while (entries.hasMoreElements()) {
                    ZipEntry entry = entries.nextElement();
                    String key = wanted(entry, source, wanted, names);
                    if (key != null) {
                        try (InputStream in = zip.getInputStream(entry)) {
                            add(arrays, key, entry, in, source);
                        }
                    }
                }
            }
        });
    }

    /**
     * Reads an archive from a stream, such as a pipe, entry by entry from the local headers: the
     * same arrays as {@link #read(Path, Set, List)} for an archive {@code np.savez} wrote to a
     * file. An entry's data is bounded by its declared size where the header gives one, and
     * otherwise read as it comes.
     *
     * @param in     the archive's bytes; read to the last entry, not closed
     * @param source the stream's name, for messages
     * @param wanted the names of the arrays to read; the others are skipped; empty for all
     * @param names  receives the name of every array in the archive, in archive order
     * @return the wanted arrays found, by name, in archive order
     * @throws InvalidInputException as {@link #read(Path, Set, List)}
     */
    public static Map<String, NpyArray> read(InputStream in, String source, Set<String> wanted, List<String> names) {
        Map<String, NpyArray> arrays = new LinkedHashMap<>();
        return guarded(source, arrays, names, () -> {
            // not closed: closing it would close the caller's stream
            ZipInputStream zip = new ZipInputStream(in);
            for (ZipEntry entry = zip.getNextEntry(); entry != null; entry = zip.getNextEntry()) {
                String key = wanted(entry, source, wanted, names);
                if (key != null) {
                    add(arrays, key, entry, zip, source);
                }
            }
        });
    }

    /** Reads an archive's entries into a map. */
    @FunctionalInterface
    private interface Reading {
        void run() throws IOException;
    }

    /** Runs the reading, with every failure of the zip format or of I/O as one input error. */
    private static Map<String, NpyArray> guarded(String source, Map<String, NpyArray> arrays, List<String> names,
                                                 Reading reading) {
        try {
            reading.run();
        } catch (ZipException e) {
            throw new InvalidInputException(source + ": not a valid .npz (zip) archive: "
                    + IoMessages.abbreviate(String.valueOf(e.getMessage()), 200));
        } catch (IOException e) {
            throw new InvalidInputException(source + ": cannot read: " + IoMessages.describe(e));
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException(source + ": malformed .npz archive: "
                    + IoMessages.abbreviate(String.valueOf(e.getMessage()), 200));
        }
        if (names.isEmpty()) {
            throw new InvalidInputException(source + ": the archive holds no .npy arrays");
        }
        return arrays;
    }

    /**
     * Records an array entry's name, refusing a second array of one name.
     *
     * @return the array's name if it is asked for and to be read, or null
     */
    private static String wanted(ZipEntry entry, String source, Set<String> wanted, List<String> names) {
        String name = entry.getName();
        if (entry.isDirectory() || !name.endsWith(".npy")) {
            return null;
        }
        String key = name.substring(0, name.length() - 4);
        if (names.contains(key)) {
            throw new InvalidInputException(source + ": holds two arrays named '" + IoMessages.abbreviate(key, 60) + "'");
        }
        names.add(key);
        return wanted.isEmpty() || wanted.contains(key) ? key : null;
    }

    private static void add(Map<String, NpyArray> arrays, String key, ZipEntry entry, InputStream in, String source)
            throws IOException {
        arrays.put(key, Npy.read(in, entry.getSize(), source + "[" + key + "]"));
    }
}
