package io.calibrisk.pipeline.io;

import io.calibrisk.api.InvalidInputException;
import io.calibrisk.testsupport.Generators;
import io.calibrisk.testsupport.Seeds;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringReader;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A seeded mutation loop over valid .npy, .npz, CSV and split files: every mutant must either
 * read or fail with one {@link InvalidInputException}; nothing else may escape (no other
 * exception, no out-of-memory error). Runs for a bounded time, {@code calibrisk.fuzz.seconds}
 * (default 10).
 */
class ReaderFuzzTest {

    @TempDir
    Path folder;

    @Test
    void mutatedFilesEitherReadOrFailCleanly() throws IOException {
        long seconds = Long.getLong("calibrisk.fuzz.seconds", 10);
        SplittableRandom random = new SplittableRandom(Seeds.seed());
        Generators.Dataset data = Generators.dataset(20, 3, Generators.RowStyle.MIXED, 1);
        double[] v = data.samples().probabilities();
        long[] y = Arrays.stream(data.samples().labels()).asLongStream().toArray();
        byte[] npy = NpyFiles.npy("<f8", false, "(20, 3)", NpyFiles.doubles(ByteOrder.LITTLE_ENDIAN, v));
        byte[] npyLabels = NpyFiles.npy("<i8", false, "(20,)", NpyFiles.longs(ByteOrder.LITTLE_ENDIAN, y));
        byte[] npz = NpyFiles.npz(Map.of("probs", npy, "labels", npyLabels), true);
        // A byte-order mark, a quoted header, quoted fields and CRLF give the CSV parser's states to mutate.
        StringBuilder csvText = new StringBuilder("\uFEFF\"a\",\"b, c\",c,label\r\n");
        for (int i = 0; i < 20; i++) {
            String quote = i % 2 == 0 ? "\"" : "";
            csvText.append(quote).append(v[3 * i]).append(quote).append(',').append(v[3 * i + 1]).append(',')
                    .append(v[3 * i + 2]).append(',').append(y[i]).append(i % 3 == 0 ? "\r\n" : "\n");
        }
        byte[] csv = csvText.toString().getBytes(StandardCharsets.UTF_8);
        byte[] split = "-1\n-1\n-1\n-1\n0\n0\n0\n0\n1\n1\n1\n1\n0\n1\n0\n1\n0\n1\n-1\n-1\n".getBytes(StandardCharsets.UTF_8);
        Path labels = Files.write(folder.resolve("labels.npy"), npyLabels);

        long deadline = System.nanoTime() + seconds * 1_000_000_000L;
        int iterations = 0;
        int accepted = 0;
        while (System.nanoTime() < deadline || iterations < 200) {
            int kind = iterations % 4;
            byte[] seed = kind == 0 ? npy : kind == 1 ? npz : kind == 2 ? csv : split;
            byte[] mutant = mutate(seed, random);
            try {
                switch (kind) {
                    case 0: {
                        Npy.read(new ByteArrayInputStream(mutant), random.nextBoolean() ? mutant.length : -1, "fuzz.npy");
                        Path file = Files.write(folder.resolve("fuzz.npy"), mutant);
                        InputFiles.readNpy(file, labels, Scores.of(random.nextBoolean()));
                        break;
                    }
                    case 1: {
                        if (random.nextBoolean()) {
                            // as a pipe is read: entry by entry from the local headers
                            Npz.read(new ByteArrayInputStream(mutant), "fuzz.npz", Set.of(), new ArrayList<>());
                            break;
                        }
                        Path file = Files.write(folder.resolve("fuzz.npz"), mutant);
                        Npz.read(file);
                        InputFiles.readNpz(file);
                        break;
                    }
                    case 2:
                        InputFiles.readCsv(new StringReader(new String(mutant, StandardCharsets.UTF_8)), "fuzz.csv",
                                Scores.of(random.nextBoolean()));
                        break;
                    default: {
                        Path file = Files.write(folder.resolve("split.txt"), mutant);
                        InputFiles.readSplit(file, 20);
                        break;
                    }
                }
                accepted++;
            } catch (InvalidInputException expected) {
                String m = expected.getMessage();
                assertTrue(m.contains("fuzz.") || m.contains("split.txt") || m.contains("labels.npy"), m);
            } catch (RuntimeException | Error e) {
                throw new AssertionError("kind " + kind + ", iteration " + iterations + ": " + e + " for mutant "
                        + Arrays.toString(Arrays.copyOf(mutant, Math.min(mutant.length, 200))), e);
            }
            iterations++;
        }
        System.out.printf("reader fuzz: %d mutants in %d s, %d read, %d refused cleanly%n", iterations, seconds, accepted,
                iterations - accepted);
        assertTrue(accepted > 0, "some mutants should still be valid");
    }

    private static byte[] mutate(byte[] original, SplittableRandom random) {
        byte[] bytes = original.clone();
        int mutations = 1 + random.nextInt(4);
        for (int m = 0; m < mutations; m++) {
            switch (random.nextInt(6)) {
                case 0:
                    if (bytes.length > 0) {
                        bytes[random.nextInt(bytes.length)] = (byte) random.nextInt(256);
                    }
                    break;
                case 1:
                    bytes = Arrays.copyOf(bytes, bytes.length == 0 ? 0 : random.nextInt(bytes.length));
                    break;
                case 2: {
                    int at = bytes.length == 0 ? 0 : random.nextInt(bytes.length);
                    byte[] insert = new byte[1 + random.nextInt(16)];
                    String alphabet = "0123456789(),.-'eE:{} \n";
                    for (int i = 0; i < insert.length; i++) {
                        insert[i] = (byte) alphabet.charAt(random.nextInt(alphabet.length()));
                    }
                    byte[] out = new byte[bytes.length + insert.length];
                    System.arraycopy(bytes, 0, out, 0, at);
                    System.arraycopy(insert, 0, out, at, insert.length);
                    System.arraycopy(bytes, at, out, at + insert.length, bytes.length - at);
                    bytes = out;
                    break;
                }
                case 3:
                    if (bytes.length > 10) {
                        // Header digits are where shapes and lengths live.
                        int at = 8 + random.nextInt(Math.min(120, bytes.length - 8));
                        bytes[at] = (byte) ('0' + random.nextInt(10));
                    }
                    break;
                case 4:
                    if (bytes.length > 2) {
                        int at = random.nextInt(bytes.length - 1);
                        bytes[at] ^= (byte) (1 << random.nextInt(8));
                    }
                    break;
                default:
                    if (bytes.length > 0) {
                        int from = random.nextInt(bytes.length);
                        int len = random.nextInt(bytes.length - from + 1);
                        byte[] out = Arrays.copyOf(bytes, bytes.length + len);
                        System.arraycopy(bytes, from, out, bytes.length, len);
                        bytes = out;
                    }
                    break;
            }
        }
        return bytes;
    }
}
