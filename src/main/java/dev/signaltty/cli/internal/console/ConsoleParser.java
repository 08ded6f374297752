package dev.signaltty.cli.internal.console;

import java.util.List;

import org.springframework.shell.core.command.CommandArgument;
import org.springframework.shell.core.command.CommandParser;
import org.springframework.shell.core.command.CommandRegistry;
import org.springframework.shell.core.command.ParsedInput;

import dev.signaltty.cli.internal.CommandTable;
import dev.signaltty.cli.internal.Words;

/**
 * Replaces Spring Shell's parser, whose grammar takes every bare word after the command as a
 * sub-command. This one resolves the command name from the table ({@code noun verb} or {@code noun})
 * and hands every remaining word to the command untouched, so the table's own parser reads them
 * exactly as the one-shot CLI does. A line that names no command (a typo, a noun alone) goes whole to
 * {@link CliLineCommand} ({@code signaltty …}), which lets the CLI's parser answer it as in a shell: Spring Shell
 * printed its whole command list for {@code bogus} and an unordered verb list, with no "did you mean", for
 * {@code pane lst}.
 */
final class ConsoleParser implements CommandParser {

    private final CommandTable table;
    private final CommandRegistry registry;

    ConsoleParser(CommandTable table, CommandRegistry registry) {
        this.table = table;
        this.registry = registry;
    }

    @Override
    public ParsedInput parse(String input) {
        List<String> words = Words.split(input.strip());
        if (words.isEmpty()) {
            return ParsedInput.builder().commandName("").build();
        }
        ParsedInput.Builder builder = ParsedInput.builder().commandName(words.get(0));
        int rest = 1;
        if (words.size() >= 2 && table.find(words.get(0)) == null
                && table.find(words.get(0) + " " + words.get(1)) != null) {
            builder.addSubCommand(words.get(1));
            rest = 2;
        } else if (!known(words.get(0))) {
            builder = ParsedInput.builder().commandName(CliLineCommand.NAME);
            rest = 0;
        }
        for (int i = rest; i < words.size(); i++) {
            builder.addArgument(new CommandArgument(i - rest, words.get(i)));
        }
        return builder.build();
    }

    /** A command of one word: a table row ({@code ls}), {@code signaltty} or Spring Shell's own ({@code help}, {@code exit}). */
    private boolean known(String word) {
        return table.find(word) != null || registry.getCommandByName(word) != null
                || registry.getCommandByAlias(word) != null;
    }
}
