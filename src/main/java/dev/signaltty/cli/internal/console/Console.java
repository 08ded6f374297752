package dev.signaltty.cli.internal.console;

import java.util.LinkedHashMap;
import java.util.Map;

import org.jline.reader.LineReader;
import org.jline.terminal.Terminal;
import org.jline.utils.AttributedString;
import org.jline.utils.AttributedStyle;
import org.springframework.boot.Banner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.autoconfigure.context.PropertyPlaceholderAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.context.annotation.Bean;
import org.springframework.shell.core.autoconfigure.SpringShellAutoConfiguration;
import org.springframework.shell.core.command.CommandParser;
import org.springframework.shell.core.command.CommandRegistry;
import org.springframework.shell.jline.CommandCompleter;
import org.springframework.shell.jline.PromptProvider;

import dev.signaltty.cli.internal.CommandSpec;
import dev.signaltty.cli.internal.CommandTable;
import dev.signaltty.cli.internal.Runner;

/**
 * The interactive console: a small Spring context holding only Spring Shell's auto-configuration and
 * the commands of the shared {@link CommandTable}, registered programmatically. It is deliberately
 * not a {@code @Configuration}: the daemon's component scan of {@code dev.signaltty} must not pick it up.
 * Each console command runs through the same {@link Runner} as the one-shot CLI, on its own
 * connection to the daemon.
 */
@ImportAutoConfiguration({ PropertyPlaceholderAutoConfiguration.class, SpringShellAutoConfiguration.class })
public class Console {

    /** Runs the console until {@code exit}/{@code quit}/Ctrl-D; returns the exit status. */
    public static int run(Runner runner) {
        SpringApplication app = new SpringApplication(Console.class);
        app.setBannerMode(Banner.Mode.OFF);
        app.setWebApplicationType(WebApplicationType.NONE);
        app.setLogStartupInfo(false);
        app.setRegisterShutdownHook(false);
        Map<String, Object> props = new LinkedHashMap<>();
        props.put("spring.application.name", "signaltty");
        // The daemon's application.yml is not the console's: keep this context to its own settings.
        props.put("spring.config.name", "signaltty-console");
        props.put("spring.shell.history.name", runner.paths().stateDir().resolve("console-history").toString());
        props.put("spring.shell.interactive.enabled", "true");
        props.put("spring.shell.command.version.enabled", "false");
        props.put("spring.shell.command.script.enabled", "false");
        props.put("logging.level.root", "warn");
        props.put("logging.pattern.console", "%msg%n");
        app.setDefaultProperties(props);
        app.addInitializers(context -> context.getBeanFactory().registerSingleton("signalttyRunner", runner));
        try (ConfigurableApplicationContext ignored = app.run()) {
            return 0;
        } finally {
            dev.signaltty.cli.internal.view.OuterTerminal.lendConsoleTerminal(null);
        }
    }

    @Bean
    CommandTable commandTable() {
        return CommandTable.standard();
    }

    @Bean
    CommandParser commandParser(CommandTable table, CommandRegistry registry) {
        return new ConsoleParser(table, registry);
    }

    @Bean
    CommandCompleter commandCompleter(CommandRegistry registry, CommandTable table, Runner runner) {
        return new TableCompleter(registry, table, runner);
    }

    /**
     * Ctrl-C while a command runs cancels that command (its connections close; the daemon sees EOF)
     * instead of ending the console. While a line is being read, JLine handles Ctrl-C itself.
     */
    @Bean
    InterruptHandler interruptHandler(Terminal terminal) {
        terminal.handle(Terminal.Signal.INT, signal -> RunningCommand.cancel());
        // view and attach typed here draw on this terminal: JLine allows one system terminal per process
        dev.signaltty.cli.internal.view.OuterTerminal.lendConsoleTerminal(terminal);
        return new InterruptHandler();
    }

    /**
     * Ctrl-C at the prompt clears the line (as in bash) instead of ending the console, and Ctrl-D on
     * an empty line exits: Spring Shell lets JLine's UserInterruptException end the application.
     */
    @Bean
    static BeanPostProcessor promptInterrupts() {
        return new BeanPostProcessor() {
            @Override
            public Object postProcessAfterInitialization(Object bean, String beanName) {
                if (bean instanceof LineReader reader) {
                    // JLine's history expansion also strips every backslash before the parser sees the
                    // line: $'a\tb' would arrive as $'atb'. The console's words follow bash's quoting
                    // (Words), and "!" in text meant for a pane must stay "!".
                    reader.setOpt(LineReader.Option.DISABLE_EVENT_EXPANSION);
                    return PromptInterrupts.wrap(reader);
                }
                return bean;
            }
        };
    }

    /** Marker bean: the INT handler is installed. */
    static final class InterruptHandler {
    }

    @Bean
    PromptProvider promptProvider() {
        return () -> new AttributedString("signaltty> ", AttributedStyle.DEFAULT.foreground(AttributedStyle.CYAN));
    }

    /**
     * The registry with one console command per table row, registered programmatically (ARCHITECTURE:
     * no {@code @EnableCommand}). Replacing Shell's own registry bean also skips its annotation scan,
     * which needs a {@code @SpringBootApplication} bean this context deliberately lacks. Shell's
     * {@code Command} beans (help, clear, history) are added by the registry itself.
     */
    @Bean
    CommandRegistry commandRegistry(CommandTable table, Runner runner) {
        CommandRegistry registry = new CommandRegistry();
        for (CommandSpec spec : table.specs()) {
            if (spec.action() == CommandSpec.Action.CONSOLE || spec.action() == CommandSpec.Action.SERVER_RUN) {
                continue; // already in the console; the foreground daemon belongs to a shell
            }
            registry.registerCommand(new TableCommand(spec, runner));
        }
        registry.registerCommand(new CliLineCommand(runner));
        return registry;
    }
}
