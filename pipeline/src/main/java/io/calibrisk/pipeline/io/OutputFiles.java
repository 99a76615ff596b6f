package io.calibrisk.pipeline.io;

import io.calibrisk.api.InvalidInputException;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.SecureRandom;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Writes reports, plots and data files through a temporary file in the same folder, moved into
 * place only when complete: a failure (or a crash) never leaves a truncated file under the
 * target name, and a reader never sees one half written.
 *
 * <p>What may be written over is decided twice, by {@link #check} before any work and again at
 * the moment of the final move: only a regular file, or a symbolic link to one (the file it
 * points to is replaced and the link kept), and only when replacing is allowed ({@code --force}).
 * A folder, a device, a pipe, a socket or a broken link is never replaced. Without
 * {@code replace} the final step is a hard link, which the file system refuses atomically if the
 * target appeared meanwhile (another program, or a second calibrisk writing the same file); the
 * temporary file then goes and the other program's file stays.
 *
 * <p>Temporary files are removed when the JVM shuts down before they were moved into place
 * (SIGTERM, SIGINT, {@code System.exit}); only a hard kill ({@code kill -9}) can leave one.
 */
public final class OutputFiles {

    /** Writes content to a stream. */
    @FunctionalInterface
    public interface Content {
        /**
         * @param out the stream
         * @throws IOException if writing fails
         */
        void writeTo(OutputStream out) throws IOException;
    }

    private static final SecureRandom RANDOM = new SecureRandom();
    /** A temporary file's name keeps at most this much of the target's, so that it stays within NAME_MAX. */
    private static final int NAME_KEPT = 200;
    /** Temporary files not yet moved into place, removed by the shutdown hook. */
    private static final Set<Path> PENDING = ConcurrentHashMap.newKeySet();
    private static volatile boolean hooked;

    /** Writes one output file, by any of the writers that go through {@link OutputFiles}. */
    @FunctionalInterface
    public interface Writing {
        /**
         * @throws IOException if writing fails
         */
        void run() throws IOException;
    }

    private OutputFiles() {
    }

    /**
     * {@link #check} for every output of a run, and that no two of them name one file.
     *
     * @param replace whether existing regular files may be replaced ({@code --force})
     * @param targets the files the run will write (nulls ignored)
     * @throws InvalidInputException naming the file and the problem
     */
    public static void checkAll(boolean replace, Path... targets) {
        Set<Path> seen = new HashSet<>();
        for (Path target : targets) {
            if (target == null) {
                continue;
            }
            if (!seen.add(target.toAbsolutePath().normalize())) {
                throw new InvalidInputException(target + ": named for two outputs; give each output its own file");
            }
            check(target, replace);
        }
    }

    /**
     * Writes an output file, saying which file failed and why in one line: a refusal at the
     * moment of the move (the file was created meanwhile, or is no longer a regular file) is
     * bad input, any other failure to write an {@link IOException} that names the file.
     *
     * @param target  the file
     * @param writing what writes it
     * @throws InvalidInputException if the file exists and may not be replaced
     * @throws IOException           naming the file, if writing fails
     */
    public static void written(Path target, Writing writing) throws IOException {
        try {
            writing.run();
        } catch (FileAlreadyExistsException e) {
            throw new InvalidInputException(e.getMessage());
        } catch (IOException e) {
            throw new IOException(target + ": cannot write: " + describe(e), e);
        }
    }

    /**
     * Checks, before any work, that a file can be written where asked: the target is not a
     * folder, a device, a pipe, a socket or a broken link; it does not exist unless
     * {@code replace}; and its folder (or the nearest existing folder above it, when folders
     * are to be created) accepts a new file.
     *
     * @param target  the file to write
     * @param replace whether an existing regular file may be replaced ({@code --force})
     * @throws InvalidInputException naming the target and the problem
     */
    public static void check(Path target, boolean replace) {
        Path folder = existingFolder(target.toAbsolutePath().getParent(), target);
        Path destination;
        try {
            destination = destination(target, replace);
        } catch (FileAlreadyExistsException e) {
            throw new InvalidInputException(e.getMessage());
        }
        folder = existingFolder(destination.getParent(), target);
        Path probe;
        try {
            probe = createTemporary(folder, destination.getFileName().toString());
        } catch (IOException e) {
            throw new InvalidInputException(target + ": cannot write to the folder " + folder + ": "
                    + IoMessages.describe(e));
        }
        try {
            Files.deleteIfExists(probe);
        } catch (IOException e) {
            // Only an empty hidden file can remain; the shutdown hook tries again.
            return;
        }
        PENDING.remove(probe);
    }

    /**
     * @return the folder itself or, if it is to be created, the nearest folder above it that exists
     * @throws InvalidInputException if that is not a folder
     */
    private static Path existingFolder(Path folder, Path target) {
        Path existing = folder;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null || !Files.isDirectory(existing)) {
            throw new InvalidInputException(target + ": cannot be created: " + (existing == null ? "no folder"
                    : existing + " is not a folder"));
        }
        return existing;
    }

    /**
     * Writes a file, replacing an existing regular file (as {@code --force} does).
     *
     * @param target  the file to create or replace
     * @param content what to write
     * @throws FileAlreadyExistsException if the target is a folder, a broken link or not a
     *     regular file
     * @throws IOException                if writing or moving fails; the target is then
     *     untouched and the temporary file removed
     */
    public static void write(Path target, Content content) throws IOException {
        write(target, true, content);
    }

    /**
     * Writes a file; call {@link #check} with the same arguments before the work that computes
     * the content, so that a target that cannot be written is refused before it is spent.
     *
     * @param target  the file to create (or replace)
     * @param replace whether an existing regular file may be replaced; without it a target that
     *                exists when the content is complete (it appeared after {@link #check}:
     *                another program, or a second calibrisk writing the same file) is left
     *                alone
     * @param content what to write
     * @throws FileAlreadyExistsException if the target exists and may not be replaced, or is
     *     not a regular file (a folder, a device, a pipe, a broken link), checked before the
     *     content is written and again at the moment of the move; its message names the target
     *     and the problem
     * @throws IOException                if writing or moving fails (the content's own
     *     exceptions pass unchanged); the target is then untouched and the temporary file removed
     */
    public static void write(Path target, boolean replace, Content content) throws IOException {
        // Whether the target exists is decided at the move, atomically; here only what it is.
        Path destination = destination(target, true);
        Path folder = destination.getParent();
        Path temporary = null;
        try {
            Files.createDirectories(folder);
            temporary = createTemporary(folder, destination.getFileName().toString());
            try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.WRITE);
                 OutputStream out = new BufferedOutputStream(Channels.newOutputStream(channel), 1 << 16)) {
                content.writeTo(out);
                out.flush();
                // On disk before the move, so that a power failure cannot leave an empty file under the target name.
                channel.force(true);
            }
            if (replace) {
                replace(temporary, destination, target);
            } else {
                create(temporary, destination, target);
            }
        } finally {
            if (temporary != null) {
                Files.deleteIfExists(temporary);
                PENDING.remove(temporary);
            }
        }
    }

    /** Moves the file into place without ever replacing anything: a hard link fails if the target exists. */
    private static void create(Path temporary, Path destination, Path target) throws IOException {
        try {
            Files.createLink(destination, temporary);
        } catch (FileAlreadyExistsException e) {
            throw appeared(target);
        } catch (UnsupportedOperationException | IOException e) {
            // A file system without hard links: a move without REPLACE_EXISTING checks just before.
            try {
                Files.move(temporary, destination);
            } catch (FileAlreadyExistsException again) {
                throw appeared(target);
            }
        }
    }

    private static void replace(Path temporary, Path destination, Path target) throws IOException {
        // The target may have been swapped for a device or a folder since the check before the work.
        kindOf(destination, target, true);
        try {
            Files.move(temporary, destination, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temporary, destination, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static FileAlreadyExistsException appeared(Path target) {
        return refused(target, "was created by another program while calibrisk ran; it was left as it is and "
                + "nothing was written (use --force to overwrite it)");
    }

    private static FileAlreadyExistsException refused(Path target, String problem) {
        return new FileAlreadyExistsException(target.toString(), null, problem);
    }

    /**
     * @param e a failure to write
     * @return what went wrong, in words, without a class name and without the name of the
     *     temporary file
     */
    public static String describe(IOException e) {
        return e instanceof FileAlreadyExistsException ? ((FileAlreadyExistsException) e).getReason()
                : IoMessages.describe(e);
    }

    /**
     * @return the file to write: the target itself, or the regular file a symbolic link points to
     * @throws FileAlreadyExistsException if the target is a folder, not a regular file, a broken
     *     link, or exists when it may not be replaced
     */
    private static Path destination(Path target, boolean replace) throws FileAlreadyExistsException {
        Path absolute = target.toAbsolutePath();
        if (absolute.getFileName() == null) {
            throw refused(target, "is a folder, not a file");
        }
        Path destination = absolute;
        if (Files.isSymbolicLink(absolute)) {
            try {
                destination = absolute.toRealPath();
            } catch (IOException e) {
                throw refused(target, "is a symbolic link to nothing (" + IoMessages.describe(e)
                        + "); calibrisk writes only to a regular file or a link to one");
            }
        }
        kindOf(destination, target, replace);
        return destination;
    }

    /**
     * Accepts a file that does not exist, or a regular file that may be replaced.
     *
     * @throws FileAlreadyExistsException if it is anything else, or may not be replaced
     */
    private static void kindOf(Path file, Path target, boolean replace) throws FileAlreadyExistsException {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            return;
        } catch (IOException e) {
            throw refused(target, "cannot be examined: " + IoMessages.describe(e));
        }
        if (attributes.isDirectory()) {
            throw refused(target, "is a folder; give a file name, e.g. " + target.resolve("report.json"));
        }
        if (!attributes.isRegularFile()) {
            throw refused(target, "is not a regular file (a device, pipe, socket or link); calibrisk writes only "
                    + "to regular files, and replaces nothing else, even with --force");
        }
        if (!replace) {
            throw refused(target, "exists; use --force to overwrite it");
        }
    }

    /** A new, empty hidden file beside the target, registered for removal at shutdown. */
    private static Path createTemporary(Path folder, String name) throws IOException {
        hook();
        String stem = name.length() > NAME_KEPT ? name.substring(0, NAME_KEPT) : name;
        while (true) {
            // Not Files.createTempFile: its files are private (0600), and the move would keep
            // that; a plain new file gets the user's usual permissions from the umask.
            Path temporary = folder.resolve("." + stem + "." + Long.toUnsignedString(RANDOM.nextLong(), 36) + ".tmp");
            PENDING.add(temporary);
            try {
                Files.newByteChannel(temporary, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE).close();
                return temporary;
            } catch (FileAlreadyExistsException e) {
                PENDING.remove(temporary);
            } catch (IOException e) {
                PENDING.remove(temporary);
                throw e;
            }
        }
    }

    private static void hook() {
        if (hooked) {
            return;
        }
        synchronized (PENDING) {
            if (hooked) {
                return;
            }
            hooked = true;
            try {
                Runtime.getRuntime().addShutdownHook(new Thread(OutputFiles::removePending, "calibrisk-temporary-files"));
            } catch (IllegalStateException e) {
                // Already shutting down: nothing will be moved into place any more.
                hooked = true;
            }
        }
    }

    /** Removes every temporary file not yet moved into place; run by the shutdown hook. */
    static void removePending() {
        for (Path temporary : PENDING) {
            try {
                Files.deleteIfExists(temporary);
            } catch (IOException e) {
                // Shutting down: nothing more can be done about it.
                continue;
            }
            PENDING.remove(temporary);
        }
    }
}
