package io.calibrisk.cli;

import io.calibrisk.api.InvalidInputException;
import io.calibrisk.pipeline.io.Npy;
import io.calibrisk.pipeline.io.NpyArray;
import io.calibrisk.pipeline.io.Npz;
import io.calibrisk.testsupport.Generators;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;

import static io.calibrisk.cli.CliTest.run;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Malformed, unusual and adversarial .npy and .npz files. */
class HostileFilesTest {
    private static final ByteOrder LE = ByteOrder.LITTLE_ENDIAN;
    private static final ByteOrder BE = ByteOrder.BIG_ENDIAN;
    private static final Generators.Dataset DATA = Generators.dataset(60, 3, Generators.RowStyle.CONFIDENT, 8);

    @TempDir
    Path folder;

    private static double[] values() {
        return DATA.predictions().points().toArray();
    }

    private static long[] labels() {
        return Arrays.stream(DATA.labels().toArray()).asLongStream().toArray();
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
    void endToEndABigEndianFortranFileGivesTheSameReport() throws IOException {
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
        CliTest.Result a = run("evaluate", "--probs", plain.toString(), "--labels", y.toString(), "--format=json", "--no-timings");
        CliTest.Result b = run("evaluate", "--probs", odd.toString(), "--labels", y.toString(), "--format=json", "--no-timings");
        assertEquals(0, a.status(), a.err());
        assertEquals(a.out(), b.out());
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
        assertTrue(message(NpyFiles.npy("<f8", false, "(9223372036854775807, 9223372036854775807)", new byte[8]))
                .contains("shape"));
        byte[] streamed = NpyFiles.npy("<f8", false, "(100000000000,)", new byte[8]);
        InvalidInputException e = assertThrows(InvalidInputException.class,
                () -> Npy.read(new ByteArrayInputStream(streamed), -1, "<stdin>"));
        assertTrue(e.getMessage().startsWith("<stdin>:"), e.getMessage());
    }

    @Test
    void npzArchivesStoredOrCompressed() throws IOException {
        byte[] probs = NpyFiles.npy("<f4", false, "(60, 3)", NpyFiles.floats(LE, values()));
        byte[] y = NpyFiles.npy("<i8", false, "(60,)", NpyFiles.longs(LE, labels()));
        Path stored = NpyFiles.write(folder, "stored.npz", NpyFiles.npz(Map.of("probs", probs, "labels", y), false));
        Path packed = NpyFiles.write(folder, "packed.npz", NpyFiles.npz(Map.of("probs", probs, "labels", y), true));
        Path npy = NpyFiles.write(folder, "p.npy", probs);
        Path labels = NpyFiles.write(folder, "y.npy", y);
        CliTest.Result a = run("evaluate", "--input", stored.toString(), "--format=json", "--no-timings");
        CliTest.Result b = run("evaluate", "--input", packed.toString(), "--format=json", "--no-timings");
        CliTest.Result c = run("evaluate", "--probs", npy.toString(), "--labels", labels.toString(), "--format=json",
                "--no-timings");
        assertEquals(0, a.status(), a.err());
        assertEquals(a.out(), b.out());
        assertEquals(a.out(), c.out());
        assertEquals(2, Npz.read(stored).size());
    }

    @Test
    void npzWithLogitsAndOneHotLabels() throws IOException {
        double[] logits = new double[60 * 3];
        double[] oneHot = new double[60 * 3];
        for (int i = 0; i < 60; i++) {
            for (int k = 0; k < 3; k++) {
                logits[i * 3 + k] = Math.log(DATA.predictions().get(i, k)) * 7 + 40;
            }
            oneHot[i * 3 + DATA.labels().get(i)] = 1;
        }
        byte[] l = NpyFiles.npy("<f8", false, "(60, 3)", NpyFiles.doubles(LE, logits));
        byte[] y = NpyFiles.npy("<f8", false, "(60, 3)", NpyFiles.doubles(LE, oneHot));
        Path npz = NpyFiles.write(folder, "logits.npz", NpyFiles.npz(Map.of("logits", l, "labels", y), true));
        CliTest.Result result = run("evaluate", "--input", npz.toString());
        assertEquals(0, result.status(), result.err());
        oneHot[5] = 1;
        Path bad = NpyFiles.write(folder, "bad.npz", NpyFiles.npz(Map.of("logits", l,
                "labels", NpyFiles.npy("<f8", false, "(60, 3)", NpyFiles.doubles(LE, oneHot))), false));
        CliTest.Result notOneHot = run("evaluate", "--input", bad.toString());
        assertEquals(2, notOneHot.status());
        assertTrue(notOneHot.err().contains("bad.npz[labels]: row 1 is not one-hot"), notOneHot.err());
    }

    @Test
    void brokenNpzArchives() throws IOException {
        Path junk = Files.write(folder.resolve("junk.npz"), "this is not a zip file".getBytes(StandardCharsets.UTF_8));
        CliTest.Result a = run("evaluate", "--input", junk.toString());
        assertEquals(2, a.status());
        assertTrue(a.err().contains("junk.npz") && a.err().contains("zip"), a.err());
        byte[] y = NpyFiles.npy("<i8", false, "(60,)", NpyFiles.longs(LE, labels()));
        Path missing = NpyFiles.write(folder, "missing.npz", NpyFiles.npz(Map.of("labels", y, "other", y), false));
        CliTest.Result b = run("evaluate", "--input", missing.toString());
        assertEquals(2, b.status());
        assertTrue(b.err().contains("'probs' or 'logits'") && b.err().contains("other"), b.err());
        byte[] huge = NpyFiles.npy("<f8", false, "(2000000000, 1000)", new byte[16]);
        Path bomb = NpyFiles.write(folder, "bomb.npz", NpyFiles.npz(Map.of("probs", huge, "labels", y), true));
        CliTest.Result c = run("evaluate", "--input", bomb.toString());
        assertEquals(2, c.status());
        assertTrue(c.err().contains("bomb.npz[probs]"), c.err());
    }
}
