package io.calibrisk.api;

/**
 * A version of the SPI, {@code MAJOR.MINOR}. The major number changes when a signature
 * changes incompatibly; the minor number when something is added that older plugins need not
 * know (a default method, a new type). A runtime of version R loads a plugin compiled against
 * version P when their major numbers are equal and P's minor number is at most R's.
 *
 * @param major the major number, at least 0
 * @param minor the minor number, at least 0
 * @since 1.0
 */
public record SpiVersion(int major, int minor) {

    /** The version of the SPI on the class path, {@link CalibriskPlugin#SPI_VERSION}. */
    public static final SpiVersion CURRENT = parse(CalibriskPlugin.SPI_VERSION);

    /**
     * @throws InvalidSettingException if a number is negative
     */
    public SpiVersion {
        if (major < 0 || minor < 0) {
            throw InvalidSettingException.of("SPI version", major + "." + minor, "numbers must not be negative");
        }
    }

    /**
     * @param text {@code MAJOR.MINOR}, e.g. {@code 1.0}
     * @return the version
     * @throws InvalidSettingException if the text is not of that form
     */
    public static SpiVersion parse(String text) {
        String trimmed = text == null ? "" : text.strip();
        int dot = trimmed.indexOf('.');
        try {
            if (dot > 0 && dot < trimmed.length() - 1 && trimmed.indexOf('.', dot + 1) < 0) {
                return new SpiVersion(Integer.parseInt(trimmed.substring(0, dot)),
                        Integer.parseInt(trimmed.substring(dot + 1)));
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw InvalidSettingException.of("SPI version", text, "must be MAJOR.MINOR, e.g. " + CalibriskPlugin.SPI_VERSION);
    }

    /**
     * @param plugin the version a plugin was compiled against
     * @return whether a runtime of this version can load it
     */
    public boolean canLoad(SpiVersion plugin) {
        return plugin.major == major && plugin.minor <= minor;
    }

    @Override
    public String toString() {
        return major + "." + minor;
    }
}
