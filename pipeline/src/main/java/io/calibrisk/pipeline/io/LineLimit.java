package io.calibrisk.pipeline.io;

import java.io.FilterReader;
import java.io.IOException;
import java.io.Reader;

/**
 * A reader that refuses a line longer than a limit. A text reader holds a line (or a field)
 * whole in memory, so a file without line breaks (a device such as {@code /dev/zero}, a binary
 * file given by mistake) would fill the heap before anything could say what is wrong; with the
 * limit it ends in a clear message instead.
 */
final class LineLimit extends FilterReader {
    /** Far longer than any line of probabilities or of a split file. */
    static final int MAX_LINE = 1 << 20;

    private int length;

    LineLimit(Reader in) {
        super(in);
    }

    @Override
    public int read() throws IOException {
        int c = super.read();
        if (c >= 0) {
            count((char) c);
        }
        return c;
    }

    @Override
    public int read(char[] buffer, int offset, int count) throws IOException {
        int read = super.read(buffer, offset, count);
        for (int i = 0; i < read; i++) {
            count(buffer[offset + i]);
        }
        return read;
    }

    private void count(char c) throws IOException {
        if (c == '\n') {
            length = 0;
        } else if (++length > MAX_LINE) {
            throw new IOException("a line is longer than 1 MiB characters; this is not a text file of samples");
        }
    }

    @Override
    public boolean markSupported() {
        return false;
    }
}
