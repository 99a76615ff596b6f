package io.calibrisk.cli;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The help of every command reads as written: picocli wraps it at 80 columns with the JDK's line
 * breaker, which also breaks inside words at a dot or a parenthesis ("e.g." became "e." and "g." on two
 * lines, "sqrt(risk)" became "sqrt" and "(risk)"), so every word of the texts must come out whole.
 */
class HelpTextTest {

    private static final List<String> OURS = List.of("evaluate", "compare", "list", "simulate");
    private static final int WIDTH = 80;

    private static CommandLine root() {
        return CalibriskCommand.commandLine(new CalibriskCommand(), new String[] {"--help"});
    }

    private static String help(CommandLine line) {
        return line.getUsageMessage(CommandLine.Help.Ansi.OFF);
    }

    /** @return the help's words, each line break and the indentation after it read as one space */
    private static Set<String> words(String help) {
        return new HashSet<>(Arrays.asList(help.replaceAll("\\s*\\R\\s*", " ").trim().split(" +")));
    }

    /** @return the words of these texts that picocli prints as written (not its variables) */
    private static List<String> printedWords(String... texts) {
        List<String> words = new ArrayList<>();
        for (String text : texts) {
            for (String word : text.trim().split("\\s+")) {
                if (!word.isEmpty() && !word.contains("${")) {
                    words.add(word);
                }
            }
        }
        return words;
    }

    private static void assertWhole(String command, String help, List<String> expected) {
        Set<String> printed = words(help);
        for (String word : expected) {
            assertTrue(printed.contains(word), command + ": the word '" + word + "' is broken or missing in\n" + help);
        }
    }

    @Test
    void everyWordOfEveryDescriptionIsPrintedWhole() {
        CommandLine root = root();
        List<String> summaries = new ArrayList<>(printedWords(root.getCommandSpec().usageMessage().description()));
        for (String name : OURS) {
            CommandSpec spec = root.getSubcommands().get(name).getCommandSpec();
            summaries.addAll(printedWords(spec.usageMessage().description()[0]));
            List<String> expected = new ArrayList<>(printedWords(spec.usageMessage().description()));
            for (ArgSpec arg : spec.args()) {
                expected.addAll(printedWords(arg.description()));
            }
            assertWhole(name, help(root.getSubcommands().get(name)), expected);
        }
        assertWhole("calibrisk", help(root), summaries);
    }

    @Test
    void everyOptionIsShownWithItsNameAndLabelWhole() {
        CommandLine root = root();
        for (String name : OURS) {
            CommandLine line = root.getSubcommands().get(name);
            String flat = String.join(" ", words(help(line)));
            for (OptionSpec option : line.getCommandSpec().options()) {
                if (option.typeInfo().isBoolean()) {
                    continue;
                }
                String shown = option.longestName() + "=" + option.paramLabel();
                assertTrue(flat.contains(" " + shown), name + ": " + shown + " is not shown whole in\n" + help(line));
                assertFalse(option.paramLabel().startsWith("<"), name + " " + option.longestName()
                        + " has picocli's made-up label " + option.paramLabel() + "; give it one that says what it is");
            }
        }
    }

    @Test
    void linesFitTheWidthAndCommandsSummariseInOneSentence() {
        CommandLine root = root();
        List<String> texts = new ArrayList<>(List.of(help(root)));
        for (String name : OURS) {
            texts.add(help(root.getSubcommands().get(name)));
            String summary = root.getSubcommands().get(name).getCommandSpec().usageMessage().description()[0];
            assertTrue(summary.endsWith(".") && summary.indexOf(". ") < 0, name + "'s summary, the line the list of "
                    + "commands shows, is one sentence: " + summary);
        }
        for (String text : texts) {
            for (String line : text.split("\\R")) {
                assertTrue(line.length() <= WIDTH, "wider than " + WIDTH + ": " + line);
            }
        }
        assertEquals("Usage: calibrisk evaluate [OPTIONS]", help(root.getSubcommands().get("evaluate")).lines()
                .findFirst().orElseThrow());
        assertEquals("Usage: calibrisk compare [OPTIONS] [MODEL...]", help(root.getSubcommands().get("compare"))
                .lines().findFirst().orElseThrow());
    }
}
