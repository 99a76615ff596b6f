package io.calibrisk.pipeline.io;

import io.calibrisk.api.InvalidInputException;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * One input file of a run as a report records it, so that the run can be repeated and its
 * input recognised: where it was, its size, its SHA-256, and the arrays it held.
 *
 * @param role   what the file was to the run: {@code probs}, {@code labels}, {@code input}
 *               (predictions and labels in one file) or {@code split}
 * @param path   the absolute, normalised path; {@code <stdin>} for standard input
 * @param bytes  the size in bytes; −1 for a stream (standard input, a pipe, a device)
 * @param sha256 the SHA-256 of the file's bytes in lower-case hex; null for a stream
 * @param arrays the arrays the file held, in file order
 */
public record InputFile(String role, String path, long bytes, String sha256, List<ArrayShape> arrays) {

    /**
     * An array of an input file.
     *
     * @param name  its name: the role for an {@code .npy} file, the entry for an {@code .npz}
     *              archive, {@code rows} for CSV and {@code split} for a split file
     * @param dtype the NumPy dtype descriptor (e.g. {@code <f4}) or {@code text} for text files
     * @param shape the shape
     */
    public record ArrayShape(String name, String dtype, List<Integer> shape) {

        /** Copies the shape. */
        public ArrayShape {
            shape = List.copyOf(shape);
        }

        /**
         * @param name  the array's name
         * @param array the array as read
         * @return its description
         */
        static ArrayShape of(String name, NpyArray array) {
            return new ArrayShape(name, array.dtype(), java.util.Arrays.stream(array.shape()).boxed().toList());
        }
    }

    /** Copies the list. */
    public InputFile {
        arrays = List.copyOf(arrays);
    }

    /**
     * Describes a file: its absolute path, size and SHA-256, read once more from the disk. A
     * pipe or a device ({@code /dev/stdin}, a shell's {@code <(…)}) is described as a stream: what
     * it gave was read as it came, and reading it again would give something else, or nothing.
     *
     * @param role   what the file is to the run
     * @param file   the file
     * @param arrays the arrays it held
     * @return the description
     * @throws InvalidInputException if the file cannot be read
     */
    public static InputFile of(String role, Path file, List<ArrayShape> arrays) {
        Path absolute = file.toAbsolutePath().normalize();
        if (isStream(absolute)) {
            return ofStream(role, absolute.toString(), arrays);
        }
        try {
            return new InputFile(role, absolute.toString(), Files.size(absolute), sha256(absolute), arrays);
        } catch (IOException e) {
            throw new InvalidInputException(file + ": cannot read: " + IoMessages.describe(e));
        }
    }

    /**
     * @param path a path that may not exist
     * @return whether it exists but is no regular file (a pipe such as {@code <(…)}, a device):
     *     it can be read only once, its name says nothing of its content, and it has no size or
     *     checksum to record
     */
    static boolean isStream(Path path) {
        return Files.exists(path) && !Files.isRegularFile(path);
    }

    /**
     * @param role   what the stream is to the run
     * @param source its name, e.g. {@code <stdin>}
     * @param arrays the arrays it held
     * @return a description without size and checksum: a stream cannot be read again
     */
    public static InputFile ofStream(String role, String source, List<ArrayShape> arrays) {
        return new InputFile(role, source, -1, null, arrays);
    }

    /** @return whether the input can be read again and checked: a file with a checksum */
    public boolean repeatable() {
        return sha256 != null;
    }

    /**
     * @param file a file
     * @return the SHA-256 of its bytes in lower-case hex
     * @throws IOException if it cannot be read
     */
    public static String sha256(Path file) throws IOException {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            // Every Java platform must provide SHA-256 (java.security.MessageDigest's contract).
            throw new IllegalStateException(e);
        }
        try (InputStream in = new DigestInputStream(Files.newInputStream(file), digest)) {
            byte[] buffer = new byte[1 << 16];
            while (in.read(buffer) >= 0) {
                // the digest sees every byte read
            }
        }
        return HexFormat.of().formatHex(digest.digest());
    }
}
