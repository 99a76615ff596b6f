package io.calibrisk.pipeline.io;

import io.calibrisk.pipeline.Untrusted;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;

/**
 * The wording of read errors, shared by the readers (and by {@link io.calibrisk.pipeline.Rerun}
 * for reports) so that one problem reads the same everywhere.
 */
public final class IoMessages {

    private IoMessages() {
    }

    /**
     * @param e a failure to read
     * @return what went wrong, in words and without a class name
     */
    public static String describe(IOException e) {
        if (e instanceof NoSuchFileException || e instanceof FileNotFoundException) {
            return "no such file";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof CharacterCodingException) {
            return "not UTF-8 text";
        }
        if (e instanceof FileSystemException && ((FileSystemException) e).getReason() != null) {
            // Its message would name the file again (and a temporary file, not the one the user named).
            return Untrusted.escape(((FileSystemException) e).getReason(), 200);
        }
        return e.getMessage() == null ? "input/output error" : Untrusted.escape(e.getMessage(), 200);
    }

    /**
     * @param text      text quoted from a file
     * @param maxLength the most characters to keep
     * @return the text, {@linkplain Untrusted#escape escaped}, cut with a marker when longer
     */
    static String abbreviate(String text, int maxLength) {
        return Untrusted.escape(text, maxLength);
    }

    /**
     * @param latin1    text decoded byte for byte (ISO-8859-1), e.g. a {@code .npy} header
     * @param maxLength the most characters to keep
     * @return the bytes read as UTF-8, {@linkplain Untrusted#escape(byte[], int) escaped} (invalid
     *     bytes as {@code \xff}), cut with a marker when longer
     */
    static String abbreviateBytes(String latin1, int maxLength) {
        return Untrusted.escape(latin1.getBytes(StandardCharsets.ISO_8859_1), maxLength);
    }
}
