package io.calibrisk.api;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every SPI type says since which SPI version it exists: the javadoc of every public top-level
 * type, of every package and of the module carries {@code @since}. A nested type or a member
 * added with its enclosing type shares its version (the JDK's convention); one added later needs
 * its own tag, which {@link SpiSignatureTest}'s new lines point to.
 */
class SinceTagTest {
    private static final Pattern TOP_LEVEL = Pattern.compile(
            "^((?:@\\w+(?:\\([^)]*\\))?\\s+)*)public\\s+(?:(?:final|abstract|sealed|non-sealed)\\s+)*(?:class|interface|enum|record|@interface)\\s+(\\w+)",
            Pattern.MULTILINE);

    @Test
    void everySpiTypePackageAndTheModuleHaveSince() throws IOException {
        Path sources = Path.of(System.getProperty("basedir", ".")).resolve("src/main/java");
        List<String> missing = new ArrayList<>();
        List<Path> files;
        try (Stream<Path> walk = Files.walk(sources)) {
            files = walk.filter(p -> p.toString().endsWith(".java")).sorted().collect(Collectors.toList());
        }
        assertTrue(files.size() > 10, "no sources under " + sources.toAbsolutePath());
        for (Path file : files) {
            String text = Files.readString(file);
            String name = sources.relativize(file).toString();
            if (name.endsWith("package-info.java") || name.endsWith("module-info.java")) {
                String keyword = name.endsWith("package-info.java") ? "package " : "module ";
                if (!javadocBefore(text, text.indexOf("\n" + keyword) + 1).contains("@since")) {
                    missing.add(name);
                }
                continue;
            }
            Matcher m = TOP_LEVEL.matcher(text);
            while (m.find()) {
                if (!javadocBefore(text, m.start()).contains("@since")) {
                    missing.add(name + ": " + m.group(2));
                }
            }
        }
        assertTrue(missing.isEmpty(), "no @since in the javadoc of " + missing);
    }

    /** The javadoc comment that ends just before a declaration, or "". */
    private static String javadocBefore(String text, int declaration) {
        int end = text.lastIndexOf("*/", declaration);
        int start = end < 0 ? -1 : text.lastIndexOf("/**", end);
        if (start < 0 || !text.substring(end + 2, Math.max(end + 2, declaration)).isBlank()) {
            return "";
        }
        return text.substring(start, end);
    }
}
