package io.calibrisk.pipeline.discovery;

import io.calibrisk.api.InvalidInputException;
import io.calibrisk.pipeline.Untrusted;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import java.util.zip.ZipException;

/**
 * The plugin jars of some folders, on one class loader. Every {@code *.jar} file is opened
 * before it goes on the class path: a class loader would pass over one that is not a zip
 * archive, is empty, cannot be read, or is not a regular file (a folder, a pipe, a broken link)
 * without a word, so each such jar is left out with one warning that names it, kept in
 * {@link #skipped()}. Jars are taken in file-name order within each folder, so that the class
 * path, and with it everything discovery reports, is the same from run to run.
 */
public final class PluginFolders {
    private static final Logger LOG = LoggerFactory.getLogger(PluginFolders.class);

    private final ClassLoader loader;
    private final List<Path> jars;
    private final List<String> skipped;

    private PluginFolders(ClassLoader loader, List<Path> jars, List<String> skipped) {
        this.loader = loader;
        this.jars = List.copyOf(jars);
        this.skipped = List.copyOf(skipped);
    }

    /**
     * @param folders folders of plugin jars, each an existing folder
     * @param parent  the class loader of calibrisk itself (the built-in plugins)
     * @return the jars that can be opened, on a class loader below {@code parent}
     * @throws InvalidInputException if a folder cannot be listed
     */
    public static PluginFolders scan(List<Path> folders, ClassLoader parent) {
        List<Path> usable = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        for (Path folder : folders) {
            List<Path> candidates;
            try (Stream<Path> files = Files.list(folder)) {
                candidates = files.filter(p -> p.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".jar"))
                        .sorted().toList();
            } catch (IOException e) {
                throw new InvalidInputException(Untrusted.escape(folder + ": cannot list the plugin folder: "
                        + (e instanceof AccessDeniedException ? "permission denied" : e.getMessage())));
            }
            for (Path jar : candidates) {
                String problem = problem(jar);
                if (problem == null) {
                    usable.add(jar);
                } else {
                    String line = Untrusted.escape("plugin jar " + jar + " skipped: " + problem);
                    LOG.warn(line);
                    skipped.add(line);
                }
            }
        }
        List<URL> urls = new ArrayList<>();
        for (Path jar : usable) {
            try {
                urls.add(jar.toAbsolutePath().toUri().toURL());
            } catch (MalformedURLException e) {
                throw new IllegalStateException("a file path is not a URL: " + jar, e);
            }
        }
        ClassLoader loader = urls.isEmpty() ? parent : new URLClassLoader("calibrisk-plugins", urls.toArray(new URL[0]),
                parent);
        return new PluginFolders(loader, usable, skipped);
    }

    /** @return why the jar cannot be used, or null if it opens as a zip archive */
    private static String problem(Path jar) {
        if (!Files.isRegularFile(jar)) {
            return Files.isDirectory(jar) ? "it is a folder, not a jar file"
                    : Files.exists(jar) ? "it is not a regular file" : "it is a broken link";
        }
        try {
            if (Files.size(jar) == 0) {
                return "the file is empty";
            }
            try (JarFile file = new JarFile(jar.toFile(), false)) {
                // Opening reads the zip's central directory: what the class loader needs.
                return file.size() == 0 ? "the jar holds no files" : null;
            }
        } catch (ZipException e) {
            return "not a jar (zip) file" + (e.getMessage() == null ? "" : ": " + e.getMessage());
        } catch (AccessDeniedException e) {
            return "cannot be read: permission denied";
        } catch (IOException | SecurityException e) {
            return "cannot be read: " + (e.getMessage() == null ? "input/output error" : e.getMessage());
        }
    }

    /** @return a class loader over calibrisk and every usable jar */
    public ClassLoader loader() {
        return loader;
    }

    /** @return the jars on the class path, in order */
    public List<Path> jars() {
        return jars;
    }

    /** @return one line per jar left out, naming it and why */
    public List<String> skipped() {
        return skipped;
    }
}
