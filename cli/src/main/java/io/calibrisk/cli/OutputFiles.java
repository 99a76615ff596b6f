package io.calibrisk.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes output files through a temporary file in the same folder that is moved into place
 * when complete, so a failed run never leaves a partial file.
 */
final class OutputFiles {

    /** Writes content to a stream. */
    @FunctionalInterface
    interface Content {
        /**
         * @param out the stream
         * @throws IOException if writing fails
         */
        void writeTo(OutputStream out) throws IOException;
    }

    private OutputFiles() {
    }

    /**
     * @param target  the file to create or replace
     * @param content what to write
     * @throws IOException if writing or moving fails; the target is then untouched
     */
    static void write(Path target, Content content) throws IOException {
        Path absolute = target.toAbsolutePath();
        Path folder = absolute.getParent();
        Files.createDirectories(folder);
        Path temporary = Files.createTempFile(folder, "." + absolute.getFileName() + ".", ".tmp");
        try {
            try (OutputStream out = Files.newOutputStream(temporary)) {
                content.writeTo(out);
            }
            try {
                Files.move(temporary, absolute, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temporary, absolute, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temporary);
        }
    }
}
