package io.calibrisk.pipeline.io;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.SecureRandom;

/**
 * Writes reports, plots and data files through a temporary file in the same folder, moved into place only when
 * complete: a failure (or a crash) never leaves a truncated picture under the target name,
 * and a reader never sees one half written.
 */
public final class OutputFiles {

    /** Writes content to a stream. */
    @FunctionalInterface
    public interface Content {
        /**
         * @param out the stream
         * @throws IOException if writing fails
         */
        void writeTo(OutputStream out) throws IOException;
    }

    private static final SecureRandom RANDOM = new SecureRandom();

    private OutputFiles() {
    }

    /**
     * @param target  the file to create or replace
     * @param content what to write
     * @throws IOException if writing or moving fails; the target is then untouched and the
     *     temporary file removed
     */
    public static void write(Path target, Content content) throws IOException {
        Path absolute = target.toAbsolutePath();
        if (Files.isDirectory(absolute)) {
            throw new IOException(target + ": is a folder, not a file");
        }
        Path folder = absolute.getParent();
        Files.createDirectories(folder);
        Path temporary = null;
        try {
            OutputStream stream = null;
            while (stream == null) {
                // Not Files.createTempFile: its files are private (0600), and the move would keep
                // that; a plain new file gets the user's usual permissions from the umask.
                temporary = folder.resolve("." + absolute.getFileName() + "." + Long.toUnsignedString(
                        RANDOM.nextLong(), 36) + ".tmp");
                try {
                    stream = Files.newOutputStream(temporary, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
                } catch (FileAlreadyExistsException e) {
                    temporary = null;
                }
            }
            try (OutputStream out = stream) {
                content.writeTo(out);
            }
            try {
                Files.move(temporary, absolute, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temporary, absolute, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            if (temporary != null) {
                Files.deleteIfExists(temporary);
            }
        }
    }
}
