package io.calibrisk.estimators.kernel.kde;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Just enough of the NumPy format for the shared test data: little-endian f4, f8, i4, i8, C order. */
final class NpyReader {
    private static final Pattern DESCR = Pattern.compile("'descr':\\s*'<([fi][48])'");
    private static final Pattern SHAPE = Pattern.compile("'shape':\\s*\\(([0-9, ]*)\\)");

    private NpyReader() {
    }

    /** The values of an array, flattened in C order, and its shape. */
    record Array(double[] values, int[] shape) {
    }

    static Array read(Path file) throws IOException {
        ByteBuffer buffer = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
        if (buffer.get(0) != (byte) 0x93 || buffer.get(1) != 'N') {
            throw new IOException(file + ": not a .npy file");
        }
        int major = buffer.get(6);
        int headerLength = major == 1 ? Short.toUnsignedInt(buffer.getShort(8)) : buffer.getInt(8);
        int start = major == 1 ? 10 : 12;
        String header = new String(buffer.array(), start, headerLength, StandardCharsets.ISO_8859_1);
        Matcher descr = DESCR.matcher(header);
        Matcher shape = SHAPE.matcher(header);
        if (!descr.find() || !shape.find() || header.contains("'fortran_order': True")) {
            throw new IOException(file + ": unsupported header " + header);
        }
        String[] parts = shape.group(1).split(",");
        int count = 0;
        int[] dims = new int[parts.length];
        long size = 1;
        for (String part : parts) {
            if (!part.isBlank()) {
                dims[count] = Integer.parseInt(part.trim());
                size *= dims[count++];
            }
        }
        int[] exact = java.util.Arrays.copyOf(dims, count);
        double[] values = new double[(int) size];
        buffer.position(start + headerLength);
        for (int i = 0; i < values.length; i++) {
            switch (descr.group(1)) {
                case "f4" -> values[i] = buffer.getFloat();
                case "f8" -> values[i] = buffer.getDouble();
                case "i4" -> values[i] = buffer.getInt();
                default -> values[i] = buffer.getLong();
            }
        }
        return new Array(values, exact);
    }
}
