package io.calibrisk.pipeline.io;

import io.calibrisk.api.InvalidInputException;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads and writes NumPy {@code .npy} files (format versions 1.0, 2.0 and 3.0).
 *
 * <p>Reading accepts little- and big-endian floats ({@code f4}, {@code f8}) and integers
 * ({@code i1}–{@code i8}, {@code u1}–{@code u8}, {@code b1}), in C or Fortran order. Every
 * malformed file ends in one {@link InvalidInputException} that names the file and the
 * problem: wrong magic bytes, a header that is not a NumPy header dictionary, an unsupported
 * dtype (named), a dimension beyond 2³¹ − 1 (more than one Java array can hold; numpy writes
 * such shapes, so they are named as too large, not as malformed), a shape whose data would
 * exceed the file (checked before anything is allocated), a shape whose doubles would take more
 * than half the JVM's memory, or truncated data. A stream (standard input, an entry of an
 * {@code .npz} archive, whose declared size may lie) is read into an array that grows with the
 * values received, so a short stream behind a large declared shape allocates about what it holds.
 */
public final class Npy {
    private static final byte[] MAGIC = {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y'};
    private static final int MAX_HEADER = 1 << 20;

    private Npy() {
    }

    /**
     * @param file a {@code .npy} file, or a pipe or device that streams one ({@code /dev/stdin})
     * @return its array
     * @throws InvalidInputException if the file cannot be read or is malformed
     */
    public static NpyArray read(Path file) {
        String source = file.toString();
        long size;
        try {
            // a pipe or a device (/dev/stdin, a shell's <(…)) has no size of its own: a stream
            size = Files.isRegularFile(file) ? Files.size(file) : -1;
        } catch (IOException e) {
            throw new InvalidInputException(source + ": cannot read: " + IoMessages.describe(e));
        }
        try (InputStream in = Files.newInputStream(file)) {
            return read(in, size, size >= 0, source);
        } catch (IOException e) {
            throw new InvalidInputException(source + ": cannot read: " + IoMessages.describe(e));
        }
    }

    /**
     * @param in     the stream, positioned at the magic bytes
     * @param size   the number of bytes the stream declares (a zip entry's size), or -1 if
     *               unknown: a shape whose data exceeds it is refused before anything is read,
     *               but the array grows with the values received all the same, since a
     *               declared size is only a claim
     * @param source the name of the source, for messages
     * @return the array
     * @throws IOException           if reading fails
     * @throws InvalidInputException if the content is malformed
     */
    public static NpyArray read(InputStream in, long size, String source) throws IOException {
        return read(in, size, false, source);
    }

    /**
     * @param sized whether {@code size} is the file system's, so that the whole array can be
     *              allocated at once: its data is known to be there
     */
    private static NpyArray read(InputStream in, long size, boolean sized, String source) throws IOException {
        if (size == 0) {
            throw new InvalidInputException(source + ": the file is empty");
        }
        byte[] preamble = in.readNBytes(8);
        if (preamble.length < 8) {
            throw new InvalidInputException(source + ": too short for a .npy file (" + preamble.length + " bytes)");
        }
        for (int i = 0; i < MAGIC.length; i++) {
            if (preamble[i] != MAGIC[i]) {
                throw new InvalidInputException(source + ": not a .npy file (wrong magic bytes)");
            }
        }
        int major = preamble[6] & 0xff;
        long headerLength;
        int lengthBytes;
        if (major == 1) {
            byte[] b = in.readNBytes(2);
            if (b.length < 2) {
                throw new InvalidInputException(source + ": truncated .npy header");
            }
            headerLength = (b[0] & 0xff) | ((b[1] & 0xff) << 8);
            lengthBytes = 2;
        } else if (major == 2 || major == 3) {
            byte[] b = in.readNBytes(4);
            if (b.length < 4) {
                throw new InvalidInputException(source + ": truncated .npy header");
            }
            headerLength = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).getInt() & 0xffffffffL;
            lengthBytes = 4;
        } else {
            throw new InvalidInputException(source + ": unsupported .npy format version " + major + "."
                    + (preamble[7] & 0xff));
        }
        if (headerLength > MAX_HEADER) {
            throw new InvalidInputException(source + ": malformed .npy header (declared length " + headerLength
                    + " bytes)");
        }
        if (size >= 0 && 8 + lengthBytes + headerLength > size) {
            throw new InvalidInputException(source + ": truncated .npy header (declared length " + headerLength
                    + " bytes in a file of " + size + ")");
        }
        byte[] headerBytes = in.readNBytes((int) headerLength);
        if (headerBytes.length < headerLength) {
            throw new InvalidInputException(source + ": truncated .npy header");
        }
        // Byte for byte, also for version 3 (UTF-8): the keys and values calibrisk reads are ASCII,
        // and the bytes stay at hand to be shown, escaped, in a message.
        String header = new String(headerBytes, StandardCharsets.ISO_8859_1);
        Map<String, String> dict = parseHeader(header, source);
        String descr = unquote(dict.get("descr"), "descr", source);
        boolean fortran = parseBoolean(dict.get("fortran_order"), source);
        int[] shape = parseShape(dict.get("shape"), source);
        Dtype dtype = Dtype.parse(descr, source);

        long count = 1;
        long dataBytes;
        try {
            for (int s : shape) {
                count = Math.multiplyExact(count, s);
            }
            dataBytes = Math.multiplyExact(count, dtype.size);
        } catch (ArithmeticException e) {
            throw new InvalidInputException(source + ": declared shape " + Arrays.toString(shape)
                    + " is impossibly large");
        }
        long offset = 8 + lengthBytes + headerLength;
        if (size >= 0 && dataBytes > size - offset) {
            throw new InvalidInputException(source + ": truncated data: shape " + Arrays.toString(shape)
                    + " of " + descr + " needs " + dataBytes + " bytes but the file holds " + (size - offset));
        }
        if (count > Integer.MAX_VALUE - 8) {
            throw new InvalidInputException(source + ": " + count + " values are more than one array can hold");
        }
        long heap = Runtime.getRuntime().maxMemory();
        if (count * 8 > heap / 2) {
            // A real array this large would not fit anyway, beside the copies the pipeline makes;
            // better said now than after reading gigabytes of a stream.
            throw new InvalidInputException(source + ": shape " + Arrays.toString(shape) + " needs "
                    + (count * 8 >> 20) + " MiB as doubles, more than half the JVM's memory (" + (heap >> 20)
                    + " MiB); give the JVM more memory (JAVA_OPTS=-Xmx...)");
        }
        int chunk = 1 << 16;
        // From a stream (standard input, a zip entry, whose declared size may lie), the values
        // arrive before their room: it grows with them, so that a short stream behind a large
        // shape costs what it holds, not what the shape declares.
        double[] values = new double[(int) (sized ? count : Math.min(count, chunk))];
        byte[] buffer = new byte[(int) Math.min(dataBytes, (long) chunk * dtype.size)];
        int done = 0;
        while (done < count) {
            int take = (int) Math.min(chunk, count - done);
            if (done + take > values.length) {
                values = Arrays.copyOf(values, (int) Math.min(count, Math.max(done + take, 2L * values.length)));
            }
            int bytes = take * dtype.size;
            int got = in.readNBytes(buffer, 0, bytes);
            if (got < bytes) {
                throw new InvalidInputException(source + ": truncated data: expected " + count + " values of "
                        + descr + ", the file ends after " + (done + got / dtype.size));
            }
            ByteBuffer bb = ByteBuffer.wrap(buffer, 0, bytes).order(dtype.order);
            for (int i = 0; i < take; i++) {
                values[done + i] = dtype.read(bb);
            }
            done += take;
        }
        if (fortran && shape.length >= 2) {
            values = toRowMajor(values, shape);
        }
        return new NpyArray(source, descr, shape, values, dtype.floating);
    }

    private static double[] toRowMajor(double[] values, int[] shape) {
        // Fortran order: the first index varies fastest.
        int rank = shape.length;
        double[] out = new double[values.length];
        int[] index = new int[rank];
        for (int f = 0; f < values.length; f++) {
            int c = 0;
            for (int a = 0; a < rank; a++) {
                c = c * shape[a] + index[a];
            }
            out[c] = values[f];
            for (int a = 0; a < rank; a++) {
                if (++index[a] < shape[a]) {
                    break;
                }
                index[a] = 0;
            }
        }
        return out;
    }

    private static Map<String, String> parseHeader(String header, String source) {
        String text = header.strip();
        if (!text.startsWith("{") || !text.endsWith("}")) {
            throw new InvalidInputException(source + ": malformed .npy header (not a dictionary): "
                    + IoMessages.abbreviateBytes(text, 60));
        }
        Map<String, String> out = new LinkedHashMap<>();
        String body = text.substring(1, text.length() - 1);
        int i = 0;
        while (i < body.length()) {
            while (i < body.length() && (Character.isWhitespace(body.charAt(i)) || body.charAt(i) == ',')) {
                i++;
            }
            if (i >= body.length()) {
                break;
            }
            char quote = body.charAt(i);
            if (quote != '\'' && quote != '"') {
                throw new InvalidInputException(source + ": malformed .npy header near: "
                        + IoMessages.abbreviateBytes(body.substring(i), 60));
            }
            int end = body.indexOf(quote, i + 1);
            if (end < 0) {
                throw new InvalidInputException(source + ": malformed .npy header (unterminated key)");
            }
            String key = body.substring(i + 1, end);
            i = end + 1;
            while (i < body.length() && Character.isWhitespace(body.charAt(i))) {
                i++;
            }
            if (i >= body.length() || body.charAt(i) != ':') {
                throw new InvalidInputException(source + ": malformed .npy header (no ':' after '"
                        + IoMessages.abbreviateBytes(key, 40) + "')");
            }
            i++;
            while (i < body.length() && Character.isWhitespace(body.charAt(i))) {
                i++;
            }
            int start = i;
            if (i < body.length() && (body.charAt(i) == '\'' || body.charAt(i) == '"')) {
                char q = body.charAt(i);
                int close = body.indexOf(q, i + 1);
                if (close < 0) {
                    throw new InvalidInputException(source + ": malformed .npy header (unterminated value of '"
                            + IoMessages.abbreviateBytes(key, 40) + "')");
                }
                i = close + 1;
            } else if (i < body.length() && body.charAt(i) == '(') {
                int close = body.indexOf(')', i);
                if (close < 0) {
                    throw new InvalidInputException(source + ": malformed .npy header (unterminated shape)");
                }
                i = close + 1;
            } else {
                while (i < body.length() && body.charAt(i) != ',') {
                    i++;
                }
            }
            out.put(key, body.substring(start, i).strip());
        }
        for (String required : List.of("descr", "fortran_order", "shape")) {
            if (!out.containsKey(required)) {
                throw new InvalidInputException(source + ": malformed .npy header (no '" + required + "')");
            }
        }
        return out;
    }

    private static String unquote(String value, String key, String source) {
        if (value.length() >= 2 && (value.charAt(0) == '\'' || value.charAt(0) == '"')
                && value.charAt(value.length() - 1) == value.charAt(0)) {
            return value.substring(1, value.length() - 1);
        }
        throw new InvalidInputException(source + ": malformed .npy header ('" + key + "' is "
                + IoMessages.abbreviateBytes(value, 60)
                + "; structured dtypes are not supported)");
    }

    private static boolean parseBoolean(String value, String source) {
        if ("True".equals(value)) {
            return true;
        }
        if ("False".equals(value)) {
            return false;
        }
        throw new InvalidInputException(source + ": malformed .npy header (fortran_order is "
                + IoMessages.abbreviateBytes(value, 60) + ")");
    }

    private static int[] parseShape(String value, String source) {
        if (!value.startsWith("(") || !value.endsWith(")")) {
            throw new InvalidInputException(source + ": malformed .npy header (shape is "
                    + IoMessages.abbreviateBytes(value, 60) + ")");
        }
        String inner = value.substring(1, value.length() - 1).strip();
        List<Integer> dims = new ArrayList<>();
        if (!inner.isEmpty()) {
            for (String part : inner.split(",")) {
                String p = part.strip();
                if (p.endsWith("L")) {
                    p = p.substring(0, p.length() - 1);
                }
                if (p.isEmpty()) {
                    continue;
                }
                // Python's literal_eval, which numpy reads headers with, takes a unary plus
                if (p.startsWith("+")) {
                    p = p.substring(1);
                }
                if (p.isEmpty() || !p.chars().allMatch(c -> c >= '0' && c <= '9')) {
                    throw new InvalidInputException(source + ": malformed .npy header (shape "
                            + IoMessages.abbreviateBytes(value, 60) + ")");
                }
                // a well-formed dimension that no Java array can hold is named as such, not as malformed
                String digits = p.replaceFirst("^0+(?=.)", "");
                if (digits.length() > 10 || Long.parseLong(digits) > Integer.MAX_VALUE) {
                    throw new InvalidInputException(source + ": shape " + IoMessages.abbreviateBytes(value, 60)
                            + ": dimension " + IoMessages.abbreviateBytes(digits, 24) + " is more than one array can hold ("
                            + Integer.MAX_VALUE + ")");
                }
                dims.add(Integer.parseInt(digits));
            }
        }
        int[] shape = new int[dims.size()];
        for (int i = 0; i < shape.length; i++) {
            shape[i] = dims.get(i);
        }
        return shape;
    }

    /** The dtypes calibrisk reads. */
    private enum Kind { FLOAT, SIGNED, UNSIGNED, BOOL }

    private static final class Dtype {
        final Kind kind;
        final int size;
        final ByteOrder order;
        final boolean floating;

        Dtype(Kind kind, int size, ByteOrder order) {
            this.kind = kind;
            this.size = size;
            this.order = order;
            this.floating = kind == Kind.FLOAT;
        }

        static Dtype parse(String descr, String source) {
            if (descr.length() < 3) {
                throw unsupported(descr, source);
            }
            char endian = descr.charAt(0);
            ByteOrder order;
            if (endian == '<' || endian == '|' || endian == '=') {
                order = ByteOrder.LITTLE_ENDIAN;
            } else if (endian == '>') {
                order = ByteOrder.BIG_ENDIAN;
            } else {
                throw unsupported(descr, source);
            }
            char code = descr.charAt(1);
            int size;
            try {
                size = Integer.parseInt(descr.substring(2));
            } catch (NumberFormatException e) {
                throw unsupported(descr, source);
            }
            switch (code) {
                case 'f':
                    if (size == 4 || size == 8) {
                        return new Dtype(Kind.FLOAT, size, order);
                    }
                    break;
                case 'i':
                    if (size == 1 || size == 2 || size == 4 || size == 8) {
                        return new Dtype(Kind.SIGNED, size, order);
                    }
                    break;
                case 'u':
                    if (size == 1 || size == 2 || size == 4 || size == 8) {
                        return new Dtype(Kind.UNSIGNED, size, order);
                    }
                    break;
                case 'b':
                    if (size == 1) {
                        return new Dtype(Kind.BOOL, 1, order);
                    }
                    break;
                default:
                    break;
            }
            throw unsupported(descr, source);
        }

        private static InvalidInputException unsupported(String descr, String source) {
            return new InvalidInputException(source + ": unsupported dtype '" + IoMessages.abbreviateBytes(descr, 40)
                    + "'; use float32 or float64 for probabilities and an integer type for labels");
        }

        double read(ByteBuffer bb) {
            switch (kind) {
                case FLOAT:
                    return size == 4 ? bb.getFloat() : bb.getDouble();
                case SIGNED:
                    switch (size) {
                        case 1: return bb.get();
                        case 2: return bb.getShort();
                        case 4: return bb.getInt();
                        default: return bb.getLong();
                    }
                case UNSIGNED:
                    switch (size) {
                        case 1: return bb.get() & 0xff;
                        case 2: return bb.getShort() & 0xffff;
                        case 4: return bb.getInt() & 0xffffffffL;
                        default:
                            long v = bb.getLong();
                            return v >= 0 ? v : (double) (v >>> 1) * 2.0;
                    }
                default:
                    return bb.get() != 0 ? 1 : 0;
            }
        }
    }

    /**
     * Writes a float64 array in C order, format version 1.0.
     *
     * @param out    the stream
     * @param values the values, row-major
     * @param shape  the shape
     * @throws IOException if writing fails
     */
    public static void writeDoubles(OutputStream out, double[] values, int... shape) throws IOException {
        writeHeader(out, "<f8", shape);
        ByteBuffer bb = ByteBuffer.allocate(values.length * 8).order(ByteOrder.LITTLE_ENDIAN);
        for (double v : values) {
            bb.putDouble(v);
        }
        out.write(bb.array());
    }

    /**
     * Writes an int64 array in C order, format version 1.0.
     *
     * @param out    the stream
     * @param values the values, row-major
     * @param shape  the shape
     * @throws IOException if writing fails
     */
    public static void writeLongs(OutputStream out, long[] values, int... shape) throws IOException {
        writeHeader(out, "<i8", shape);
        ByteBuffer bb = ByteBuffer.allocate(values.length * 8).order(ByteOrder.LITTLE_ENDIAN);
        for (long v : values) {
            bb.putLong(v);
        }
        out.write(bb.array());
    }

    private static void writeHeader(OutputStream out, String descr, int[] shape) throws IOException {
        StringBuilder dims = new StringBuilder();
        for (int s : shape) {
            dims.append(s).append(shape.length == 1 ? "," : ", ");
        }
        String shapeText = shape.length == 1 ? dims.toString() : dims.toString().replaceAll(", $", "");
        String dict = String.format(Locale.ROOT, "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }",
                descr, shapeText);
        int unpadded = MAGIC.length + 2 + 2 + dict.length() + 1;
        int padding = (64 - unpadded % 64) % 64;
        String header = dict + " ".repeat(padding) + "\n";
        out.write(MAGIC);
        out.write(1);
        out.write(0);
        out.write(header.length() & 0xff);
        out.write((header.length() >> 8) & 0xff);
        out.write(header.getBytes(StandardCharsets.ISO_8859_1));
    }
}
