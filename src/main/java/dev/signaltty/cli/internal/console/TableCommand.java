package dev.signaltty.cli.internal.console;

import java.util.ArrayList;
import java.util.List;

import org.springframework.shell.core.command.Command;
import org.springframework.shell.core.command.CommandArgument;
import org.springframework.shell.core.command.CommandContext;
import org.springframework.shell.core.command.CommandOption;
import org.springframework.shell.core.command.ExitStatus;

import dev.signaltty.cli.internal.CommandSpec;
import dev.signaltty.cli.internal.Flag;
import dev.signaltty.cli.internal.Runner;

/** One table row as a Spring Shell command; it runs exactly like the one-shot CLI. */
final class TableCommand implements Command {

    private final CommandSpec spec;
    private final Runner runner;

    TableCommand(CommandSpec spec, Runner runner) {
        this.spec = spec;
        this.runner = runner;
    }

    CommandSpec spec() {
        return spec;
    }

    @Override
    public String getName() {
        return spec.name();
    }

    @Override
    public String getDescription() {
        return spec.summary();
    }

    @Override
    public String getHelp() {
        return spec.usage();
    }

    @Override
    public String getGroup() {
        return spec.words().get(0);
    }

    @Override
    public List<CommandOption> getOptions() {
        List<CommandOption> options = new ArrayList<>();
        for (Flag f : spec.flags()) {
            options.add(CommandOption.with().longName(f.name()).description(f.help())
                    .required(f.required()).type(f.takesValue() ? String.class : boolean.class).build());
        }
        return options;
    }

    @Override
    public ExitStatus execute(CommandContext context) {
        List<String> words = new ArrayList<>(spec.words());
        for (CommandArgument argument : context.parsedInput().arguments()) {
            words.add(argument.value());
        }
        int status = RunningCommand.run(runner, words);
        System.out.flush();
        System.err.flush();
        // The runner already printed the error as CODE: message; a second line from the shell adds nothing.
        return status == 0 ? ExitStatus.OK : new ExitStatus(0, "");
    }
}
