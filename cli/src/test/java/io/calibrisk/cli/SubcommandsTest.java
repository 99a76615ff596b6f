package io.calibrisk.cli;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A run gets the subcommands it can reach: picocli reads each one's annotations when it is added. */
class SubcommandsTest {

    private static final List<String> ALL = List.of("evaluate", "compare", "list", "simulate", "generate-completion",
            "help");

    private static List<String> reached(String... args) {
        return List.copyOf(CalibriskCommand.commandLine(new CalibriskCommand(), args).getSubcommands().keySet());
    }

    @Test
    void aSubcommandNamedFirstRunsAlone() {
        assertEquals(List.of("evaluate"), reached("evaluate", "--example"));
        assertEquals(List.of("compare"), reached("compare", "a.json", "b.json"));
        assertEquals(List.of("list"), reached("list"));
        assertEquals(List.of("simulate"), reached("simulate", "--help"));
    }

    @Test
    void theVersionAloneNeedsNone() {
        assertEquals(List.of(), reached("--version"));
        assertEquals(List.of(), reached("-V"));
        assertEquals(ALL, reached("--version", "evaluate"));
    }

    @Test
    void everythingElseGetsAllInHelpOrder() {
        assertEquals(ALL, reached());
        assertEquals(ALL, reached("--help"));
        assertEquals(ALL, reached("help", "evaluate"));
        assertEquals(ALL, reached("generate-completion"));
        assertEquals(ALL, reached("-v", "evaluate", "--example"));
        assertEquals(ALL, reached("--plugins", "list", "list"));
        assertEquals(ALL, reached("evalute"));
    }

    @Test
    void optionsInheritedFromTheRootReachASubcommandAddedAlone() {
        CalibriskCommand root = new CalibriskCommand();
        CalibriskCommand.commandLine(root, new String[] {"list", "--plugins", "extra"}).parseArgs("list", "--plugins",
                "extra");
        assertEquals(List.of(Path.of("extra")), root.pluginFolders);
    }
}
