package io.calibrisk.pipeline.io;

import io.calibrisk.api.InvalidInputException;
import io.calibrisk.pipeline.report.Provenance;
import io.calibrisk.testsupport.Generators;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Malformed, unusual and adversarial .npy and .npz files. */
class HostileFilesTest {
    private static final ByteOrder LE = ByteOrder.LITTLE_ENDIAN;
    private static final ByteOrder BE = ByteOrder.BIG_ENDIAN;
    private static final Generators.Dataset DATA = Generators.dataset(60, 3, Generators.RowStyle.CONFIDENT, 8);

    @TempDir
    Path folder;

    private static double[] values() {
        return DATA.samples().probabilities();
    }

    private static long[] labels() {
        return Arrays.stream(DATA.samples().labels()).asLongStream().toArray();
    }

    /** The predictions and labels as the pipeline sees them, for comparing two readings. */
    private static void assertSameInput(LabelledPredictions expected, LabelledPredictions actual) {
        assertArrayEquals(expected.predictions().points().toArray(), actual.predictions().points().toArray());
        assertArrayEquals(expected.labels().toArray(), actual.labels().toArray());
    }

    private static String inputMessage(org.junit.jupiter.api.function.Executable read) {
        return assertThrows(InvalidInputException.class, read).getMessage();
    }

    private static NpyArray read(byte[] bytes) throws IOException {
        return Npy.read(new ByteArrayInputStream(bytes), bytes.length, "test.npy");
    }

    private static String message(byte[] bytes) {
        return assertThrows(InvalidInputException.class, () -> read(bytes)).getMessage();
    }

    @Test
    void wrongMagicBytes() {
        byte[] bytes = NpyFiles.npy("<f8", false, "(2,)", NpyFiles.doubles(LE, 1, 2));
        bytes[1] = 'X';
        assertTrue(message(bytes).contains("wrong magic bytes"));
        assertTrue(message("PK\u0003\u0004 not npy at all".getBytes(StandardCharsets.ISO_8859_1)).contains("magic"));
    }

    @Test
    void malformedHeaders() {
        byte[] data = NpyFiles.doubles(LE, 1, 2);
        assertTrue(message(NpyFiles.npy("<f8", false, "(2, x)", data)).contains("shape"));
        assertTrue(message(NpyFiles.npy("<f8", false, "2", data)).contains("shape"));
        byte[] noDict = NpyFiles.npy("<f8", false, "(2,)", data);
        noDict[10] = '[';
        assertTrue(message(noDict).contains("malformed"));
        byte[] longHeader = NpyFiles.npy("<f8", false, "(2,)", data);
        longHeader[8] = (byte) 0xff;
        longHeader[9] = (byte) 0xff;
        assertTrue(message(longHeader).contains("header"));
        byte[] version = NpyFiles.npy("<f8", false, "(2,)", data);
        version[6] = 9;
        assertTrue(message(version).contains("version 9"));
    }

    @Test
    void unsupportedDtypesAreNamed() {
        for (String dtype : new String[] {"<c16", "<U10", "|O", "<f2", "<M8"}) {
            String m = message(NpyFiles.npy(dtype, false, "(2,)", new byte[64]));
            assertTrue(m.contains("unsupported dtype '" + dtype + "'"), m);
        }
    }

    @Test
    void bigEndianAndFortranOrderAreAccepted() throws IOException {
        double[] v = values();
        NpyArray little = read(NpyFiles.npy("<f8", false, "(60, 3)", NpyFiles.doubles(LE, v)));
        NpyArray big = read(NpyFiles.npy(">f8", false, "(60, 3)", NpyFiles.doubles(BE, v)));
        assertArrayEquals(little.values(), big.values());
        NpyArray bigFloat = read(NpyFiles.npy(">f4", false, "(60, 3)", NpyFiles.floats(BE, v)));
        NpyArray littleFloat = read(NpyFiles.npy("<f4", false, "(60, 3)", NpyFiles.floats(LE, v)));
        assertArrayEquals(littleFloat.values(), bigFloat.values());
        double[] transposed = new double[v.length];
        for (int i = 0; i < 60; i++) {
            for (int k = 0; k < 3; k++) {
                transposed[k * 60 + i] = v[i * 3 + k];
            }
        }
        NpyArray fortran = read(NpyFiles.npy("<f8", true, "(60, 3)", NpyFiles.doubles(LE, transposed)));
        assertArrayEquals(v, fortran.values());
        NpyArray bigInts = read(NpyFiles.npy(">i4", false, "(3,)", NpyFiles.ints(BE, 2, 0, 1)));
        assertArrayEquals(new double[] {2, 0, 1}, bigInts.values());
    }

    @Test
    void aBigEndianFortranFileGivesTheSameInput() throws IOException {
        double[] v = values();
        double[] transposed = new double[v.length];
        for (int i = 0; i < 60; i++) {
            for (int k = 0; k < 3; k++) {
                transposed[k * 60 + i] = v[i * 3 + k];
            }
        }
        Path plain = NpyFiles.write(folder, "plain.npy", NpyFiles.npy("<f8", false, "(60, 3)", NpyFiles.doubles(LE, v)));
        Path odd = NpyFiles.write(folder, "odd.npy", NpyFiles.npy(">f8", true, "(60, 3)", NpyFiles.doubles(BE, transposed)));
        Path y = NpyFiles.write(folder, "y.npy", NpyFiles.npy(">i8", false, "(60,)", NpyFiles.longs(BE, labels())));
        LabelledPredictions a = InputFiles.readNpy(plain, y, Scores.PROBABILITIES);
        assertArrayEquals(v, a.predictions().points().toArray());
        assertArrayEquals(DATA.samples().labels(), a.labels().toArray());
        assertSameInput(a, InputFiles.readNpy(odd, y, Scores.PROBABILITIES));
    }

    @Test
    void truncatedData() {
        byte[] whole = NpyFiles.npy("<f8", false, "(60, 3)", NpyFiles.doubles(LE, values()));
        String m = message(Arrays.copyOf(whole, whole.length - 1));
        assertTrue(m.contains("truncated"), m);
        assertTrue(message(Arrays.copyOf(whole, 30)).contains("truncated"));
    }

    @Test
    void declaredShapesFarLargerThanTheFile() {
        String m = message(NpyFiles.npy("<f8", false, "(1000000000, 1000)", new byte[80]));
        assertTrue(m.contains("truncated") && m.contains("8000000000000 bytes"), m);
        assertEquals("test.npy: shape (9223372036854775807, 9223372036854775807): dimension 9223372036854775807 is "
                + "more than one array can hold (2147483647)",
                message(NpyFiles.npy("<f8", false, "(9223372036854775807, 9223372036854775807)", new byte[8])));
        assertEquals("test.npy: shape (10, 2147483648): dimension 2147483648 is more than one array can hold (2147483647)",
                message(NpyFiles.npy("<f8", false, "(10, 2147483648)", new byte[8])));
        assertEquals("test.npy: shape (1, 00000000000000000000099999999999999999999999): dimension "
                + "99999999999999999999999 is more than one array can hold (2147483647)",
                message(NpyFiles.npy("<f8", false, "(1, 00000000000000000000099999999999999999999999)", new byte[8])));
        // the largest dimension an array can hold is not refused for its size, only for the file's
        assertTrue(message(NpyFiles.npy("<i1", false, "(2147483647,)", new byte[8])).contains("truncated"));
        assertTrue(message(NpyFiles.npy("<f8", false, "(-3,)", new byte[8])).contains("malformed .npy header (shape (-3,))"));
        assertTrue(message(NpyFiles.npy("<f8", false, "(3, -)", new byte[8])).contains("malformed .npy header"));
        byte[] streamed = NpyFiles.npy("<f8", false, "(100000000000,)", new byte[8]);
        InvalidInputException e = assertThrows(InvalidInputException.class,
                () -> Npy.read(new ByteArrayInputStream(streamed), -1, "<stdin>"));
        assertTrue(e.getMessage().startsWith("<stdin>:"), e.getMessage());
    }

    @Test
    void aStreamedShapeTooLargeForTheHeapIsRefusedBeforeAnyAllocation() {
        // a stream's size is unknown, so only the heap stands between a bogus header and the allocation
        long heap = Runtime.getRuntime().maxMemory();
        long count = heap / 16 + 1;
        assumeTrue(count <= Integer.MAX_VALUE - 8, "a heap of " + heap + " bytes holds every array the format allows");
        byte[] streamed = NpyFiles.npy("<f8", false, "(" + count + ",)", new byte[8]);
        InvalidInputException e = assertThrows(InvalidInputException.class,
                () -> Npy.read(new ByteArrayInputStream(streamed), -1, "<stdin>"));
        assertEquals("<stdin>: shape [" + count + "] needs " + (count * 8 >> 20) + " MiB as doubles, more than half "
                + "the JVM's memory (" + (heap >> 20) + " MiB); give the JVM more memory (JAVA_OPTS=-Xmx...)",
                e.getMessage());
    }

    /** A refused read: its message, and the bytes this thread allocated while it ran. */
    private record Refusal(String message, long allocated) {
    }

    private static Refusal refusal(org.junit.jupiter.api.function.Executable read) {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        assumeTrue(threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled());
        long id = Thread.currentThread().getId();
        long before = threads.getThreadAllocatedBytes(id);
        String message = inputMessage(read);
        return new Refusal(message, threads.getThreadAllocatedBytes(id) - before);
    }

    /** @return doubles that a header may declare and the test JVM could allocate: a quarter of its heap, at most 1 GiB */
    private static long largeDeclaredCount() {
        return Math.min(Runtime.getRuntime().maxMemory() / 4, 1L << 30) / 8;
    }

    @Test
    void aShortStreamBehindALargeShapeAllocatesWhatItHolds() throws IOException {
        long count = largeDeclaredCount();
        byte[] streamed = NpyFiles.npy("<f8", false, "(" + count + ",)", NpyFiles.doubles(LE, 1, 2, 3));
        Refusal refused = refusal(() -> Npy.read(new ByteArrayInputStream(streamed), -1, "<stdin>"));
        assertEquals("<stdin>: truncated data: expected " + count + " values of <f8, the file ends after 3",
                refused.message());
        assertTrue(refused.allocated() < 8L << 20, refused.allocated() + " bytes allocated for a stream of 3 values "
                + "declared as " + count);
        // the array grows past its first chunk and keeps every value
        double[] many = new double[200_000];
        for (int i = 0; i < many.length; i++) {
            many[i] = i * 0.5;
        }
        NpyArray read = Npy.read(new ByteArrayInputStream(NpyFiles.npy("<f8", false, "(100000, 2)",
                NpyFiles.doubles(LE, many))), -1, "<stdin>");
        assertArrayEquals(new int[] {100_000, 2}, read.shape());
        assertArrayEquals(many, read.values());
    }

    @Test
    void anArchiveEntryWhoseDeclaredSizeLiesAllocatesWhatItHolds() throws IOException {
        long count = largeDeclaredCount();
        byte[] probs = NpyFiles.npy("<f8", false, "(" + count + ",)", NpyFiles.doubles(LE, 1, 2, 3));
        byte[] zip = NpyFiles.npz(Map.of("probs", probs), true);
        // the central directory's uncompressed size, which ZipFile hands out as the entry's size
        int central = 0;
        while (ByteBuffer.wrap(zip, central, 4).order(LE).getInt() != 0x02014b50) {
            central++;
        }
        ByteBuffer.wrap(zip, central + 24, 4).order(LE).putInt((int) (count * 8 + probs.length));
        Path lying = NpyFiles.write(folder, "lying.npz", zip);
        Refusal refused = refusal(() -> Npz.read(lying));
        assertEquals(lying + "[probs]: truncated data: expected " + count + " values of <f8, the file ends after 3",
                refused.message());
        assertTrue(refused.allocated() < 8L << 20, refused.allocated() + " bytes allocated for an entry of 3 values "
                + "declared as " + count);
    }

    /**
     * {@code --probs /dev/stdin} and a shell's {@code <(…)} name a pipe, whose size is 0: it is read
     * as the stream it is (it was refused as "the file is empty"), and recorded as one, since it
     * cannot be read again to be checked (its checksum was that of nothing).
     */
    @Test
    @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD) // opening a pipe no one writes blocks
    void aNamedPipeIsReadAsAStreamAndRecordedAsOne() throws Exception {
        Path fifo = NpyFiles.pipe(folder, "probs.fifo",
                NpyFiles.npy("<f8", false, "(60, 3)", NpyFiles.doubles(LE, values())));
        Path y = NpyFiles.write(folder, "y.npy", NpyFiles.npy("<i8", false, "(60,)", NpyFiles.longs(LE, labels())));
        LabelledPredictions read = InputFiles.readNpy(fifo, y, Scores.PROBABILITIES);
        assertArrayEquals(values(), read.predictions().points().toArray());
        InputFile pipe = read.files().get(0);
        assertEquals(new InputFile("probs", fifo.toAbsolutePath().normalize().toString(), -1, null,
                pipe.arrays()), pipe);
        assertTrue(read.files().get(1).repeatable());
        assertEquals(Provenance.Inputs.MEMORY, Provenance.Inputs.of(read, Scores.PROBABILITIES, null, List.of())
                .origin());
    }

    /**
     * {@code --input <(…)} and {@code compare <(…)} name a pipe, {@code /dev/fd/63}, with no
     * extension to tell an archive from CSV: its first bytes do, a zip signature for an archive.
     * An archive numpy or Java wrote with sizes after each entry's data (as deflated entries here)
     * is read as its entries come.
     */
    @Test
    @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aPipeIsReadAsAnArchiveOrAsCsvByItsFirstBytes() throws Exception {
        Map<String, byte[]> arrays = new java.util.LinkedHashMap<>();
        arrays.put("probs", NpyFiles.npy("<f8", false, "(60, 3)", NpyFiles.doubles(LE, values())));
        arrays.put("labels", NpyFiles.npy("<i8", false, "(60,)", NpyFiles.longs(LE, labels())));
        LabelledPredictions file = InputFiles.readNpz(NpyFiles.write(folder, "a.npz", NpyFiles.npz(arrays, false)));
        for (boolean compressed : new boolean[] {false, true}) {
            Path fifo = NpyFiles.pipe(folder, "npz-" + compressed, NpyFiles.npz(arrays, compressed));
            LabelledPredictions piped = InputFiles.read(fifo, Scores.PROBABILITIES);
            assertSameInput(file, piped);
            assertEquals(List.of("probs", "labels"),
                    piped.files().get(0).arrays().stream().map(InputFile.ArrayShape::name).toList());
            assertEquals(-1, piped.files().get(0).bytes(), "recorded as a stream");
        }
        StringBuilder csv = new StringBuilder("p0,p1,p2,label\n");
        for (int i = 0; i < 60; i++) {
            csv.append(values()[3 * i]).append(',').append(values()[3 * i + 1]).append(',')
                    .append(values()[3 * i + 2]).append(',').append(labels()[i]).append('\n');
        }
        Path text = NpyFiles.pipe(folder, "csv", csv.toString().getBytes(StandardCharsets.UTF_8));
        assertSameInput(file, InputFiles.read(text, Scores.PROBABILITIES));
        Path torn = NpyFiles.pipe(folder, "torn", Arrays.copyOf(NpyFiles.npz(arrays, true), 100));
        assertTrue(inputMessage(() -> InputFiles.read(torn, Scores.PROBABILITIES)).startsWith(torn + ": "));
        Path binary = NpyFiles.pipe(folder, "binary", new byte[] {'P', 'K', 9, 9, (byte) 0xff, (byte) 0xfe});
        assertEquals(binary + ": cannot read: not UTF-8 text",
                inputMessage(() -> InputFiles.read(binary, Scores.PROBABILITIES)));
    }

    @Test
    void aUnaryPlusInTheShapeIsReadAsNumpyReadsIt() throws IOException {
        NpyArray plus = read(NpyFiles.npy("<f8", false, "(+3,)", NpyFiles.doubles(LE, 1, 2, 3)));
        assertArrayEquals(new int[] {3}, plus.shape());
        assertArrayEquals(new double[] {1, 2, 3}, plus.values());
        assertTrue(message(NpyFiles.npy("<f8", false, "(+,)", new byte[8])).contains("malformed .npy header"));
    }

    @Test
    void npzArchivesStoredOrCompressed() throws IOException {
        byte[] probs = NpyFiles.npy("<f4", false, "(60, 3)", NpyFiles.floats(LE, values()));
        byte[] y = NpyFiles.npy("<i8", false, "(60,)", NpyFiles.longs(LE, labels()));
        Path stored = NpyFiles.write(folder, "stored.npz", NpyFiles.npz(Map.of("probs", probs, "labels", y), false));
        Path packed = NpyFiles.write(folder, "packed.npz", NpyFiles.npz(Map.of("probs", probs, "labels", y), true));
        Path npy = NpyFiles.write(folder, "p.npy", probs);
        Path labels = NpyFiles.write(folder, "y.npy", y);
        LabelledPredictions a = InputFiles.readNpz(stored);
        assertEquals(60, a.predictions().size());
        assertEquals((float) values()[7], a.predictions().points().toArray()[7], 1e-6);
        assertSameInput(a, InputFiles.readNpz(packed));
        assertSameInput(a, InputFiles.read(packed, Scores.LOGITS));
        assertSameInput(a, InputFiles.readNpy(npy, labels, Scores.PROBABILITIES));
        assertEquals(2, Npz.read(stored).size());
    }

    @Test
    void npzWithLogitsAndOneHotLabels() throws IOException {
        double[] logits = new double[60 * 3];
        double[] oneHot = new double[60 * 3];
        for (int i = 0; i < 60; i++) {
            for (int k = 0; k < 3; k++) {
                logits[i * 3 + k] = Math.log(values()[i * 3 + k]) * 7 + 40;
            }
            oneHot[i * 3 + DATA.samples().labels()[i]] = 1;
        }
        byte[] l = NpyFiles.npy("<f8", false, "(60, 3)", NpyFiles.doubles(LE, logits));
        byte[] y = NpyFiles.npy("<f8", false, "(60, 3)", NpyFiles.doubles(LE, oneHot));
        Path npz = NpyFiles.write(folder, "logits.npz", NpyFiles.npz(Map.of("logits", l, "labels", y), true));
        LabelledPredictions read = InputFiles.readNpz(npz);
        assertArrayEquals(DATA.samples().labels(), read.labels().toArray());
        // softmax(7 log p + 40) = p^7 / Σ p^7
        double[] p = values();
        double norm = Math.pow(p[0], 7) + Math.pow(p[1], 7) + Math.pow(p[2], 7);
        assertEquals(Math.pow(p[0], 7) / norm, read.predictions().get(0, 0), 1e-12);
        oneHot[5] = 1;
        Path bad = NpyFiles.write(folder, "bad.npz", NpyFiles.npz(Map.of("logits", l,
                "labels", NpyFiles.npy("<f8", false, "(60, 3)", NpyFiles.doubles(LE, oneHot))), false));
        String m = inputMessage(() -> InputFiles.readNpz(bad));
        assertTrue(m.contains("bad.npz[labels]: row 2 is not one-hot"), m);
    }

    @Test
    void brokenNpzArchives() throws IOException {
        Path junk = Files.write(folder.resolve("junk.npz"), "this is not a zip file".getBytes(StandardCharsets.UTF_8));
        String a = inputMessage(() -> InputFiles.readNpz(junk));
        assertTrue(a.contains("junk.npz") && a.contains("zip"), a);
        byte[] y = NpyFiles.npy("<i8", false, "(60,)", NpyFiles.longs(LE, labels()));
        Path missing = NpyFiles.write(folder, "missing.npz", NpyFiles.npz(Map.of("labels", y, "other", y), false));
        String b = inputMessage(() -> InputFiles.readNpz(missing));
        assertTrue(b.contains("'probs' or 'logits'") && b.contains("other"), b);
        byte[] huge = NpyFiles.npy("<f8", false, "(2000000000, 1000)", new byte[16]);
        Path bomb = NpyFiles.write(folder, "bomb.npz", NpyFiles.npz(Map.of("probs", huge, "labels", y), true));
        String c = inputMessage(() -> InputFiles.readNpz(bomb));
        assertTrue(c.contains("bomb.npz[probs]"), c);
        String d = inputMessage(() -> InputFiles.readNpz(folder.resolve("absent.npz")));
        assertTrue(d.contains("absent.npz") && d.contains("no such file"), d);
    }

    @Test
    void npyFromAStreamIsNamedBySource() throws IOException {
        byte[] probs = NpyFiles.npy("<f8", false, "(60, 3)", NpyFiles.doubles(LE, values()));
        Path y = NpyFiles.write(folder, "y.npy", NpyFiles.npy("<i8", false, "(60,)", NpyFiles.longs(LE, labels())));
        LabelledPredictions read = InputFiles.readNpy(new ByteArrayInputStream(probs), "<stdin>", y, Scores.PROBABILITIES);
        assertArrayEquals(values(), read.predictions().points().toArray());
        byte[] cut = Arrays.copyOf(probs, probs.length - 8);
        String m = inputMessage(() -> InputFiles.readNpy(new ByteArrayInputStream(cut), "<stdin>", y, Scores.PROBABILITIES));
        assertTrue(m.startsWith("<stdin>: truncated"), m);
    }
}
