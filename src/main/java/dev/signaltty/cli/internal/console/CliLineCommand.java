package dev.signaltty.cli.internal.console;

import java.util.ArrayList;
import java.util.List;

import org.springframework.shell.core.command.Command;
import org.springframework.shell.core.command.CommandArgument;
import org.springframework.shell.core.command.CommandContext;
import org.springframework.shell.core.command.ExitStatus;

import dev.signaltty.cli.internal.Runner;

/**
 * {@code signaltty <words…>}: the words go to the {@link Runner} as the one-shot CLI takes them. A line pasted from
 * the docs with its leading {@code signaltty} runs here, and {@link ConsoleParser} gives it every line that names
 * no command, whose parser answers with the CLI's usage error ({@code unknown command 'pane lst' (did you mean
 * 'list'?); verbs: …}), or with the noun's verbs for a noun alone ({@code pane}). Not hidden: Spring Shell's
 * registry finds no hidden command by name, and help lists it, which is true.
 */
final class CliLineCommand implements Command {

    static final String NAME = "signaltty";

    private final Runner runner;

    CliLineCommand(Runner runner) {
        this.runner = runner;
    }

    @Override
    public String getName() {
        return NAME;
    }

    @Override
    public String getDescription() {
        return "run a command line as the one-shot CLI does (signaltty pane list); a line naming no command goes here";
    }

    @Override
    public String getGroup() {
        return "signaltty";
    }

    @Override
    public ExitStatus execute(CommandContext context) {
        List<String> words = new ArrayList<>();
        for (CommandArgument argument : context.parsedInput().arguments()) {
            words.add(argument.value());
        }
        int status = RunningCommand.run(runner, words);
        System.out.flush();
        System.err.flush();
        return status == 0 ? ExitStatus.OK : new ExitStatus(0, ""); // the runner printed the error already
    }
}
