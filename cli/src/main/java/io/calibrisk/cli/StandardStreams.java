package io.calibrisk.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.Charset;

/**
 * Standard output and standard error as the command writes them.
 *
 * <p>{@link PrintStream} and {@link PrintWriter} swallow write errors, so that
 * {@code calibrisk list > /dev/full} would end with status 0 and nothing written. The command
 * writes through a {@link Writer} that remembers the first failure instead, and ends with status
 * 1 and one line when there was one (see {@link CalibriskCommand#run}).
 *
 * <p>Plugins run in the same JVM and may close {@code System.out} or {@code System.err}, which
 * would close the file descriptor itself and lose the report, or print to {@code System.out},
 * which would mix their text into a JSON or CSV report. {@link #protect()} puts streams in their
 * place whose {@code close} only flushes, and sends {@code System.out} to standard error:
 * standard output carries the report alone.
 */
final class StandardStreams {

    private StandardStreams() {
    }

    /** A print writer that keeps the first write error of its stream, for the one line it deserves. */
    static final class Writer extends PrintWriter {
        private final Recording stream;

        private Writer(Recording stream, Charset charset) {
            super(new OutputStreamWriter(stream, charset), true);
            this.stream = stream;
        }

        /** @return the first write error, or null */
        IOException failure() {
            return stream.failure;
        }
    }

    /** Passes bytes on, never closes the descriptor, and keeps the first write error. */
    private static final class Recording extends FilterOutputStream {
        private volatile IOException failure;

        Recording(OutputStream out) {
            super(out);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            try {
                out.write(b, off, len);
            } catch (IOException e) {
                record(e);
                throw e;
            }
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void flush() throws IOException {
            try {
                out.flush();
            } catch (IOException e) {
                record(e);
                throw e;
            }
        }

        @Override
        public void close() throws IOException {
            flush();
        }

        private void record(IOException e) {
            if (failure == null) {
                failure = e;
            }
        }
    }

    /** @return a writer on file descriptor 1, in the platform's charset (as {@code System.out}) */
    static Writer output() {
        return new Writer(new Recording(new FileOutputStream(FileDescriptor.out)), Charset.defaultCharset());
    }

    /** @return a writer on file descriptor 2, in the platform's charset (as {@code System.err}) */
    static Writer error() {
        return new Writer(new Recording(new FileOutputStream(FileDescriptor.err)), Charset.defaultCharset());
    }

    /**
     * Replaces {@code System.out} and {@code System.err} with streams on standard error whose
     * {@code close} only flushes, so that a plugin can neither close standard output nor write
     * into the report.
     */
    static void protect() {
        System.setOut(new PrintStream(new Recording(new FileOutputStream(FileDescriptor.err)), true,
                Charset.defaultCharset()));
        System.setErr(new PrintStream(new Recording(new FileOutputStream(FileDescriptor.err)), true,
                Charset.defaultCharset()));
    }
}
