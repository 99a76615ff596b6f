package io.calibrisk.cli;

import ch.qos.logback.classic.Level;
import io.calibrisk.api.CalibriskException;
import io.calibrisk.api.EstimationException;
import io.calibrisk.pipeline.Failures;
import io.calibrisk.pipeline.Untrusted;
import io.calibrisk.pipeline.discovery.PluginPath;
import io.calibrisk.pipeline.io.OutputFiles;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The {@code calibrisk} command. Exit status: 0 on success; 2 on bad input or bad usage, with
 * one line that names the file, the row and the problem (and a stack trace only with
 * {@code --verbose}), and also when an output file cannot or may not be written (a folder, a
 * device, an existing file without {@code --force}, a file another program created meanwhile);
 * 1 when writing fails (a full disk, a closed standard output) or on an internal error, with
 * one line. Every line printed is {@linkplain Untrusted#escape escaped}: file names, file
 * content, plugin texts and exception messages reach the terminal as visible text, never as
 * control sequences. Java class names appear only with {@code --verbose}.
 */
@Command(name = "calibrisk",
        mixinStandardHelpOptions = true,
        versionProvider = CalibriskCommand.Version.class,
        description = "Estimates how well a classifier's probabilities are calibrated. Every candidate estimator of "
                + "the squared calibration error is scored by an unbiased risk and tuned by cross-validation; the best "
                + "one reports the calibration error on a held-out split (Gruber & Bach, TMLR 2025).")
public final class CalibriskCommand implements Runnable {
    /** The subcommands, in the order help lists them (added by {@link #commandLine}). */
    private static final List<Class<?>> SUBCOMMANDS = List.of(EvaluateCommand.class, CompareCommand.class,
            ListCommand.class, SimulateCommand.class, picocli.AutoComplete.GenerateCompletion.class,
            CommandLine.HelpCommand.class);
    /** The subcommands that run without their siblings: neither help nor completion. */
    private static final List<Class<?>> ALONE = SUBCOMMANDS.subList(0, 4);

    /** Exit status for bad input or usage. */
    static final int BAD_INPUT = 2;
    /** Exit status for an internal error or a failure to write. */
    static final int INTERNAL_ERROR = 1;

    @Option(names = "--plugins", paramLabel = "DIR", scope = ScopeType.INHERIT,
            description = "Also load every plugin jar in DIR (repeatable). The plugins/ folder of the installation is always loaded.")
    List<Path> pluginFolders = new ArrayList<>();

    @Option(names = {"-v", "--verbose"}, scope = ScopeType.INHERIT,
            description = "Log progress and show stack traces of errors.")
    void setVerbose(boolean verbose) {
        this.verbose = verbose;
        if (verbose) {
            ch.qos.logback.classic.Logger root =
                    (ch.qos.logback.classic.Logger) LoggerFactory.getLogger(Logger.ROOT_LOGGER_NAME);
            root.setLevel(Level.INFO);
            // calibrisk's own stack traces (a failed estimator, a skipped plugin) are logged at debug.
            ((ch.qos.logback.classic.Logger) LoggerFactory.getLogger("io.calibrisk")).setLevel(Level.DEBUG);
        }
    }

    boolean verbose;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    private PluginPath pluginPath;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a command is required: evaluate, list or simulate");
    }

    /**
     * @return the plugin folders of this command: the installation's {@code plugins/} folder
     *     and every {@code --plugins} folder, discovered once
     */
    PluginPath pluginPath() {
        if (pluginPath == null) {
            pluginPath = new PluginPath(pluginFolders);
        }
        return pluginPath;
    }

    /**
     * @param args the command line
     */
    public static void main(String[] args) {
        StandardStreams.Writer out = StandardStreams.output();
        StandardStreams.Writer err = StandardStreams.error();
        StandardStreams.protect();
        AtomicBoolean finished = new AtomicBoolean();
        Thread stopped = new Thread(() -> {
            if (!finished.get()) {
                // Temporary files are removed by their own hook; this says why the run ends here.
                err.println("calibrisk: stopped before it finished (by a signal, or by a plugin that called "
                        + "System.exit); output files not yet written were not written");
                err.flush();
            }
        }, "calibrisk-stopped");
        Runtime.getRuntime().addShutdownHook(stopped);
        int status = run(args, out, err);
        finished.set(true);
        System.exit(status);
    }

    /**
     * Runs the command with the given streams; what {@link #main} does, for tests.
     *
     * @param args the command line
     * @param out  standard output
     * @param err  standard error
     * @return the exit status
     */
    static int run(String[] args, PrintWriter out, PrintWriter err) {
        CalibriskCommand root = new CalibriskCommand();
        CommandLine line = commandLine(root, args);
        line.setOut(out);
        line.setErr(err);
        line.setCaseInsensitiveEnumValuesAllowed(true);
        line.setParameterExceptionHandler((e, arguments) -> {
            CommandLine cmd = e.getCommandLine();
            cmd.getErr().println("calibrisk: " + Untrusted.escape(e.getMessage()));
            cmd.getErr().println("Try '" + cmd.getCommandSpec().qualifiedName() + " --help' for more information.");
            cmd.getErr().flush();
            return BAD_INPUT;
        });
        line.setExecutionExceptionHandler((e, cmd, parseResult) -> report(e, root.verbose, err));
        line.setExitCodeExceptionMapper(e -> e instanceof CalibriskException ? BAD_INPUT : INTERNAL_ERROR);
        int status;
        try {
            status = line.execute(args);
        } catch (Throwable e) {
            // An Error passes picocli's handler: a StackOverflowError, an OutOfMemoryError, a plugin's own.
            status = report(e, root.verbose, err);
        }
        out.flush();
        if (out.checkError()) {
            IOException failure = out instanceof StandardStreams.Writer ? ((StandardStreams.Writer) out).failure() : null;
            err.println("calibrisk: error: cannot write to standard output"
                    + (failure == null || failure.getMessage() == null ? "" : ": "
                    + Untrusted.escape(failure.getMessage(), 200)) + "; the output is incomplete");
            status = status == 0 ? INTERNAL_ERROR : status;
        }
        err.flush();
        return status;
    }

    /**
     * The command line with the subcommands {@code args} can reach: only the one named first
     * (evaluate, compare, list or simulate), none for {@code --version} alone, all of them
     * otherwise (help, completion, options before the subcommand, mistakes). Why: picocli reads
     * every subcommand's annotations when it is added, about 0.2 s of a run's start-up in all,
     * most of it for subcommands the run never uses. Subcommands must be added before the
     * settings and handlers, which apply to those present.
     *
     * @param root the root command
     * @param args the command line
     * @return the command line to execute
     */
    static CommandLine commandLine(CalibriskCommand root, String[] args) {
        CommandLine line = new CommandLine(root);
        String first = args.length > 0 ? args[0] : "";
        if (args.length == 1 && (first.equals("--version") || first.equals("-V"))) {
            return line;
        }
        for (Class<?> subcommand : ALONE) {
            if (subcommand.getAnnotation(Command.class).name().equals(first)) {
                return line.addSubcommand(subcommand);
            }
        }
        SUBCOMMANDS.forEach(line::addSubcommand);
        return line;
    }

    /**
     * Prints a failure as one line (and its stack trace with {@code --verbose}).
     *
     * @return the exit status it deserves
     */
    private static int report(Throwable e, boolean verbose, PrintWriter err) {
        if (verbose) {
            StringWriter trace = new StringWriter();
            e.printStackTrace(new PrintWriter(trace));
            trace.toString().lines().forEach(l -> err.println(Untrusted.escape(l.replace("\t", "    "))));
        }
        int status;
        String line;
        if ((e instanceof CalibriskException && !(e instanceof EstimationException))
                || e instanceof FileAlreadyExistsException) {
            // calibrisk's own one-line messages: they name the file, the row or the setting.
            status = BAD_INPUT;
            line = "calibrisk: error: " + Untrusted.escape(String.valueOf(e.getMessage()));
        } else if (e instanceof IOException) {
            status = INTERNAL_ERROR;
            String file = e instanceof FileSystemException ? ((FileSystemException) e).getFile() : null;
            line = "calibrisk: error: " + Untrusted.escape(file == null ? OutputFiles.describe((IOException) e)
                    : file + ": " + OutputFiles.describe((IOException) e));
        } else if (e instanceof OutOfMemoryError) {
            status = INTERNAL_ERROR;
            line = String.format(Locale.ROOT, "calibrisk: error: ran out of memory (the JVM's heap is %d MiB); give the "
                    + "JVM more memory (JAVA_OPTS=-Xmx...)", Runtime.getRuntime().maxMemory() >> 20);
        } else {
            status = INTERNAL_ERROR;
            line = "calibrisk: internal error: " + Failures.describe(e)
                    + (verbose || Failures.describe(e).contains("--verbose") ? "" : " (run with --verbose for details)");
        }
        err.println(line);
        err.flush();
        return status;
    }

    /** The version from the jar's manifest. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String version = CalibriskCommand.class.getPackage().getImplementationVersion();
            return new String[] {"calibrisk " + (version == null ? "(development build)" : version),
                "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ")"};
        }
    }
}
