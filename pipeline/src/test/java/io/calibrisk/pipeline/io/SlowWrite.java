package io.calibrisk.pipeline.io;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * A program for {@link HostileOutputTest}: starts writing a file through {@link OutputFiles},
 * says so on standard output, and never finishes, so that the test can stop it with a signal
 * while the temporary file exists.
 */
public final class SlowWrite {

    private SlowWrite() {
    }

    /**
     * @param args the target file
     * @throws IOException if writing fails
     */
    public static void main(String[] args) throws IOException {
        OutputFiles.write(Path.of(args[0]), false, out -> {
            out.write("half a report".getBytes(StandardCharsets.UTF_8));
            out.flush();
            System.out.println("writing");
            System.out.flush();
            try {
                Thread.sleep(Long.MAX_VALUE);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }
}
