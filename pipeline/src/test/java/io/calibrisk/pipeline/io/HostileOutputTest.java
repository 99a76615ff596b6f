package io.calibrisk.pipeline.io;

import io.calibrisk.api.InvalidInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Output targets an attacker (or an accident) prepares: devices and pipes, folders, links,
 * files that appear while calibrisk computes, folders that refuse new files, and signals while
 * a file is being written. Only a regular file, or a link to one, is ever replaced, and only
 * when asked; nothing is left behind.
 */
class HostileOutputTest {

    @TempDir
    Path folder;

    private static OutputFiles.Content text(String content) {
        return out -> out.write(content.getBytes(StandardCharsets.UTF_8));
    }

    /** A named pipe: a non-regular file a test can make without privileges, standing for a device such as /dev/full. */
    private Path fifo(String name) throws IOException, InterruptedException {
        Path fifo = folder.resolve(name);
        Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).redirectErrorStream(true).start();
        assumeTrue(mkfifo.waitFor(30, TimeUnit.SECONDS) && mkfifo.exitValue() == 0, "mkfifo is available");
        assertTrue(Files.exists(fifo) && !Files.isRegularFile(fifo));
        return fifo;
    }

    private List<String> leftovers() throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".tmp")).toList();
        }
    }

    @Test
    void aPipeOrDeviceIsNeverReplacedEvenWithForce() throws Exception {
        Path fifo = fifo("report.json");
        for (boolean replace : new boolean[] {false, true}) {
            String before = assertThrows(InvalidInputException.class, () -> OutputFiles.check(fifo, replace))
                    .getMessage();
            assertEquals(fifo + ": is not a regular file (a device, pipe, socket or link); calibrisk writes only to "
                    + "regular files, and replaces nothing else, even with --force", before);
            FileAlreadyExistsException atWrite = assertThrows(FileAlreadyExistsException.class,
                    () -> OutputFiles.write(fifo, replace, text("{}")));
            assertEquals(before, atWrite.getMessage());
        }
        assertTrue(Files.exists(fifo) && !Files.isRegularFile(fifo), "still a pipe");
        Path link = Files.createSymbolicLink(folder.resolve("link.json"), fifo);
        assertThrows(InvalidInputException.class, () -> OutputFiles.check(link, true));
        assertThrows(FileAlreadyExistsException.class, () -> OutputFiles.write(link, true, text("{}")));
        assertTrue(Files.isSymbolicLink(link));
        assertEquals(List.of(), leftovers());
    }

    @Test
    void aFolderIsNamedAndLeftAlone() throws IOException {
        Path target = Files.createDirectory(folder.resolve("out"));
        String message = assertThrows(InvalidInputException.class, () -> OutputFiles.check(target, true)).getMessage();
        assertEquals(target + ": is a folder; give a file name, e.g. " + target.resolve("report.json"), message);
        assertThrows(FileAlreadyExistsException.class, () -> OutputFiles.write(target, true, text("{}")));
        assertTrue(Files.isDirectory(target));
        try (Stream<Path> inside = Files.list(target)) {
            assertEquals(0, inside.count());
        }
    }

    @Test
    void aLinkToARegularFileWritesThatFileAndKeepsTheLink() throws IOException {
        Path real = Files.writeString(folder.resolve("real.json"), "old");
        Path link = Files.createSymbolicLink(folder.resolve("link.json"), real);
        assertEquals(link + ": exists; use --force to overwrite it",
                assertThrows(InvalidInputException.class, () -> OutputFiles.check(link, false)).getMessage());
        OutputFiles.check(link, true);
        OutputFiles.write(link, true, text("new"));
        assertTrue(Files.isSymbolicLink(link), "the link stays a link");
        assertEquals("new", Files.readString(real));
        Path broken = Files.createSymbolicLink(folder.resolve("broken.json"), folder.resolve("nowhere/x.json"));
        String message = assertThrows(InvalidInputException.class, () -> OutputFiles.check(broken, true)).getMessage();
        assertTrue(message.startsWith(broken + ": is a symbolic link to nothing"), message);
        assertFalse(Files.exists(folder.resolve("nowhere")));
        assertEquals(List.of(), leftovers());
    }

    /** Another program creates the target while the report is computed: without --force it is kept, and the run says so. */
    @Test
    void aFileThatAppearsDuringTheRunIsNotOverwrittenWithoutForce() throws IOException {
        Path target = folder.resolve("report.json");
        OutputFiles.check(target, false);
        FileAlreadyExistsException e = assertThrows(FileAlreadyExistsException.class,
                () -> OutputFiles.write(target, false, out -> {
                    out.write("mine".getBytes(StandardCharsets.UTF_8));
                    Files.writeString(target, "theirs");
                }));
        assertEquals(target + ": was created by another program while calibrisk ran; it was left as it is and "
                + "nothing was written (use --force to overwrite it)", e.getMessage());
        assertEquals("theirs", Files.readString(target));
        assertEquals(List.of(), leftovers());
        OutputFiles.write(target, true, text("mine"));
        assertEquals("mine", Files.readString(target));
    }

    /** The same refusal through {@link OutputFiles#written}: bad input, in one line that names the file. */
    @Test
    void aRefusalAtTheMoveIsBadInputAndAnyOtherFailureNamesTheFile() throws IOException {
        Path target = folder.resolve("report.json");
        Files.writeString(target, "theirs");
        InvalidInputException refused = assertThrows(InvalidInputException.class,
                () -> OutputFiles.written(target, () -> OutputFiles.write(target, false, text("mine"))));
        assertTrue(refused.getMessage().startsWith(target + ": "), refused.getMessage());
        assertEquals("theirs", Files.readString(target));
        IOException failed = assertThrows(IOException.class, () -> OutputFiles.written(target, () -> {
            throw new IOException("No space left on device");
        }));
        assertEquals(target + ": cannot write: No space left on device", failed.getMessage());
        OutputFiles.written(target, () -> OutputFiles.write(target, true, text("mine")));
        assertEquals("mine", Files.readString(target));
    }

    /** Two outputs of one run (a report and a plot) that name one file, however spelled, fail before any work. */
    @Test
    void twoOutputsNamingOneFileAreRefused() {
        Path report = folder.resolve("report.json");
        Path again = folder.resolve(".").resolve("report.json");
        InvalidInputException e = assertThrows(InvalidInputException.class,
                () -> OutputFiles.checkAll(false, report, null, again));
        assertEquals(again + ": named for two outputs; give each output its own file", e.getMessage());
        OutputFiles.checkAll(false, report, null, folder.resolve("plot.svg"));
    }

    /** With --force, the target is checked again at the move: a pipe put in its place meanwhile is not replaced. */
    @Test
    void aTargetSwappedForAPipeDuringTheRunIsNotReplaced() throws Exception {
        Path target = Files.writeString(folder.resolve("report.json"), "old");
        OutputFiles.check(target, true);
        assertThrows(FileAlreadyExistsException.class, () -> OutputFiles.write(target, true, out -> {
            Files.delete(target);
            try {
                fifo("report.json");
            } catch (InterruptedException e) {
                throw new IOException(e);
            }
        }));
        assertFalse(Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS));
        assertEquals(List.of(), leftovers());
    }

    @Test
    void aFolderThatCannotTakeTheFileIsFoundBeforeAnyWork() throws IOException {
        Path file = Files.writeString(folder.resolve("not-a-folder"), "x");
        String message = assertThrows(InvalidInputException.class,
                () -> OutputFiles.check(file.resolve("sub/report.json"), false)).getMessage();
        assertEquals(file.resolve("sub/report.json") + ": cannot be created: " + file + " is not a folder", message);
        // Permissions bind everyone but root; root meets a folder that takes no file in /proc.
        if ("root".equals(System.getProperty("user.name"))) {
            Path proc = Path.of("/proc/self");
            assumeTrue(Files.isDirectory(proc), "no /proc on this system, and running as root");
            String refused = assertThrows(InvalidInputException.class,
                    () -> OutputFiles.check(proc.resolve("report.json"), false)).getMessage();
            assertTrue(refused.startsWith(proc.resolve("report.json") + ": cannot write to the folder "),
                    refused);
            return;
        }
        Path locked = Files.createDirectory(folder.resolve("locked"));
        Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("r-xr-xr-x"));
        try {
            String refused = assertThrows(InvalidInputException.class,
                    () -> OutputFiles.check(locked.resolve("report.json"), false)).getMessage();
            assertEquals(locked.resolve("report.json") + ": cannot write to the folder " + locked
                    + ": permission denied", refused);
        } finally {
            Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
    }

    @Test
    void aCheckLeavesNothingBehindAndCreatesNoFolders() throws IOException {
        Path nested = folder.resolve("a/b/report.json");
        OutputFiles.check(nested, false);
        assertFalse(Files.exists(folder.resolve("a")));
        try (Stream<Path> files = Files.list(folder)) {
            assertEquals(0, files.count());
        }
        OutputFiles.write(nested, false, text("x"));
        assertEquals("x", Files.readString(nested));
    }

    @Test
    void sigtermAndSigintWhileWritingLeaveNoTemporaryFile() throws Exception {
        for (String signal : signals()) {
            Path target = folder.resolve("report-" + signal + ".json");
            Process writer = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp", System.getProperty("java.class.path"), SlowWrite.class.getName(), target.toString())
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            try (BufferedReader out = new BufferedReader(new InputStreamReader(writer.getInputStream(),
                    StandardCharsets.UTF_8))) {
                assertEquals("writing", out.readLine(), "the writer started");
                assertEquals(1, leftovers().size(), "a temporary file while writing");
                Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(writer.pid())).start();
                assertTrue(kill.waitFor(30, TimeUnit.SECONDS));
                assertTrue(writer.waitFor(60, TimeUnit.SECONDS), "the writer ended on SIG" + signal);
            } finally {
                writer.destroyForcibly();
            }
            assertEquals(List.of(), leftovers(), "SIG" + signal);
            assertFalse(Files.exists(target));
        }
    }

    /**
     * TERM, and INT unless this process ignores it: a background job of a shell without job
     * control ignores SIGINT, its children inherit that, and a JVM started so rightly leaves
     * SIGINT alone (it keeps running), so there is nothing to test then.
     */
    private static List<String> signals() throws IOException {
        Path status = Path.of("/proc/self/status");
        if (Files.isReadable(status)) {
            for (String line : Files.readAllLines(status, StandardCharsets.UTF_8)) {
                if (line.startsWith("SigIgn:") && (Long.parseUnsignedLong(line.substring(7).trim(), 16) & 2) != 0) {
                    return List.of("TERM");
                }
            }
        }
        return List.of("TERM", "INT");
    }
}
