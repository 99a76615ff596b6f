package io.calibrisk.pipeline.io;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Hand-made .npy and .npz bytes for tests, including layouts calibrisk itself never writes. */
final class NpyFiles {

    private NpyFiles() {
    }

    /** An .npy file with the given header fields and raw data. */
    static byte[] npy(String descr, boolean fortran, String shape, byte[] data) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        String dict = "{'descr': '" + descr + "', 'fortran_order': " + (fortran ? "True" : "False") + ", 'shape': " + shape
                + ", }";
        int padding = (64 - (10 + dict.length() + 1) % 64) % 64;
        String header = dict + " ".repeat(padding) + "\n";
        out.writeBytes(new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0});
        out.write(header.length() & 0xff);
        out.write(header.length() >> 8);
        out.writeBytes(header.getBytes(StandardCharsets.ISO_8859_1));
        out.writeBytes(data);
        return out.toByteArray();
    }

    static byte[] doubles(ByteOrder order, double... values) {
        ByteBuffer bb = ByteBuffer.allocate(values.length * 8).order(order);
        for (double v : values) {
            bb.putDouble(v);
        }
        return bb.array();
    }

    static byte[] floats(ByteOrder order, double... values) {
        ByteBuffer bb = ByteBuffer.allocate(values.length * 4).order(order);
        for (double v : values) {
            bb.putFloat((float) v);
        }
        return bb.array();
    }

    static byte[] longs(ByteOrder order, long... values) {
        ByteBuffer bb = ByteBuffer.allocate(values.length * 8).order(order);
        for (long v : values) {
            bb.putLong(v);
        }
        return bb.array();
    }

    static byte[] ints(ByteOrder order, int... values) {
        ByteBuffer bb = ByteBuffer.allocate(values.length * 4).order(order);
        for (int v : values) {
            bb.putInt(v);
        }
        return bb.array();
    }

    static Path write(Path folder, String name, byte[] bytes) throws IOException {
        return Files.write(folder.resolve(name), bytes);
    }

    /**
     * A named pipe, as a shell's {@code <(…)} makes one, that a daemon thread fills with the bytes
     * once a reader opens it. Skips the test where there is no {@code mkfifo}; a test that opens it
     * runs under a timeout, as opening a pipe no one writes blocks.
     */
    static Path pipe(Path folder, String name, byte[] bytes) throws IOException, InterruptedException {
        Path fifo = folder.resolve(name);
        Process made = new ProcessBuilder("mkfifo", fifo.toString()).redirectErrorStream(true).start();
        assumeTrue(made.waitFor() == 0 && Files.exists(fifo), "no mkfifo here");
        Thread writer = new Thread(() -> {
            try {
                Files.write(fifo, bytes);
            } catch (IOException e) {
                // the reader stopped reading (a refused input): its test says why
            }
        });
        writer.setDaemon(true);
        writer.start();
        return fifo;
    }

    /**
     * An .npz archive as numpy writes it: entries STORED (np.savez) or DEFLATED
     * (np.savez_compressed).
     */
    static byte[] npz(Map<String, byte[]> arrays, boolean compressed) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            zip.setMethod(compressed ? ZipOutputStream.DEFLATED : ZipOutputStream.STORED);
            zip.setLevel(9);
            for (Map.Entry<String, byte[]> e : arrays.entrySet()) {
                ZipEntry entry = new ZipEntry(e.getKey() + ".npy");
                if (!compressed) {
                    // a STORED entry carries its size and checksum ahead of the data
                    CRC32 crc = new CRC32();
                    crc.update(e.getValue());
                    entry.setSize(e.getValue().length);
                    entry.setCompressedSize(e.getValue().length);
                    entry.setCrc(crc.getValue());
                }
                zip.putNextEntry(entry);
                zip.write(e.getValue());
                zip.closeEntry();
            }
        }
        return bytes.toByteArray();
    }
}
