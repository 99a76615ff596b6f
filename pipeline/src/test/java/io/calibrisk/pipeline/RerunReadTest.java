package io.calibrisk.pipeline;

import io.calibrisk.api.InvalidInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** A report to repeat is read whole, but never more of a file than a report can take. */
class RerunReadTest {

    @TempDir
    Path folder;

    private static String message(org.junit.jupiter.api.function.Executable read) {
        return assertThrows(InvalidInputException.class, read).getMessage();
    }

    @Test
    void aFileUpToTheLimitIsReadAndOneByteMoreIsRefused() throws IOException {
        String json = "{\"a\": 1}";
        Path exact = Files.writeString(folder.resolve("exact.json"), json + " ".repeat(100 - json.length()),
                StandardCharsets.UTF_8);
        assertEquals(1, Rerun.tree(exact, 100).path("a").asInt());
        assertEquals(exact + ": more than 99 bytes, far more than any calibrisk report; not a JSON report of a run",
                message(() -> Rerun.tree(exact, 99)));
    }

    @Test
    void anEndlessFileIsRefusedAtTheLimitInsteadOfFillingTheHeap() {
        Path zero = Path.of("/dev/zero");
        assumeTrue(Files.isReadable(zero), "no /dev/zero here");
        assertEquals("/dev/zero: more than " + Rerun.MAX_REPORT_BYTES + " bytes, far more than any calibrisk report; "
                + "not a JSON report of a run", message(() -> Rerun.readAll(zero)));
    }

    @Test
    void aMissingFileAndAFolderAreNamed() {
        Path missing = folder.resolve("missing.json");
        assertEquals(missing + ": no such file", message(() -> Rerun.readAll(missing)));
        String m = message(() -> Rerun.readAll(folder));
        assertTrue(m.startsWith(folder + ": cannot read: "), m);
    }

    @Test
    void aFileThatCannotBeOpenedIsNamedOnceWithTheSystemsReason() throws IOException {
        // two links to each other: opening either fails with a reason, whose exception's
        // message would name the file a second time
        Path one = folder.resolve("one.json");
        Path two = folder.resolve("two.json");
        Files.createSymbolicLink(one, two);
        Files.createSymbolicLink(two, one);
        String m = message(() -> Rerun.readAll(one));
        assertTrue(m.startsWith(one + ": cannot read: Too many levels of symbolic links"), m);
        assertEquals(1, m.split(java.util.regex.Pattern.quote(one.toString()), -1).length - 1, m);
    }
}
