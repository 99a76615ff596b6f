package io.calibrisk.cli;

import ch.qos.logback.classic.Level;
import io.calibrisk.api.CalibriskException;
import io.calibrisk.api.EstimationException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code calibrisk} command. Exit status: 0 on success; 2 on bad input or bad usage, with
 * one line that names the file, the row and the problem (and a stack trace only with
 * {@code --verbose}); 1 on an internal error.
 */
@Command(name = "calibrisk",
        mixinStandardHelpOptions = true,
        versionProvider = CalibriskCommand.Version.class,
        description = {
            "Estimates how well a classifier's probabilities are calibrated. Every candidate estimator of the",
            "squared calibration error is scored by an unbiased risk and tuned by cross-validation; the best",
            "one reports the calibration error on a held-out split (Gruber & Bach, TMLR 2025)."},
        subcommands = {EvaluateCommand.class, CompareCommand.class, ListCommand.class, SimulateCommand.class,
            picocli.AutoComplete.GenerateCompletion.class,
            CommandLine.HelpCommand.class})
public final class CalibriskCommand implements Runnable {
    /** Exit status for bad input or usage. */
    static final int BAD_INPUT = 2;
    /** Exit status for an internal error. */
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
        }
    }

    boolean verbose;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a command is required: evaluate, list or simulate");
    }

    /**
     * @param args the command line
     */
    public static void main(String[] args) {
        System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
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
        CommandLine line = new CommandLine(root);
        line.setOut(out);
        line.setErr(err);
        line.setCaseInsensitiveEnumValuesAllowed(true);
        line.setParameterExceptionHandler((e, arguments) -> {
            CommandLine cmd = e.getCommandLine();
            cmd.getErr().println("calibrisk: " + e.getMessage());
            cmd.getErr().println("Try '" + cmd.getCommandSpec().qualifiedName() + " --help' for more information.");
            cmd.getErr().flush();
            return BAD_INPUT;
        });
        line.setExecutionExceptionHandler((e, cmd, parseResult) -> {
            boolean userError = e instanceof CalibriskException && !(e instanceof EstimationException);
            if (root.verbose) {
                e.printStackTrace(cmd.getErr());
            }
            if (userError) {
                cmd.getErr().println("calibrisk: error: " + e.getMessage());
            } else {
                cmd.getErr().println("calibrisk: internal error: " + e
                        + (root.verbose ? "" : " (run with --verbose for details)"));
            }
            cmd.getErr().flush();
            return userError ? BAD_INPUT : INTERNAL_ERROR;
        });
        line.setExitCodeExceptionMapper(e -> e instanceof CalibriskException ? BAD_INPUT : INTERNAL_ERROR);
        int status = line.execute(args);
        out.flush();
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
