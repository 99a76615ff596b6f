package io.calibrisk.estimators.kkr;

import io.calibrisk.testsupport.Samples;
import io.calibrisk.testsupport.SharedData;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** The shared cifar10-vgg16 predictions, read from their .npy files (found by {@link SharedData}). */
final class CifarData {
    private CifarData() {
    }

    /**
     * @return the 10 000 samples, each row renormalised to sum to 1 in double precision (as
     *     calibrisk's reader does)
     */
    static Samples load() {
        Path folder = SharedData.dataset("cifar10-vgg16", "probs.npy", "labels.npy");
        try {
            ByteBuffer probs = body(Files.readAllBytes(folder.resolve("probs.npy")));
            ByteBuffer labels = body(Files.readAllBytes(folder.resolve("labels.npy")));
            int n = labels.remaining() / 8;
            double[] p = new double[n * 10];
            int[] y = new int[n];
            for (int i = 0; i < n; i++) {
                double sum = 0;
                for (int k = 0; k < 10; k++) {
                    p[i * 10 + k] = probs.getFloat();
                    sum += p[i * 10 + k];
                }
                for (int k = 0; k < 10; k++) {
                    p[i * 10 + k] /= sum;
                }
                y[i] = (int) labels.getLong();
            }
            return new Samples(10, p, y);
        } catch (IOException e) {
            throw new AssertionError("cannot read " + folder, e);
        }
    }

    private static ByteBuffer body(byte[] bytes) {
        int headerLength = (bytes[8] & 0xff) | (bytes[9] & 0xff) << 8;
        String header = new String(bytes, 10, headerLength, StandardCharsets.ISO_8859_1);
        if (!header.contains("'<f4'") && !header.contains("'<i8'")) {
            throw new AssertionError("unexpected npy header " + header);
        }
        return ByteBuffer.wrap(bytes, 10 + headerLength, bytes.length - 10 - headerLength).order(ByteOrder.LITTLE_ENDIAN);
    }
}
