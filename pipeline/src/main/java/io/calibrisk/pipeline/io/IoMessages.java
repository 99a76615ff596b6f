package io.calibrisk.pipeline.io;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;

/** The wording of read errors, shared by the readers so that one problem reads the same everywhere. */
final class IoMessages {

    private IoMessages() {
    }

    /**
     * @param e a failure to read
     * @return what went wrong, in words and without a class name
     */
    static String describe(IOException e) {
        if (e instanceof NoSuchFileException || e instanceof FileNotFoundException) {
            return "no such file";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof CharacterCodingException) {
            return "not UTF-8 text";
        }
        return e.getMessage() == null ? "read error" : e.getMessage();
    }

    /**
     * @param text      text quoted from a file
     * @param maxLength the most characters to keep
     * @return the text, cut with an ellipsis when longer
     */
    static String abbreviate(String text, int maxLength) {
        return text.length() > maxLength ? text.substring(0, maxLength) + "…" : text;
    }
}
