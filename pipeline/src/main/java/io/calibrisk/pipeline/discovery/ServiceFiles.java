package io.calibrisk.pipeline.discovery;

import io.calibrisk.api.CalibriskPlugin;
import io.calibrisk.pipeline.Untrusted;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The plugin classes listed in the service files {@value #SERVICE} of a class loader, read as
 * {@link java.util.ServiceLoader} reads them on the class path (UTF-8, one fully qualified
 * class name per line, {@code #} starts a comment, blank lines ignored, a class listed twice
 * counts once, the first), but each with the jar that listed it, so that a class that is
 * missing or cannot be loaded is reported with that jar.
 */
final class ServiceFiles {
    /** The service file of the plugin interface. */
    static final String SERVICE = "META-INF/services/" + CalibriskPlugin.class.getName();
    /** No honest service file comes near it; a larger one is refused rather than read into memory. */
    private static final int MAX_BYTES = 1 << 20;

    private ServiceFiles() {
    }

    /**
     * @param loader the class loader
     * @param skip   receives one line for each service file, or line of one, that cannot be used
     * @return class name → the jar (or folder) whose service file listed it first, in class-path order
     */
    static Map<String, String> read(ClassLoader loader, Consumer<String> skip) {
        Map<String, String> classes = new LinkedHashMap<>();
        Enumeration<URL> files;
        try {
            files = loader.getResources(SERVICE);
        } catch (IOException e) {
            skip.accept("plugin service files cannot be listed: " + Untrusted.escape(String.valueOf(e.getMessage())));
            return classes;
        }
        while (files.hasMoreElements()) {
            URL file = files.nextElement();
            String jar = PluginDiscovery.jarOf(file, SERVICE);
            String text;
            try (InputStream in = file.openStream()) {
                byte[] bytes = in.readNBytes(MAX_BYTES + 1);
                if (bytes.length > MAX_BYTES) {
                    skip.accept("plugins listed in " + jar + " skipped: its service file " + SERVICE
                            + " is larger than 1 MiB");
                    continue;
                }
                text = StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString();
            } catch (CharacterCodingException e) {
                skip.accept("plugins listed in " + jar + " skipped: its service file " + SERVICE + " is not UTF-8 text");
                continue;
            } catch (IOException e) {
                skip.accept("plugins listed in " + jar + " skipped: its service file " + SERVICE + " cannot be read: "
                        + Untrusted.escape(String.valueOf(e.getMessage()), 200));
                continue;
            }
            String[] lines = text.split("\n", -1);
            for (int i = 0; i < lines.length; i++) {
                String line = lines[i];
                int comment = line.indexOf('#');
                String name = (comment >= 0 ? line.substring(0, comment) : line).strip();
                if (name.isEmpty()) {
                    continue;
                }
                if (!isClassName(name)) {
                    skip.accept("plugin service file of " + jar + ", line " + (i + 1) + ": '" + Untrusted.escape(name, 80)
                            + "' is not a class name; skipped");
                    continue;
                }
                classes.putIfAbsent(name, jar);
            }
        }
        return classes;
    }

    /** As {@link java.util.ServiceLoader} checks a provider's name: dot-separated Java identifiers. */
    private static boolean isClassName(String name) {
        for (String part : name.split("\\.", -1)) {
            if (part.isEmpty() || !Character.isJavaIdentifierStart(part.codePointAt(0))) {
                return false;
            }
            for (int i = Character.charCount(part.codePointAt(0)); i < part.length(); i += Character.charCount(
                    part.codePointAt(i))) {
                if (!Character.isJavaIdentifierPart(part.codePointAt(i))) {
                    return false;
                }
            }
        }
        return true;
    }
}
